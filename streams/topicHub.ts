import { Observable, Subject, type Subscription } from 'rxjs';
import {
  roomOf,
  subscribeMessage,
  type Alarm,
  type DeviceStatusBatch,
  type LiveTopic,
  type SubscribeAck,
  type SubscribeMessage,
  type TelemetryBatch,
} from '../protocol';
import type { LiveConnection, LiveSocket } from './connection';
import { isAlarm, isDeviceStatusBatch, isTelemetryBatch } from './guards';

/** How long a topic stays subscribed after its last subscriber left (ms), so route changes don't churn. */
export const DEFAULT_GRACE_MS = 5000;
/** How long to wait for the server's ack of topic.subscribe before sending it again (ms). */
export const SUBSCRIBE_ACK_TIMEOUT_MS = 10_000;

/** The server refused a topic subscription (e.g. not a member of that project); `message` is the server's. */
export class TopicRefusedError extends Error {
  constructor(
    readonly projectId: string,
    readonly topic: LiveTopic,
    message: string,
  ) {
    super(message);
    this.name = 'TopicRefusedError';
  }
}

interface Entry {
  key: string;
  msg: SubscribeMessage;
  subject: Subject<unknown>;
  refs: number;
  grace: ReturnType<typeof setTimeout> | null;
  /** Counts subscribe sends, so an ack of a superseded send is ignored. */
  sent: number;
}

/**
 * One shared Observable per (projectId, topic): the first subscriber emits topic.subscribe, the last
 * unsubscriber emits topic.unsubscribe after a grace period (default 5000 ms, so route changes don't
 * churn), and on every (re)connect all active topics are subscribed again, because the server forgets
 * rooms with the old socket. Subscribes are only sent while connected; socket.io's offline send buffer
 * would otherwise replay them next to the resubscription.
 *
 * Subscribe refusals surface as an error on that observable (TopicRefusedError with the server message);
 * a later subscription tries again. An invalid projectId errors at once with the schema's message.
 * Incoming frames that do not have the shape of protocol/socket.ts are dropped (see guards.ts).
 *
 * Bounded: one entry per topic that has subscribers or is within its grace period.
 */
export class TopicHub {
  private readonly socket: LiveSocket;
  private readonly graceMs: number;
  private readonly ackTimeoutMs: number;
  private readonly entries = new Map<string, Entry>();
  private connected = false;
  private disposed = false;
  private readonly connectedSub: Subscription;

  /**
   * @param opts.graceMs delay before an unused topic is unsubscribed (default DEFAULT_GRACE_MS).
   * @param opts.ackTimeoutMs wait for a subscribe ack before asking again (default SUBSCRIBE_ACK_TIMEOUT_MS).
   */
  constructor(conn: LiveConnection, opts?: { graceMs?: number; ackTimeoutMs?: number }) {
    this.socket = conn.socket;
    this.graceMs = Math.max(0, opts?.graceMs ?? DEFAULT_GRACE_MS);
    this.ackTimeoutMs = Math.max(1, opts?.ackTimeoutMs ?? SUBSCRIBE_ACK_TIMEOUT_MS);
    this.socket.on('telemetry.batch', this.onTelemetry);
    this.socket.on('device.status', this.onDeviceStatus);
    this.socket.on('alarm.changed', this.onAlarm);
    this.connectedSub = conn.connected$.subscribe((c) => {
      this.connected = c;
      if (c) for (const entry of this.entries.values()) this.sendSubscribe(entry);
    });
  }

  /** Telemetry batches of one kind in a project, one emission per gateway tick. */
  telemetry$(projectId: string, topic: TelemetryBatch['topic']): Observable<TelemetryBatch> {
    return this.topic$<TelemetryBatch>(projectId, topic);
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
    this.connectedSub.unsubscribe();
    this.socket.off('telemetry.batch', this.onTelemetry);
    this.socket.off('device.status', this.onDeviceStatus);
    this.socket.off('alarm.changed', this.onAlarm);
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (const entry of entries) {
      if (entry.grace !== null) clearTimeout(entry.grace);
      this.sendUnsubscribe(entry);
      entry.subject.complete();
    }
  }

