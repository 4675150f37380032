import { MAX_TRACKED_ADDRESSES, TokenBucket } from './rateLimit';

/** Budgets of a {@link ConnectionGate}, per remote address (docs/operations.md "A site behind NAT"). */
export interface ConnectionGateLimits {
  /**
   * Connection attempts that fail per minute, in bursts of as many (MQTT_CONNECTIONS_PER_MINUTE): bad
   * credentials, or closed before a login. Once spent, new connections are closed at once. It is also the
   * most connections one address may have waiting for their login at the same time.
   */
  failuresPerMinute: number;
  /**
   * Connections that log in with valid device credentials per minute, in bursts of as many
   * (MQTT_DEVICE_CONNECTIONS_PER_MINUTE): a whole site behind one NAT reconnecting after a power cut.
   */
  loginsPerMinute: number;
}

/** One admitted connection; settle it once, with {@link ConnectionGate.settle}. */
export interface ConnectionAttempt {
  readonly address: string;
  settled: boolean;
}

interface AddressState {
  failures: TokenBucket;
  logins: TokenBucket;
  /** Admitted connections not settled yet (waiting for their CONNECT and its login). */
  pending: number;
}

/**
 * The per-address connection limit of the embedded broker, telling a storm of known devices from an attack:
 * a connection is let in while its address has failure budget left and fewer than `failuresPerMinute`
 * connections waiting for their login; a failed attempt (bad credentials, or closed before logging in)
 * spends failure budget, a successful login spends the much larger login budget instead. So 300 devices of
 * one site behind NAT reconnect at once, while a guesser or a flood of idle sockets from an address is shut
 * out after `failuresPerMinute` attempts. Pure: time is passed in (ms). Bounded: at most `maxKeys`
 * addresses are tracked, idle ones forgotten first, then the oldest.
 */
export class ConnectionGate {
  private readonly addresses = new Map<string, AddressState>();

  constructor(
    private readonly limits: ConnectionGateLimits,
    private readonly maxKeys = MAX_TRACKED_ADDRESSES,
  ) {}

  /** A new connection from `address` at `nowMs`. @returns its attempt, or null when it must be closed now */
  open(address: string, nowMs: number): ConnectionAttempt | null {
    let state = this.addresses.get(address);
    if (!state) {
      if (this.addresses.size >= this.maxKeys) this.evict(nowMs);
      const { failuresPerMinute, loginsPerMinute } = this.limits;
      state = {
        failures: new TokenBucket(failuresPerMinute / 60, failuresPerMinute, nowMs),
        logins: new TokenBucket(loginsPerMinute / 60, loginsPerMinute, nowMs),
        pending: 0,
      };
      this.addresses.set(address, state);
    }
    if (state.pending >= this.limits.failuresPerMinute || !state.failures.hasToken(nowMs)) return null;
    state.pending++;
    return { address, settled: false };
  }

  /**
   * Settles an attempt (idempotent: only the first call counts). `loggedIn`: its CONNECT carried valid
   * device credentials. @returns false when it must be refused: it failed, or its address spent its login
   * budget (then it counts as a failure too)
   */
  settle(attempt: ConnectionAttempt, loggedIn: boolean, nowMs: number): boolean {
    if (attempt.settled) return false;
    attempt.settled = true;
    const state = this.addresses.get(attempt.address);
    if (!state) return loggedIn; // forgotten under the address bound: nothing left to count against
    state.pending = Math.max(0, state.pending - 1);
    if (loggedIn && state.logins.tryTake(nowMs)) return true;
    state.failures.tryTake(nowMs);
    return false;
  }

  /** Addresses tracked now. */
  size(): number {
    return this.addresses.size;
  }

  private evict(nowMs: number): void {
    for (const [key, s] of this.addresses) if (s.pending === 0 && s.failures.isFull(nowMs) && s.logins.isFull(nowMs)) this.addresses.delete(key);
    while (this.addresses.size >= this.maxKeys) this.addresses.delete(this.addresses.keys().next().value!);
  }
}
