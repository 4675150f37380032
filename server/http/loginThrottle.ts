/**
 * Failed-login throttle, in memory per node (docs/configuration.md "Login throttle"). Two limits:
 *
 * - per user name AND client address: {@link MAX_FAILURES} attempts are free; after that each further
 *   attempt must wait a back-off that doubles from {@link BACKOFF_BASE_MS} up to {@link BACKOFF_MAX_MS}
 *   after the last failure. It is never a hard lock, and it is per address: a guesser at one address never
 *   slows the same user at another (set TRUST_PROXY behind a reverse proxy, or every client shares the
 *   proxy's address).
 * - per client address over all user names: {@link MAX_ADDRESS_FAILURES} failures within
 *   {@link WINDOW_MS} refuse that address (password spraying across many names).
 * - a browser that presents a valid device cookie for the user name (server/http/deviceCookie.ts: it
 *   logged in as that user before) is counted in a bucket of its own instead of the two above, with the
 *   same free attempts and back-off, so guessers elsewhere, even at the same address, never slow it.
 *
 * An attempt is RESERVED before the password is hashed ({@link LoginThrottle.begin}); only failures
 * count, but failures plus attempts still running may not exceed a limit, so parallel guesses cannot
 * exceed it either: with 150 simultaneous wrong passwords only the free attempts are checked. The others
 * wait ({@link LoginThrottle.acquire}) for a running one to settle and are checked again: after failures
 * they are refused, after successful logins (wall screens sharing an account after a power cut) they go on.
 * Failures are forgotten {@link WINDOW_MS} after the last one, or on a successful login.
 * Bounded to {@link MAX_KEYS} entries per table (oldest dropped first).
 */
export const MAX_FAILURES = 5;
/** Back-off after the free attempts: 30 s, 60 s, 120 s, … */
export const BACKOFF_BASE_MS = 30_000;
/** Longest back-off: a user is never locked out for longer than this after a guess from their address. */
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Failures from one address over all names before that address is refused. */
export const MAX_ADDRESS_FAILURES = 100;
/** Failures are forgotten this long after the last one. */
export const WINDOW_MS = 15 * 60_000;
const MAX_KEYS = 10_000;
/** Longest wait of {@link LoginThrottle.acquire} for running attempts to settle before it refuses. */
export const MAX_WAIT_MS = 10_000;
/** Logins waiting in {@link LoginThrottle.acquire} at most (of every user); beyond, refused at once. */
export const MAX_WAITING = 1_000;

interface Entry {
  /** Failed attempts. */
  failures: number;
  /** Attempts running now (reserved, not yet settled). */
  running: number;
  lastMs: number;
}

/** A reserved attempt: settle it exactly once with {@link LoginThrottle.succeed} or {@link LoginThrottle.fail}. */
export interface LoginAttempt {
  readonly userKey: string;
  readonly addressKey: string;
  settled: boolean;
}

/**
 * Why an attempt was refused and when the next one may come (ms since epoch). `busy`: only because attempts
 * are running now; it may go on once they settle as successes ({@link LoginThrottle.acquire} waits for that).
 */
export interface LoginRefusal {
  retryAtMs: number;
  busy?: boolean;
}

