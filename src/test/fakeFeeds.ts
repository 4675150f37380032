import { Subject } from 'rxjs';
import { decodeTelemetryFrame, encodeTelemetryFrame, type Alarm, type DeviceStatusBatch, type TelemetryBatch, type TelemetryFrame } from '../../protocol';
import type { LiveFeeds, LiveFeedsFactory, TelemetryTopic } from '../stores/feeds';

/**
 * Live feeds driven by the test: push batches, alarms, connects and reconnects through Subjects. Stands in
 * for the socket + TopicHub at the stores' seam; the real pair is covered by the streams and e2e tests.
 */
export function subjectFeeds() {
  const telemetry = new Map<TelemetryTopic, Subject<TelemetryFrame>>();
  const all = new Subject<TelemetryFrame>();
  const state = {
    connected: new Subject<boolean>(),
    reconnected: new Subject<number>(),
    status: new Subject<DeviceStatusBatch>(),
    alarms: new Subject<Alarm>(),
    /** the server accepted the alarm subscription (push after `connected`/`reconnected`, as the hub would) */
    alarmsJoined: new Subject<void>(),
    /** whether anyone is subscribed to a telemetry topic right now */
    telemetryObserved: (topic: TelemetryTopic) => telemetry.get(topic)?.observed ?? false,
    /**
     * Delivers a batch as the hub would: encoded and decoded as a binary frame (protocol/telemetryFrame.ts),
     * to the holders of its topic, and to telemetryFrames$ while held.
     */
    pushTelemetry: (batch: TelemetryBatch) => {
      const s = topicSubject(batch.topic);
      if (!s.observed) return;
      const frame = decodeTelemetryFrame(encodeTelemetryFrame(batch));
      all.next(frame);
      s.next(frame);
    },
    /** Refuses a telemetry topic for good, as the hub does on a terminal refusal: its holders get the error. */
    refuseTelemetry: (topic: TelemetryTopic, message: string) => {
      const s = topicSubject(topic);
      telemetry.delete(topic);
      s.error(new Error(message));
    },
    opened: [] as string[],
    closed: 0,
  };
  function topicSubject(topic: TelemetryTopic): Subject<TelemetryFrame> {
    let s = telemetry.get(topic);
    if (!s) telemetry.set(topic, (s = new Subject<TelemetryFrame>()));
    return s;
  }
  const factory: LiveFeedsFactory = (projectId) => {
    state.opened.push(projectId);
    const feeds: LiveFeeds = {
      connected$: state.connected,
      reconnected$: state.reconnected,
      telemetry$: (topic) => topicSubject(topic),
      telemetryFrames$: all,
      deviceStatus$: () => state.status,
      alarms$: () => state.alarms,
      alarmsJoined$: state.alarmsJoined,
      close: () => void state.closed++,
    };
    return feeds;
  };
  return Object.assign(state, { factory });
}