  private topic$<T>(projectId: string, topic: LiveTopic): Observable<T> {
    return new Observable<T>((subscriber) => {
      if (this.disposed) {
        subscriber.complete();
        return;
      }
      const parsed = subscribeMessage.safeParse({ projectId, topic });
      if (!parsed.success) {
        subscriber.error(new TypeError(`invalid topic ${projectId}:${topic}: ${parsed.error.issues[0].message}`));
        return;
      }
      const entry = this.acquire(parsed.data);
      const inner = (entry.subject as Subject<T>).subscribe(subscriber);
      return () => {
        inner.unsubscribe();
        this.release(entry);
      };
    });
  }

  private acquire(msg: SubscribeMessage): Entry {
    const key = roomOf(msg.projectId, msg.topic);
    let entry = this.entries.get(key);
    if (entry) {
      if (entry.grace !== null) clearTimeout(entry.grace);
      entry.grace = null;
      entry.refs++;
      return entry;
    }
    entry = { key, msg, subject: new Subject<unknown>(), refs: 1, grace: null, sent: 0 };
    this.entries.set(key, entry);
    this.sendSubscribe(entry);
    return entry;
  }

  private release(entry: Entry): void {
    if (this.entries.get(entry.key) !== entry) return; // refused or disposed meanwhile
    entry.refs--;
    if (entry.refs > 0) return;
    if (this.graceMs === 0) this.expire(entry);
    else entry.grace = setTimeout(() => this.expire(entry), this.graceMs);
  }

  private expire(entry: Entry): void {
    if (this.entries.get(entry.key) !== entry || entry.refs > 0) return;
    this.entries.delete(entry.key);
    entry.grace = null;
    this.sendUnsubscribe(entry);
    entry.subject.complete();
  }

  private sendSubscribe(entry: Entry): void {
    if (!this.connected) return;
    const sent = ++entry.sent;
    this.socket.timeout(this.ackTimeoutMs).emit('topic.subscribe', entry.msg, (err: Error | null, ack: SubscribeAck) => {
      if (this.entries.get(entry.key) !== entry || entry.sent !== sent) return;
      // No ack: a disconnect (the reconnect resubscribes) or a server that stalled (ask again).
      if (err) {
        if (this.connected) this.sendSubscribe(entry);
        return;
      }
      if (typeof ack === 'object' && ack !== null && ack.ok === true) return;
      const reason = typeof ack === 'object' && ack !== null && typeof ack.error === 'string' ? ack.error : 'subscription refused';
      this.entries.delete(entry.key);
      if (entry.grace !== null) clearTimeout(entry.grace);
      entry.subject.error(new TopicRefusedError(entry.msg.projectId, entry.msg.topic, reason));
    });
  }

  private sendUnsubscribe(entry: Entry): void {
    // The server forgets rooms with a dropped socket, so there is nothing to undo while disconnected.
    if (!this.connected) return;
    this.socket.timeout(this.ackTimeoutMs).emit('topic.unsubscribe', entry.msg, () => {});
  }

  private readonly onTelemetry = (batch: TelemetryBatch) => {
    if (isTelemetryBatch(batch)) this.entries.get(roomOf(batch.projectId, batch.topic))?.subject.next(batch);
  };

  private readonly onDeviceStatus = (batch: DeviceStatusBatch) => {
    if (isDeviceStatusBatch(batch)) this.entries.get(roomOf(batch.projectId, 'deviceStatus'))?.subject.next(batch);
  };

  private readonly onAlarm = (alarm: Alarm) => {
    if (isAlarm(alarm)) this.entries.get(roomOf(alarm.projectId, 'alarm'))?.subject.next(alarm);
  };
}
