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

  /** Whether a token is there now, without taking it. */
  hasToken(nowMs: number): boolean {
    this.refill(nowMs);
    return this.tokens >= 1;
  }

  /** Whether the bucket is full again (its owner is idle and it can be forgotten). */
  isFull(nowMs: number): boolean {
    this.refill(nowMs);
    return this.tokens >= this.burst;
  }
}

/** Remote addresses tracked at most by the broker's connection gate (server/ingest/connectionGate.ts). */
export const MAX_TRACKED_ADDRESSES = 10_000;
