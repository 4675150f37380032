import { DEVICE_KIND_REGISTRY, isCommandTopic, type DeviceKind, type DeviceMessage, type DeviceTopic, type KindRegistry, type parseDeviceMessage } from '../../protocol';
import type { IngestCounter } from './ingestStats';

/**
 * What became of the durable part of an accepted message (the alarms it raised, updated or cleared):
 * `stored`, `dead-letter` (refused by the database for a data reason and kept in the dead-letter table),
 * or `abandoned` (not stored: the alarm queue overflowed or the server is stopping; the device must send
 * it again).
 */
export type DurableOutcome = 'stored' | 'dead-letter' | 'abandoned';

/**
 * The end of one message's handling: `accepted` (everything durable is stored), `rejected` (refused and
 * counted by reason), `dead-letter`, or `abandoned` (see {@link DurableOutcome}). Only `abandoned` must
 * not be acknowledged to the device.
 */
export type IngestOutcome = 'accepted' | 'rejected' | 'dead-letter' | 'abandoned';

/** What the ingest step needs from the rest of the server. */
export interface IngestDeps {
  /** The kind of a device registered in that project, or undefined when the project has no such device. */
  deviceKind(projectId: string, sn: string): DeviceKind | undefined;
  /**
   * Receives every accepted message with its server receive time (ms since epoch) and the raw MQTT
   * message (for a dead letter). Returns a promise when the message changed alarms, settled once they
   * are persisted; nothing (void) when there is nothing durable to wait for (telemetry is batched).
   */
  onAccepted(
    topic: DeviceTopic,
    message: DeviceMessage,
    receivedAtMs: number,
    raw: { topic: string; payload: Uint8Array | string },
  ): Promise<DurableOutcome> | void;
  /**
   * A registered device's message refused for a reading outside a metric's physical range (still counted as
   * a `schema` rejection), received at `receivedAtMs`: the rules count the streak (docs/domain.md "Sensor
   * faults"). Returns the alarm writes it queued, if any; the handler does not wait for them.
   */
  onOutOfRange?(topic: DeviceTopic, receivedAtMs: number): unknown;
  counter: IngestCounter;
  log: { error(obj: object, msg?: string): void };
  /** Clock (ms since epoch); injectable for tests. */
  now?: () => number;
  /** The device kinds whose topics and payloads are accepted; the app's registry unless a test brings its own. */
  kinds?: KindRegistry;
}

/** Parsed device topics kept by the ingest handler (about one per device). */
export const MAX_CACHED_TOPICS = 50_000;

/**
 * Builds the handler for one MQTT message: topic grammar → device registered in that project and of
 * that kind (unknown devices are never created) → payload schema (protocol/devices.ts) → accepted.
 * Each refusal is counted by reason. The returned promise settles once everything durable for the message
 * is persisted (docs/device-protocol.md "Acknowledgement"); it never rejects. A message counts as
 * accepted only once its alarms are stored; one whose alarm write the database refused counts as
 * `dead-letter` instead.
 */
export function createIngestHandler(deps: IngestDeps): (topic: string, payload: Uint8Array | string) => Promise<IngestOutcome> {
  const now = deps.now ?? Date.now;
  const kinds = deps.kinds ?? DEVICE_KIND_REGISTRY;
  // Parsed topics by topic string: a device publishes to one topic, so the split and checks run once per
  // device, not per message. Bounded: emptied when full (refused topics are not kept).
  const topics = new Map<string, DeviceTopic>();
  const topicOf = (topic: string): ReturnType<typeof DEVICE_KIND_REGISTRY.parseTopic> => {
    const known = topics.get(topic);
    if (known) return known;
    const parsed = kinds.parseTopic(topic) as ReturnType<typeof DEVICE_KIND_REGISTRY.parseTopic>;
    if ('error' in parsed) return parsed;
    if (topics.size >= MAX_CACHED_TOPICS) topics.clear();
    topics.set(topic, parsed);
    return parsed;
  };
  return (topic, payload) => {
    try {
      const atMs = now();
      // the server's own downlink, delivered back by an external broker's wildcard subscription: not a device's
      if (isCommandTopic(topic)) return Promise.resolve('accepted');
      const parsed = topicOf(topic);
      if ('error' in parsed) {
        deps.counter.countRejected(parsed.error, topic, 'topic does not match zhgd/{projectId}/{kind}/{sn}/{channel}', atMs);
        return Promise.resolve('rejected');
      }
      const kind = deps.deviceKind(parsed.projectId, parsed.sn);
      if (kind === undefined) {
        deps.counter.countRejected('unknown-device', topic, `no device ${parsed.sn} in project ${parsed.projectId}`, atMs);
        return Promise.resolve('rejected');
      }
      if (kind !== parsed.kind) {
        deps.counter.countRejected('wrong-kind', topic, `device ${parsed.sn} is registered as ${kind}`, atMs);
        return Promise.resolve('rejected');
      }
      const message = kinds.parseMessage(parsed.kind, payload) as ReturnType<typeof parseDeviceMessage>;
      if ('reason' in message) {
        deps.counter.countRejected(message.reason, topic, message.detail, atMs);
        if (message.outOfRange) deps.onOutOfRange?.(parsed, atMs);
        return Promise.resolve('rejected');
      }
      const durable = deps.onAccepted(parsed, message, atMs, { topic, payload });
      if (!durable) {
        deps.counter.countAccepted();
        return Promise.resolve('accepted');
      }
      return durable.then(
        (outcome): IngestOutcome => {
          if (outcome === 'stored') {
            deps.counter.countAccepted();
            return 'accepted';
          }
          if (outcome === 'dead-letter') deps.counter.countRejected('dead-letter', topic, 'its alarm could not be stored (see the dead-letter table)', now());
          return outcome;
        },
        (err: unknown): IngestOutcome => {
          deps.log.error({ err, topic }, 'device message handling failed');
          return 'rejected';
        },
      );
    } catch (err) {
      // a fault of ours, not of the message: sending it again would fail the same way, so it is not refused
      deps.log.error({ err, topic }, 'device message handling failed');
      return Promise.resolve('rejected');
    }
  };
}
