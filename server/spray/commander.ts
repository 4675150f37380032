import { randomUUID } from 'node:crypto';
import { commandTopic, type CommandRecord, type CommandSource, type SprayAction, type SprayCommand } from '../../protocol';

/**
 * The server's downlink to devices (docs/device-protocol.md "Commands"): publishes one MQTT message at
 * QoS 1 through the broker the server runs (the embedded aedes, or its client of MQTT_URL). Rejects when
 * the broker did not take it.
 */
export interface Downlink {
  publish(topic: string, payload: string): Promise<void>;
}

/**
 * Retries of an unacknowledged command: the first answer is awaited `ackTimeoutMs`, each retry twice as
 * long as the one before, and after `maxAttempts` sends the command is given up (`unacknowledged`).
 */
export interface RetryPolicy {
  ackTimeoutMs: number;
  maxAttempts: number;
}

/**
 * Defaults (SPRAY_ACK_TIMEOUT_S, SPRAY_MAX_ATTEMPTS): 15 s for an answer (a fog cannon on a 4G link answers within seconds; its own report period is
 * longer), 4 sends (15, 30, 60 and 120 s apart: about 4 minutes before giving up, under the linkage's hold).
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { ackTimeoutMs: 15_000, maxAttempts: 4 };

/** A device a command is for. */
export interface CommandTarget {
  projectId: string;
  kind: string;
  sn: string;
}

/** What happened to a command, for the audit log and the device's state: sent (or sent again), answered or given up. */
export interface CommandEvent {
  target: CommandTarget;
  record: CommandRecord;
  /** `sent`: published (attempt `record.attempts`); `answered`: acknowledged or refused; `given-up`, `superseded`. */
  what: 'sent' | 'answered' | 'given-up' | 'superseded';
  /** Set when the broker did not take a publication (it is retried like an unanswered one). */
  error?: string;
}

interface Pending {
  target: CommandTarget;
  record: CommandRecord;
  command: SprayCommand;
  /** When to send again, or give up (ms). */
  dueMs: number;
}

function keyOf(t: { projectId: string; sn: string }): string {
  return `${t.projectId}\u0000${t.sn}`;
}

/**
 * Commands on their way to devices, bounded: at most one pending per device (a new command supersedes
 * the one still waiting for its answer), each sent at most `maxAttempts` times. Time is passed in;
 * `tick` is called about once a second. Every send, answer, give-up and supersession is handed to
 * `onEvent` (the spray service audits and stores it).
 */
export class Commander {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly downlink: Downlink,
    private readonly onEvent: (e: CommandEvent) => void,
    private readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    private readonly newId: () => string = randomUUID,
  ) {}

  /** Commands waiting for their answer now. */
  get size(): number {
    return this.pending.size;
  }

  /** The command device `sn` of `projectId` is waiting to answer, if any. */
  pendingOf(projectId: string, sn: string): CommandRecord | undefined {
    return this.pending.get(keyOf({ projectId, sn }))?.record;
  }

  /**
   * Sends `action` to the device now (asked by `source`, `by` a user name or `linkage`).
   * @returns the new command's record (`pending`)
   */
  send(target: CommandTarget, action: SprayAction, source: CommandSource, by: string, nowMs: number): CommandRecord {
    const record: CommandRecord = { commandId: this.newId(), action, source, by, sentAtMs: nowMs, attempts: 0, result: 'pending', answeredAtMs: null };
    this.track(target, record, nowMs);
    return record;
  }

  /** Takes up again a command that was pending when the server stopped: sent again now, its attempts counting on. */
  resume(target: CommandTarget, record: CommandRecord, nowMs: number): void {
    if (record.result !== 'pending') return;
    this.track(target, { ...record }, nowMs);
  }

  private track(target: CommandTarget, record: CommandRecord, nowMs: number): void {
    const key = keyOf(target);
    const previous = this.pending.get(key);
    if (previous) {
      this.pending.delete(key);
      previous.record.result = 'superseded';
      previous.record.answeredAtMs = nowMs;
      this.onEvent({ target: previous.target, record: previous.record, what: 'superseded' });
    }
    const command: SprayCommand = { commandId: record.commandId, action: record.action, source: record.source, ts: nowMs };
    const p: Pending = { target, record, command, dueMs: nowMs };
    this.pending.set(key, p);
    this.attempt(p, nowMs);
  }

  /**
   * A device's answer to command `commandId` (`ok`: carried out). An answer to a command that is not the
   * device's pending one (late, superseded, unknown) changes nothing.
   * @returns the answered record, or null
   */
  answer(projectId: string, sn: string, commandId: string, ok: boolean, nowMs: number): CommandRecord | null {
    const key = keyOf({ projectId, sn });
    const p = this.pending.get(key);
    if (!p || p.record.commandId !== commandId) return null;
    this.pending.delete(key);
    p.record.result = ok ? 'acked' : 'refused';
    p.record.answeredAtMs = nowMs;
    this.onEvent({ target: p.target, record: p.record, what: 'answered' });
    return p.record;
  }

  /** Sends again the commands whose answer is overdue, and gives up those sent `maxAttempts` times. */
  tick(nowMs: number): void {
    for (const [key, p] of this.pending) {
      if (nowMs < p.dueMs) continue;
      if (p.record.attempts >= this.policy.maxAttempts) {
        this.pending.delete(key);
        p.record.result = 'unacknowledged';
        p.record.answeredAtMs = nowMs;
        this.onEvent({ target: p.target, record: p.record, what: 'given-up' });
        continue;
      }
      this.attempt(p, nowMs);
    }
  }

  /** Forgets the pending command of a device (removed, or no longer a command target). */
  forget(projectId: string, sn: string): void {
    this.pending.delete(keyOf({ projectId, sn }));
  }

  /** Publishes one attempt; the next is due after the attempt's back-off (ackTimeoutMs × 2^(attempt − 1)). */
  private attempt(p: Pending, nowMs: number): void {
    p.record.attempts++;
    p.dueMs = nowMs + this.policy.ackTimeoutMs * 2 ** (p.record.attempts - 1);
    const topic = commandTopic(p.target.projectId, p.target.kind, p.target.sn);
    const sentAttempt = p.record.attempts;
    this.downlink.publish(topic, JSON.stringify(p.command)).then(
      () => this.onEvent({ target: p.target, record: { ...p.record, attempts: sentAttempt }, what: 'sent' }),
      (err: unknown) => this.onEvent({ target: p.target, record: { ...p.record, attempts: sentAttempt }, what: 'sent', error: err instanceof Error ? err.message : String(err) }),
    );
  }
}
