import { filter, type Observable } from 'rxjs';
import type { Alarm, DeviceStatusBatch, TelemetryBatch, TelemetryFrame } from '../../protocol';
import { createLiveConnection, type LiveSocket } from '../../streams/connection';
import { TopicHub } from '../../streams/topicHub';

/** Telemetry topics a board can subscribe to. */
export type TelemetryTopic = TelemetryBatch['topic'];

/**
 * The live streams of one project, as the stores consume them. The seam between the stores and the
 * socket: the app builds it from one LiveConnection and a TopicHub; tests can feed Subjects.
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
  /** Closes the socket and every subscription. */
  close(): void;
}

/** Opens the live feeds of a project. */
export type LiveFeedsFactory = (projectId: string) => LiveFeeds;

/**
 * The production feeds: one socket.io connection (cookie-authenticated, same origin unless `url` is
 * given) and a TopicHub sharing each topic between panels. `socketFactory` swaps the socket.io client
 * for a stand-in with the same interface (the pipeline benchmark).
 */
export function socketFeeds(opts: { url?: string; socketFactory?: (url: string | undefined, o: object) => LiveSocket } = {}): LiveFeedsFactory {
  return (projectId) => {
    const conn = createLiveConnection(opts);
    const hub = new TopicHub(conn);
    return {
      connected$: conn.connected$,
      reconnected$: conn.reconnected$,
      telemetry$: (topic) => hub.telemetry$(projectId, topic),
      telemetryFrames$: hub.telemetryFrames$.pipe(filter((f) => f.projectId === projectId)),
      deviceStatus$: () => hub.deviceStatus$(projectId),
      alarms$: () => hub.alarms$(projectId),
      close: () => {
        hub.dispose();
        conn.close();
      },
    };
  };
}
