import { Observable, share, Subject, throwError, timer, type Subscriber, type Subscription } from 'rxjs';
import {
  decodeTelemetryFrame,
  roomOf,
  subscribeMessage,
  TERMINAL_REFUSALS,
  type Alarm,
  type DeviceStatusBatch,
  type LiveTopic,
  type SubscribeAck,
  type SubscribeMessage,
  type SubscribeRefusal,
  type TelemetryBatch,
  type TelemetryFrame,
} from '../protocol';
import type { LiveConnection, LiveSocket } from './connection';
import { isAlarm, isDeviceStatusBatch } from './guards';

/** How long a topic stays subscribed after its last subscriber left (ms), so route changes don't churn. */
export const DEFAULT_GRACE_MS = 5000;
/** How long to wait for the server's ack of topic.subscribe before sending it again (ms). */
export const SUBSCRIBE_ACK_TIMEOUT_MS = 10_000;
/** First wait before asking again after a transient refusal (ms); doubles per attempt, ±50 % jitter. */
export const SUBSCRIBE_RETRY_MS = 1000;
/** Longest wait between retries of a transiently refused subscribe (ms). */
export const SUBSCRIBE_RETRY_MAX_MS = 30_000;
/** Most distinct topics whose shared observable is kept; unused ones beyond it are forgotten. */
export const MAX_TOPICS = 1000;

/**
 * The server refused a topic subscription for good (protocol/socket.ts TERMINAL_REFUSALS: not a member,
 * no session, an invalid request); `message` is the server's, `code` its refusal code.
 */
export class TopicRefusedError extends Error {
  constructor(
    readonly projectId: string,
    readonly topic: LiveTopic,
    message: string,
    readonly code: SubscribeRefusal = 'FORBIDDEN',
  ) {
    super(message);
    this.name = 'TopicRefusedError';
  }
}

/** The one server subscription of a topic while its shared observable is connected. */
interface Entry {
  key: string;
  msg: SubscribeMessage;
  /** The shared source's subscriber: frames go here, a terminal refusal errors it. */
  out: Subscriber<unknown>;
  /** Counts subscribe sends, so an ack of a superseded send is ignored. */
  sent: number;
  /** Transient refusals in a row (back-off exponent); 0 after an accepted subscribe. */
  attempt: number;
  retry: ReturnType<typeof setTimeout> | null;
  closed: boolean;
  /** Refused for good: the server holds no room to leave. */
  refused: boolean;
}

