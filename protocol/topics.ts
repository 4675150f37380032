import { DEVICE_KIND_REGISTRY, TOPIC_SEGMENT, type Channel, type DeviceKind, type KindTopic } from './kinds';

/**
 * MQTT topic grammar of device protocol v1 (docs/device-protocol.md).
 *
 * Devices publish to `zhgd/{projectId}/{deviceKind}/{deviceSn}/{channel}`.
 * Segments are 1–64 characters of `[A-Za-z0-9_-]`, so wildcards and separators can never appear inside one.
 * Kinds and their channels come from the kind registry (protocol/kinds).
 */
export { TOPIC_ROOT, CHANNELS, DEVICE_KINDS, type Channel, type DeviceKind, type TopicError } from './kinds';

/** The channel each kind may publish on. */
export const KIND_CHANNEL = Object.fromEntries(DEVICE_KIND_REGISTRY.descriptors.map((d) => [d.kind, d.channel])) as Record<DeviceKind, Channel>;

/** A topic split into its parts. */
export type DeviceTopic = KindTopic<DeviceKind>;

/**
 * Parses a device topic.
 * @returns the parts, or `{ error }` naming the first rule broken. Never throws.
 */
export function parseDeviceTopic(topic: string): ReturnType<typeof DEVICE_KIND_REGISTRY.parseTopic> {
  return DEVICE_KIND_REGISTRY.parseTopic(topic);
}

/** Builds a device topic. Throws `Error` when a segment breaks the grammar. */
export function deviceTopic(projectId: string, kind: DeviceKind, sn: string): string {
  return DEVICE_KIND_REGISTRY.topicOf(projectId, kind, sn);
}

/** True when `segment` is a legal projectId or device sn. */
export function isTopicSegment(segment: string): boolean {
  return TOPIC_SEGMENT.test(segment);
}

