import { filter, map, type Observable } from 'rxjs';
import { roomOf, type Alarm, type DeviceStatusBatch, type TelemetryBatch, type TelemetryFrame } from '../protocol';
import { createLiveConnection, type LiveConnection, type LiveSocket } from './connection';
import { TopicHub } from './topicHub';

/** Telemetry topics a board can subscribe to. */
export type TelemetryTopic = TelemetryBatch['topic'];

/**
 * The live streams of one project, as the live host consumes them (workers/telemetry/LiveHost.ts). The
 * seam between the host and the socket: production builds it from one LiveConnection and a TopicHub;
 * tests can feed Subjects.
 */
export interface LiveFeeds {
  /** true while the socket is connected. */
  readonly connected$: Observable<boolean>;
  /** Emits the reconnect count after every successful reconnect (not on the first connect). */
  readonly reconnected$: Observable<number>;
  /**
   * Holds a telemetry topic while subscribed (the hub counts holders; one server subscription per topic)
   * and delivers its frames (protocol/telemetryFrame.ts). Errors with TopicRefusedError when the server
   * refuses it for good.
   */
  telemetry$(topic: TelemetryTopic): Observable<TelemetryFrame>;
  /** Every telemetry frame of the project's held topics, once each, without holding a topic. */
  readonly telemetryFrames$: Observable<TelemetryFrame>;
  deviceStatus$(): Observable<DeviceStatusBatch>;
  alarms$(): Observable<Alarm>;
  /**
   * Emits each time the server accepted the project's alarm subscription (the first connect and every
   * reconnect): alarms changed before that moment are read over REST then (AlarmStore.catchUp).
   */
  readonly alarmsJoined$: Observable<void>;
  /** Closes this project's subscriptions (and the socket when no other project uses it). */
  close(): void;
}

/** Opens the live feeds of a project. */
export type LiveFeedsFactory = (projectId: string) => LiveFeeds;

/**
 * The production feeds: one socket.io connection (cookie-authenticated, same origin unless `url` is
 * given) and one TopicHub sharing each topic between panels, shared by every project opened through the
 * returned factory: the connection opens with the first open project and closes with the last one (so a
 * logout, which stops every project, closes it). `socketFactory` swaps the socket.io client for a
 * stand-in with the same interface (the pipeline benchmark).
 */
export function socketFeeds(opts: { url?: string; socketFactory?: (url: string | undefined, o: object) => LiveSocket } = {}): LiveFeedsFactory {
  let shared: { conn: LiveConnection; hub: TopicHub; users: number } | null = null;
  return (projectId) => {
    if (!shared) {
      const conn = createLiveConnection(opts);
      shared = { conn, hub: new TopicHub(conn), users: 0 };
    }
    const s = shared;
    s.users++;
    let closed = false;
    return {
      connected$: s.conn.connected$,
      reconnected$: s.conn.reconnected$,
      telemetry$: (topic) => s.hub.telemetry$(projectId, topic),
      telemetryFrames$: s.hub.telemetryFrames$.pipe(filter((f) => f.projectId === projectId)),
      deviceStatus$: () => s.hub.deviceStatus$(projectId),
      alarms$: () => s.hub.alarms$(projectId),
      alarmsJoined$: s.hub.joined$.pipe(
        filter((room) => room === roomOf(projectId, 'alarm')),
        map(() => undefined),
      ),
      close: () => {
        if (closed) return;
        closed = true;
        if (--s.users > 0) return;
        if (shared === s) shared = null;
        s.hub.dispose();
        s.conn.close();
      },
    };
  };
}