export class LoginThrottle {
  private readonly users = new Map<string, Entry>();
  private readonly addresses = new Map<string, Entry>();
  /** Wakers of the logins waiting in {@link acquire}: called on every settled attempt. */
  private readonly waiting = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Reserves an attempt for `username` from `ip`, before the password is checked. With `deviceId` (a
   * verified device cookie for this user name) the attempt counts in that device's bucket instead.
   * @returns the attempt, or a refusal saying when to retry.
   */
  begin(username: string, ip: string, deviceId: string | null = null): LoginAttempt | LoginRefusal {
    const nowMs = this.now();
    const userKey = deviceId ? `device\u0000${deviceId}\u0000${username.toLowerCase()}` : `${ip}\u0000${username.toLowerCase()}`;
    const addressKey = deviceId ? `device\u0000${deviceId}` : ip;
    const user = this.current(this.users, userKey, nowMs);
    const address = this.current(this.addresses, addressKey, nowMs);
    if (address && address.failures >= MAX_ADDRESS_FAILURES) return { retryAtMs: address.lastMs + WINDOW_MS };
    if (user && user.failures >= MAX_FAILURES) {
      // Back-off phase: one attempt at a time, and only once the wait since the last failure has passed.
      const retryAtMs = user.lastMs + backoffMs(user.failures);
      if (user.running > 0 || nowMs < retryAtMs) return { retryAtMs: Math.max(retryAtMs, nowMs + 1000) };
    } else if ((user && user.failures + user.running >= MAX_FAILURES) || (address && address.failures + address.running >= MAX_ADDRESS_FAILURES)) {
      return { retryAtMs: nowMs + 1000, busy: true };
    }
    for (const [map, key] of [
      [this.users, userKey],
      [this.addresses, addressKey],
    ] as const) {
      const entry = this.current(map, key, nowMs) ?? this.insert(map, key, nowMs);
      entry.running++;
      entry.lastMs = nowMs;
    }
    return { userKey, addressKey, settled: false };
  }

  /**
   * {@link begin}, waiting while it is refused only because attempts are running (`busy`): each settled
   * attempt wakes it to check again, for at most `maxWaitMs`. @returns the attempt, or a refusal
   */
  async acquire(username: string, ip: string, deviceId: string | null = null, maxWaitMs = MAX_WAIT_MS): Promise<LoginAttempt | LoginRefusal> {
    const deadline = this.now() + maxWaitMs;
    for (;;) {
      const r = this.begin(username, ip, deviceId);
      if (!isRefusal(r) || !r.busy) return r;
      const left = deadline - this.now();
      if (left <= 0 || this.waiting.size >= MAX_WAITING) return { retryAtMs: r.retryAtMs };
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
  }

  /** Wakes every waiting login to check again (an attempt settled). */
  private wakeWaiting(): void {
    for (const wake of [...this.waiting]) wake();
  }

  /** Settles a failed attempt: it stays counted. */
  fail(attempt: LoginAttempt): void {
    if (attempt.settled) return;
    attempt.settled = true;
    const nowMs = this.now();
    for (const [map, key] of [
      [this.users, attempt.userKey],
      [this.addresses, attempt.addressKey],
    ] as const) {
      const entry = map.get(key);
      if (!entry) continue;
      entry.running = Math.max(0, entry.running - 1);
      entry.failures++;
      entry.lastMs = nowMs;
    }
    this.wakeWaiting();
  }

  /** Settles a successful attempt: that user's failures from that address are forgotten. */
  succeed(attempt: LoginAttempt): void {
    if (attempt.settled) return;
    attempt.settled = true;
    const user = this.users.get(attempt.userKey);
    if (user) {
      user.running = Math.max(0, user.running - 1);
      user.failures = 0;
      if (user.running === 0) this.users.delete(attempt.userKey);
    }
    const address = this.addresses.get(attempt.addressKey);
    if (address) address.running = Math.max(0, address.running - 1);
    this.wakeWaiting();
  }

  private current(map: Map<string, Entry>, key: string, nowMs: number): Entry | undefined {
    const entry = map.get(key);
    if (entry && entry.running === 0 && nowMs - entry.lastMs >= WINDOW_MS) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private insert(map: Map<string, Entry>, key: string, nowMs: number): Entry {
    if (map.size >= MAX_KEYS) map.delete(map.keys().next().value as string);
    const entry: Entry = { failures: 0, running: 0, lastMs: nowMs };
    map.set(key, entry);
    return entry;
  }
}

/** True when `r` is a refusal rather than a reserved attempt. */
export function isRefusal(r: LoginAttempt | LoginRefusal): r is LoginRefusal {
  return 'retryAtMs' in r;
}

/** Wait after `failures` failures (≥ MAX_FAILURES): 30 s doubling, capped at BACKOFF_MAX_MS. */
export function backoffMs(failures: number): number {
  const steps = Math.max(0, failures - MAX_FAILURES);
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(steps, 20));
}
