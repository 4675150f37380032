/**
 * A token bucket: `ratePerS` tokens a second, holding at most `burst`. Time is passed in (ms), so it is
 * pure and testable.
 */
export class TokenBucket {
  private tokens: number;

  constructor(
    private readonly ratePerS: number,
    private readonly burst: number,
    private lastMs: number,
  ) {
    this.tokens = burst;
  }

  private refill(nowMs: number): void {
    if (nowMs > this.lastMs) {
      this.tokens = Math.min(this.burst, this.tokens + ((nowMs - this.lastMs) * this.ratePerS) / 1_000);
      this.lastMs = nowMs;
    }
  }

  /** Takes a token if one is there. @returns whether it was taken */
  tryTake(nowMs: number): boolean {
    this.refill(nowMs);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /**
   * Takes a token, going into debt when none is left. @returns 0 when the token was there, otherwise the
   * ms to wait until it would have been (later callers wait longer: their order is kept).
   */
  reserve(nowMs: number): number {
    this.refill(nowMs);
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens * 1_000) / this.ratePerS);
  }

  /** Whether the bucket is full again (its owner is idle and it can be forgotten). */
  isFull(nowMs: number): boolean {
    this.refill(nowMs);
    return this.tokens >= this.burst;
  }
}

/** Addresses tracked at most by {@link AddressRateLimiter}; beyond it idle ones, then the oldest, are forgotten. */
export const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * Admits at most `perMinute` events a minute per key (a remote address), in bursts of up to `perMinute`.
 * Bounded: it tracks at most `maxKeys` keys.
 */
export class AddressRateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perMinute: number,
    private readonly maxKeys = MAX_TRACKED_ADDRESSES,
  ) {}

  /** @returns whether the event of `key` at `nowMs` is admitted */
  admit(key: string, nowMs: number): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.evict(nowMs);
      bucket = new TokenBucket(this.perMinute / 60, this.perMinute, nowMs);
      this.buckets.set(key, bucket);
    }
    return bucket.tryTake(nowMs);
  }

  /** Keys tracked now. */
  size(): number {
    return this.buckets.size;
  }

  private evict(nowMs: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(nowMs)) this.buckets.delete(key);
    while (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
  }
}
