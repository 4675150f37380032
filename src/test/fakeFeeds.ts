import { Subject } from 'rxjs';
import type { Alarm, DeviceStatusBatch, TelemetryBatch } from '../../protocol';
import type { LiveFeeds, LiveFeedsFactory, TelemetryTopic } from '../stores/feeds';

/**
 * Live feeds driven by the test: push batches, alarms, connects and reconnects through Subjects. Stands in
 * for the socket + TopicHub at the stores' seam; the real pair is covered by the streams and e2e tests.
 */
export function subjectFeeds() {
  const telemetry = new Map<TelemetryTopic, Subject<TelemetryBatch>>();
  const all = new Subject<TelemetryBatch>();
  const state = {
    connected: new Subject<boolean>(),
    reconnected: new Subject<number>(),
    status: new Subject<DeviceStatusBatch>(),
    alarms: new Subject<Alarm>(),
    /** whether anyone is subscribed to a telemetry topic right now */
    telemetryObserved: (topic: TelemetryTopic) => telemetry.get(topic)?.observed ?? false,
    /** Delivers a batch as the hub would: to the holders of its topic, and to telemetryBatches$ while held. */
    pushTelemetry: (batch: TelemetryBatch) => {
      const s = topicSubject(batch.topic);
      if (!s.observed) return;
      all.next(batch);
      s.next(batch);
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
  function topicSubject(topic: TelemetryTopic): Subject<TelemetryBatch> {
    let s = telemetry.get(topic);
    if (!s) telemetry.set(topic, (s = new Subject<TelemetryBatch>()));
    return s;
  }
  const factory: LiveFeedsFactory = (projectId) => {
    state.opened.push(projectId);
    const feeds: LiveFeeds = {
      connected$: state.connected,
      reconnected$: state.reconnected,
      telemetry$: (topic) => topicSubject(topic),
      telemetryBatches$: all,
      deviceStatus$: () => state.status,
      alarms$: () => state.alarms,
      close: () => void state.closed++,
    };
    return feeds;
  };
  return Object.assign(state, { factory });
}

