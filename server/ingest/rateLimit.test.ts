import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rateLimit';

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

  it('hasToken() looks without taking', () => {
    const b = new TokenBucket(1, 1, 0);
    expect([b.hasToken(0), b.hasToken(0), b.tryTake(0), b.hasToken(0)]).toEqual([true, true, true, false]);
    expect(b.hasToken(1_000)).toBe(true);
  });
});
