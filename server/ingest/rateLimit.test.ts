import { describe, expect, it } from 'vitest';
import { AddressRateLimiter, TokenBucket } from './rateLimit';

describe('TokenBucket', () => {
  it('lets a burst through, then one token per 1/rate s', () => {
    const b = new TokenBucket(10, 3, 0);
    expect([b.tryTake(0), b.tryTake(0), b.tryTake(0), b.tryTake(0)]).toEqual([true, true, true, false]);
    expect(b.tryTake(99)).toBe(false);
    expect(b.tryTake(100)).toBe(true);
  });

  it('reserve() goes into debt and tells each caller how long to wait, in order', () => {
    const b = new TokenBucket(100, 2, 0);
    expect([b.reserve(0), b.reserve(0), b.reserve(0), b.reserve(0)]).toEqual([0, 0, 10, 20]);
    expect(b.reserve(1_000)).toBe(0); // refilled
    expect(b.isFull(1_000)).toBe(false);
    expect(b.isFull(2_000)).toBe(true);
  });
});

describe('AddressRateLimiter', () => {
  it('admits perMinute connections per address and refills over the minute', () => {
    const l = new AddressRateLimiter(3);
    expect([1, 2, 3, 4].map(() => l.admit('10.0.0.1', 0))).toEqual([true, true, true, false]);
    expect(l.admit('10.0.0.2', 0)).toBe(true); // other addresses are not affected
    expect(l.admit('10.0.0.1', 19_999)).toBe(false);
    expect(l.admit('10.0.0.1', 20_000)).toBe(true);
  });

  it('tracks a bounded number of addresses, forgetting idle ones first', () => {
    const l = new AddressRateLimiter(2, 3);
    l.admit('a', 0);
    l.admit('a', 0);
    for (const k of ['b', 'c', 'd', 'e']) l.admit(k, 0);
    expect(l.size()).toBeLessThanOrEqual(3);
    expect(l.admit('e', 0)).toBe(true);
  });
});
