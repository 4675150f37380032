import { DEVICE_KIND_DESCRIPTORS, DEVICE_KIND_REGISTRY, type DeviceKind, type KindDescriptorOf, type MessageOf } from './kinds';

/**
 * Device message schemas of protocol v1 (docs/device-protocol.md). Each bounds values to what is
 * physically possible so that a broken sensor is rejected at the edge instead of raising false alarms.
 * `ts` is milliseconds since the Unix epoch.
 */
export {
  gasTelemetrySchema,
  beaconTelemetrySchema,
  towerCraneTelemetrySchema,
  cameraAlarmSchema,
  ALG_TYPES,
  MAX_PAYLOAD_BYTES,
  type GasTelemetry,
  type BeaconTelemetry,
  type TowerCraneTelemetry,
  type CameraAlarm,
  type AlgType,
} from './kinds';

/** Schema per device kind. */
export const DEVICE_MESSAGE_SCHEMA = Object.fromEntries(DEVICE_KIND_DESCRIPTORS.map((d) => [d.kind, d.schema])) as {
  [K in DeviceKind]: KindDescriptorOf<K>['schema'];
};

/** A validated message, tagged with its kind. */
export type DeviceMessage = { [K in DeviceKind]: { kind: K; msg: MessageOf<K> } }[DeviceKind];

/** Rejection reasons counted by ingest (visible to administrators). */
export const REJECT_REASONS = [
  'topic-grammar',
  'topic-kind',
  'topic-channel',
  'not-json',
  'schema',
  'unknown-device',
  'wrong-kind',
  'too-large',
  /** Embedded broker only: a device published outside `zhgd/{its projectId}/`; the broker refused it. */
  'topic-forbidden',
  /** Passed every check but could not be stored (a database data error): kept in the dead-letter table. */
  'dead-letter',
  /** Embedded broker only: an MQTT packet above the size limit; the connection was closed. */
  'packet-too-large',
  /** HJ 212 (docs/device-protocol.md "HJ 212"): bytes outside a packet (no `##` and four-digit length). */
  'hj212-framing',
  /** HJ 212: no CR LF where the packet's length says its end is. */
  'hj212-length',
  /** HJ 212: the CRC16 does not match the data segment. */
  'hj212-crc',
  /** HJ 212: a data segment over 1024 bytes declared; the connection was closed. */
  'hj212-too-large',
  /** HJ 212: a data segment without its fields, a malformed CP, an unsupported CN. */
  'hj212-packet',
  /** HJ 212: a PW that is not the device's project's device password; the connection was closed. */
  'hj212-password',
  /** HJ 212: a connection idle too long, or a packet not completed in time; it was closed. */
  'hj212-timeout',
  /** HJ 212: a connection over the listener's limit or its address's rate; it was closed at once. */
  'hj212-connections',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/**
 * Parses a raw payload for a device kind.
 * @returns the tagged message, or `{ reason, detail }`. Never throws.
 */
export function parseDeviceMessage(
  kind: DeviceKind,
  payload: Uint8Array | string,
): DeviceMessage | { reason: RejectReason; detail: string; outOfRange?: boolean } {
  return DEVICE_KIND_REGISTRY.parseMessage(kind, payload) as DeviceMessage | { reason: RejectReason; detail: string; outOfRange?: boolean };
}
