import { describe, expect, it } from 'vitest';
import { effectiveState, INVITATION_TTL_MS } from './tenancy';

describe('expiry of invitations and transfer requests', () => {
  const sentMs = Date.UTC(2026, 10, 2, 8, 0);
  const expiresAtMs = sentMs + INVITATION_TTL_MS;

  it('keeps a pending invitation open until its expiry, and expired from that instant on', () => {
    expect(effectiveState('pending', expiresAtMs, sentMs)).toBe('pending');
    expect(effectiveState('pending', expiresAtMs, expiresAtMs - 1)).toBe('pending');
    expect(effectiveState('pending', expiresAtMs, expiresAtMs)).toBe('expired');
  });

  it('keeps how a decided one ended, before and after its expiry', () => {
    for (const state of ['accepted', 'declined', 'withdrawn', 'approved', 'refused']) {
      expect(effectiveState(state, expiresAtMs, sentMs)).toBe(state);
      expect(effectiveState(state, expiresAtMs, expiresAtMs + 1)).toBe(state);
    }
  });
});
