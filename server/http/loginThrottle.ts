/**
 * Failed-login throttle, in memory per node: after {@link MAX_FAILURES} failures for one user name from one
 * address within {@link WINDOW_MS}, further attempts are refused until the window has passed. Bounded to
 * {@link MAX_KEYS} entries (oldest dropped first), so a flood of made-up names cannot grow it.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;
const MAX_KEYS = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; firstMs: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private key(username: string, ip: string): string {
    return `${ip}\u0000${username.toLowerCase()}`;
  }

  /** True when this user name from this address may try to log in now. */
  allowed(username: string, ip: string): boolean {
    const k = this.key(username, ip);
    const entry = this.failures.get(k);
    if (!entry) return true;
    if (this.now() - entry.firstMs >= WINDOW_MS) {
      this.failures.delete(k);
      return true;
    }
    return entry.count < MAX_FAILURES;
  }

  /** Counts a failed attempt. */
  fail(username: string, ip: string): void {
    const k = this.key(username, ip);
    const nowMs = this.now();
    const entry = this.failures.get(k);
    if (entry && nowMs - entry.firstMs < WINDOW_MS) {
      entry.count++;
      return;
    }
    this.failures.delete(k);
    if (this.failures.size >= MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
    this.failures.set(k, { count: 1, firstMs: nowMs });
  }

  /** Forgets failures after a successful login. */
  succeed(username: string, ip: string): void {
    this.failures.delete(this.key(username, ip));
  }
}