/** The refusal code of a negative ack: its `code`, or the prefix of `error` from a server that sends none. */
export function refusalOf(ack: unknown): { code: SubscribeRefusal; message: string } {
  const a = typeof ack === 'object' && ack !== null ? (ack as { code?: unknown; error?: unknown }) : {};
  const message = typeof a.error === 'string' ? a.error : 'subscription refused';
  const known: SubscribeRefusal[] = ['VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'UNAVAILABLE', 'INTERNAL'];
  const code = typeof a.code === 'string' && (known as string[]).includes(a.code) ? (a.code as SubscribeRefusal) : known.find((k) => message.startsWith(k)) ?? 'INTERNAL';
  return { code, message };
}

/**
 * One shared Observable per (projectId, topic), and the only reference count of topics in the browser:
 * RxJS `share` with a grace timer (`resetOnRefCountZero: () => timer(graceMs)`). The first subscriber
 * makes the hub send topic.subscribe; when the last one leaves, topic.unsubscribe follows after the
 * grace period (default 5000 ms, so route changes don't churn). On every (re)connect all connected topics
 * are subscribed again, because the server forgets rooms with the old socket. Subscribes are only sent
 * while connected; socket.io's offline send buffer would otherwise replay them next to the resubscription.
 *
 * Refusals (protocol/socket.ts SubscribeAck `code`):
 * - terminal (`FORBIDDEN`, `UNAUTHENTICATED`, `VALIDATION`): the observable errors with TopicRefusedError
 *   for every holder and is not retried (a later subscription asks the server again);
 * - transient (`UNAVAILABLE`, `INTERNAL`, or no ack within the timeout): asked again with exponential
 *   back-off (SUBSCRIBE_RETRY_MS doubling to SUBSCRIBE_RETRY_MAX_MS, ±50 % jitter); holders see nothing.
 * An invalid projectId errors at once with the schema's message. Incoming frames that do not have the
 * shape of protocol/socket.ts are dropped (see guards.ts; binary telemetry frames that do not decode,
 * protocol/telemetryFrame.ts, are counted in `droppedFrames`). `telemetryFrames$` sees every telemetry
 * frame routed to a held topic without holding one (the single consumer that feeds the worker).
 *
 * Bounded: one connected entry per topic that has holders or is within its grace period; at most
 * MAX_TOPICS shared observables remembered.
 */
export class TopicHub {
  private readonly socket: LiveSocket;
  private readonly graceMs: number;
  private readonly ackTimeoutMs: number;
  private readonly retryMs: number;
  private readonly entries = new Map<string, Entry>();
  private readonly shared = new Map<string, Observable<unknown>>();
  private readonly frames = new Subject<TelemetryFrame>();
  private readonly joined = new Subject<string>();
  /** Binary telemetry frames that did not decode (malformed), since construction. */
  droppedFrames = 0;
  private connected = false;
  private disposed = false;
  private readonly connectedSub: Subscription;

  /** Every telemetry frame delivered to a held topic, whichever project; holds nothing itself. */
  readonly telemetryFrames$: Observable<TelemetryFrame> = this.frames.asObservable();

  /**
   * The room (`projectId:topic`, roomOf) of every subscribe the server accepted: after the first connect
   * and after each reconnect. From then on the topic's events reach this page; whatever changed before
   * must be read over REST (AlarmStore.catchUp), or an alarm raised between the page's REST load and the
   * join would never show.
   */
  readonly joined$: Observable<string> = this.joined.asObservable();

  /**
   * @param opts.graceMs delay before an unused topic is unsubscribed (default DEFAULT_GRACE_MS).
   * @param opts.ackTimeoutMs wait for a subscribe ack before asking again (default SUBSCRIBE_ACK_TIMEOUT_MS).
   * @param opts.retryMs first back-off after a transient refusal (default SUBSCRIBE_RETRY_MS).
   */
  constructor(conn: LiveConnection, opts?: { graceMs?: number; ackTimeoutMs?: number; retryMs?: number }) {
    this.socket = conn.socket;
    this.graceMs = Math.max(0, opts?.graceMs ?? DEFAULT_GRACE_MS);
    this.ackTimeoutMs = Math.max(1, opts?.ackTimeoutMs ?? SUBSCRIBE_ACK_TIMEOUT_MS);
    this.retryMs = Math.max(1, opts?.retryMs ?? SUBSCRIBE_RETRY_MS);
    this.socket.on('telemetry.frame', this.onTelemetry);
    this.socket.on('device.status', this.onDeviceStatus);
    this.socket.on('alarm.changed', this.onAlarm);
    this.connectedSub = conn.connected$.subscribe((c) => {
      this.connected = c;
      if (!c) return;
      for (const entry of this.entries.values()) {
        this.clearRetry(entry);
        entry.attempt = 0;
        this.sendSubscribe(entry);
      }
    });
  }

  /** Telemetry frames of one kind in a project (decoded columns), one emission per gateway tick. */
  telemetry$(projectId: string, topic: TelemetryBatch['topic']): Observable<TelemetryFrame> {
    return this.topic$<TelemetryFrame>(projectId, topic);
  }

  /** Device status changes in a project, batched per gateway tick. */
  deviceStatus$(projectId: string): Observable<DeviceStatusBatch> {
    return this.topic$<DeviceStatusBatch>(projectId, 'deviceStatus');
  }

  /** Alarms raised, cleared or handled in a project, one emission per alarm. */
  alarms$(projectId: string): Observable<Alarm> {
    return this.topic$<Alarm>(projectId, 'alarm');
  }

  /** Topics currently subscribed, as `projectId:topic` (including those within their grace period). */
  activeTopics(): string[] {
    return [...this.entries.keys()];
  }

  /** Unsubscribes every topic, completes every observable and detaches from the socket. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.socket.off('telemetry.frame', this.onTelemetry);
    this.socket.off('device.status', this.onDeviceStatus);
    this.socket.off('alarm.changed', this.onAlarm);
    // Completing a source resets its share: the teardown below sends the unsubscribe.
    for (const entry of [...this.entries.values()]) entry.out.complete();
    this.entries.clear();
    this.shared.clear();
    this.connectedSub.unsubscribe();
    this.frames.complete();
    this.joined.complete();
  }

  private topic$<T>(projectId: string, topic: LiveTopic): Observable<T> {
    if (this.disposed) return new Observable<T>((s) => s.complete());
    const parsed = subscribeMessage.safeParse({ projectId, topic });
    if (!parsed.success) {
      return throwError(() => new TypeError(`invalid topic ${projectId}:${topic}: ${parsed.error.issues[0].message}`));
    }
    const msg = parsed.data;
    const key = roomOf(msg.projectId, msg.topic);
    let shared = this.shared.get(key);
    if (!shared) {
      if (this.shared.size >= MAX_TOPICS) {
        for (const k of this.shared.keys()) if (!this.entries.has(k)) this.shared.delete(k);
      }
      shared = new Observable<unknown>((out) => this.connect(key, msg, out)).pipe(
        share({
          connector: () => new Subject<unknown>(),
          resetOnError: true,
          resetOnComplete: true,
          resetOnRefCountZero: this.graceMs === 0 ? true : () => timer(this.graceMs),
        }),
      );
      this.shared.set(key, shared);
    }
    return shared as Observable<T>;
  }

  /** The shared source of one topic: registers it, subscribes on the server, and undoes both on teardown. */
  private connect(key: string, msg: SubscribeMessage, out: Subscriber<unknown>): () => void {
    if (this.disposed) {
      out.complete();
      return () => {};
    }
    const entry: Entry = { key, msg, out, sent: 0, attempt: 0, retry: null, closed: false, refused: false };
    this.entries.set(key, entry);
    this.sendSubscribe(entry);
    return () => {
      entry.closed = true;
      this.clearRetry(entry);
      if (this.entries.get(key) === entry) this.entries.delete(key);
      if (!entry.refused) this.sendUnsubscribe(entry);
    };
  }

  private clearRetry(entry: Entry): void {
    if (entry.retry !== null) clearTimeout(entry.retry);
    entry.retry = null;
  }

  private sendSubscribe(entry: Entry): void {
    if (!this.connected || entry.closed) return;
    const sent = ++entry.sent;
    this.socket.timeout(this.ackTimeoutMs).emit('topic.subscribe', entry.msg, (err: Error | null, ack: SubscribeAck) => {
      if (entry.closed || entry.sent !== sent) return;
      // No ack: a disconnect (the reconnect resubscribes) or a server that stalled (ask again).
      if (err) {
        if (this.connected) this.sendSubscribe(entry);
        return;
      }
      if (typeof ack === 'object' && ack !== null && ack.ok === true) {
        entry.attempt = 0;
        this.joined.next(entry.key);
        return;
      }
      const { code, message } = refusalOf(ack);
      if (TERMINAL_REFUSALS.has(code)) {
        entry.refused = true;
        entry.out.error(new TopicRefusedError(entry.msg.projectId, entry.msg.topic, message, code));
        return;
      }
      // Transient (the server could not check or join right now): ask again later, holders keep waiting.
      const delay = Math.min(SUBSCRIBE_RETRY_MAX_MS, this.retryMs * 2 ** entry.attempt) * (0.5 + Math.random());
      entry.attempt = Math.min(entry.attempt + 1, 30);
      this.clearRetry(entry);
      entry.retry = setTimeout(() => {
        entry.retry = null;
        this.sendSubscribe(entry);
      }, delay);
    });
  }

  private sendUnsubscribe(entry: Entry): void {
    // The server forgets rooms with a dropped socket, so there is nothing to undo while disconnected.
    if (!this.connected) return;
    this.socket.timeout(this.ackTimeoutMs).emit('topic.unsubscribe', entry.msg, () => {});
  }

  private readonly onTelemetry = (data: unknown) => {
    let frame: TelemetryFrame;
    try {
      frame = decodeTelemetryFrame(data);
    } catch {
      this.droppedFrames++;
      return;
    }
    const entry = this.entries.get(roomOf(frame.projectId, frame.topic));
    if (!entry) return;
    this.frames.next(frame);
    entry.out.next(frame);
  };

  private readonly onDeviceStatus = (batch: DeviceStatusBatch) => {
    if (isDeviceStatusBatch(batch)) this.entries.get(roomOf(batch.projectId, 'deviceStatus'))?.out.next(batch);
  };

  private readonly onAlarm = (alarm: Alarm) => {
    if (isAlarm(alarm)) this.entries.get(roomOf(alarm.projectId, 'alarm'))?.out.next(alarm);
  };
}
