import { describe, expect, it } from 'vitest';
import { formatBeijing, formatLastSeen } from './time';

describe('formatBeijing', () => {
  it('shows UTC instants eight hours ahead, across midnight', () => {
    expect(formatBeijing(Date.UTC(2025, 0, 31, 16, 30, 5))).toBe('2025-02-01 00:30:05');
  });

  it('uses the given pattern', () => {
    expect(formatBeijing(Date.UTC(2025, 5, 1, 2, 3, 4), 'HH:mm')).toBe('10:03');
  });

  it('has no daylight saving: a summer and a winter instant both shift by 8 h', () => {
    expect(formatBeijing(Date.UTC(2025, 6, 1, 0, 0, 0), 'HH')).toBe('08');
    expect(formatBeijing(Date.UTC(2025, 11, 1, 0, 0, 0), 'HH')).toBe('08');
  });

  it('returns an empty string for missing times', () => {
    expect(formatBeijing(null)).toBe('');
    expect(formatBeijing(undefined)).toBe('');
    expect(formatBeijing(Number.NaN)).toBe('');
  });
});

describe('formatLastSeen', () => {
  it('drops the date for today (Beijing) and keeps it for earlier days', () => {
    const now = Date.UTC(2026, 10, 21, 15, 30, 0); // 23:30 Beijing, 21 Nov
    expect(formatLastSeen(Date.UTC(2026, 10, 21, 15, 29, 5), now)).toBe('23:29:05');
    // 20 Nov 23:59 Beijing is the previous day, even though it is under 24 h ago.
    expect(formatLastSeen(Date.UTC(2026, 10, 20, 15, 59, 0), now)).toBe('11-20 23:59');
    expect(formatLastSeen(null, now)).toBe('');
  });
});
