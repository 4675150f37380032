import { describe, expect, it } from 'vitest';
import { deriveStatus, isSilent } from './status';

describe('isSilent (offline after 3 reporting periods)', () => {
  const seenAt = 1_000_000;
  it('is false within 3 periods and true beyond', () => {
    expect(isSilent(seenAt, 10, seenAt + 30_000)).toBe(false);
    expect(isSilent(seenAt, 10, seenAt + 30_001)).toBe(true);
  });
  it('never applies to event-driven devices (period 0) or devices never seen', () => {
    expect(isSilent(seenAt, 0, seenAt + 365 * 86_400_000)).toBe(false);
    expect(isSilent(null, 10, seenAt)).toBe(false);
  });
});

describe('deriveStatus precedence alarm > violation > warning > online > offline > unknown', () => {
  const base = { seen: true, offline: false, levels: [] as Array<'normal' | 'warning' | 'alarm'>, violation: false };
  it('is unknown until the first message, whatever else holds', () => {
    expect(deriveStatus({ ...base, seen: false, levels: ['alarm'] })).toBe('unknown');
  });
  it('is online, or offline when silent', () => {
    expect(deriveStatus(base)).toBe('online');
    expect(deriveStatus({ ...base, offline: true })).toBe('offline');
  });
  it('warning beats online and offline', () => {
    expect(deriveStatus({ ...base, levels: ['normal', 'warning'] })).toBe('warning');
    expect(deriveStatus({ ...base, offline: true, levels: ['warning'] })).toBe('warning');
  });
  it('violation beats warning; alarm beats violation', () => {
    expect(deriveStatus({ ...base, levels: ['warning'], violation: true })).toBe('violation');
    expect(deriveStatus({ ...base, levels: ['warning', 'alarm'], violation: true })).toBe('alarm');
  });
});
