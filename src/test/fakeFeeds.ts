import { Subject } from 'rxjs';
import type { Alarm, DeviceStatusBatch, TelemetryBatch } from '../../protocol';
import type { LiveFeeds, LiveFeedsFactory, TelemetryTopic } from '../stores/feeds';

/**
 * Live feeds driven by the test: push batches, alarms, connects and reconnects through Subjects. Stands in
 * for the socket + TopicHub at the stores' seam; the real pair is covered by the streams and e2e tests.
 */
export function subjectFeeds() {
  const telemetry = new Map<TelemetryTopic, Subject<TelemetryBatch>>();
  const state = {
    connected: new Subject<boolean>(),
    reconnected: new Subject<number>(),
    status: new Subject<DeviceStatusBatch>(),
    alarms: new Subject<Alarm>(),
    /** whether anyone is subscribed to a telemetry topic right now */
    telemetryObserved: (topic: TelemetryTopic) => telemetry.get(topic)?.observed ?? false,
    pushTelemetry: (batch: TelemetryBatch) => topicSubject(batch.topic).next(batch),
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
      deviceStatus$: () => state.status,
      alarms$: () => state.alarms,
      close: () => void state.closed++,
    };
    return feeds;
  };
  return Object.assign(state, { factory });
}

