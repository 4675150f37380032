import { parseDeviceMessage, parseDeviceTopic, type DeviceKind, type DeviceMessage, type DeviceTopic } from '../../protocol';
import type { IngestCounter } from './ingestStats';

/** What the ingest step needs from the rest of the server. */
export interface IngestDeps {
  /** The kind of a device registered in that project, or undefined when the project has no such device. */
  deviceKind(projectId: string, sn: string): DeviceKind | undefined;
  /** Receives every accepted message with its server receive time (ms since epoch). */
  onAccepted(topic: DeviceTopic, message: DeviceMessage, receivedAtMs: number): void;
  counter: IngestCounter;
  log: { error(obj: object, msg?: string): void };
  /** Clock (ms since epoch); injectable for tests. */
  now?: () => number;
}

/**
 * Builds the handler for one MQTT message: topic grammar → device registered in that project and of
 * that kind (unknown devices are never created) → payload schema (protocol/devices.ts) → accepted.
 * Each refusal is counted by reason. Nothing throws out of the handler: a failure downstream of
 * acceptance is logged and the next message is processed as usual.
 */
export function createIngestHandler(deps: IngestDeps): (topic: string, payload: Uint8Array | string) => void {
  const now = deps.now ?? Date.now;
  return (topic, payload) => {
    try {
      const atMs = now();
      const parsed = parseDeviceTopic(topic);
      if ('error' in parsed) {
        deps.counter.countRejected(parsed.error, topic, 'topic does not match zhgd/{projectId}/{kind}/{sn}/{channel}', atMs);
        return;
      }
      const kind = deps.deviceKind(parsed.projectId, parsed.sn);
      if (kind === undefined) {
        deps.counter.countRejected('unknown-device', topic, `no device ${parsed.sn} in project ${parsed.projectId}`, atMs);
        return;
      }
      if (kind !== parsed.kind) {
        deps.counter.countRejected('wrong-kind', topic, `device ${parsed.sn} is registered as ${kind}`, atMs);
        return;
      }
      const message = parseDeviceMessage(parsed.kind, payload);
      if ('reason' in message) {
        deps.counter.countRejected(message.reason, topic, message.detail, atMs);
        return;
      }
      deps.counter.countAccepted();
      deps.onAccepted(parsed, message, atMs);
    } catch (err) {
      deps.log.error({ err, topic }, 'device message handling failed');
    }
  };
}
