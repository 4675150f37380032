/**
 * MQTT topic grammar of device protocol v1 (docs/device-protocol.md).
 *
 * Devices publish to `zhgd/{projectId}/{deviceKind}/{deviceSn}/{channel}`.
 * Segments are 1–64 characters of `[A-Za-z0-9_-]`, so wildcards and separators can never appear inside one.
 */
export const TOPIC_ROOT = 'zhgd';

/** Device kinds that speak protocol v1. */
export const DEVICE_KINDS = ['gas', 'beacon', 'towerCrane', 'camera'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Channels: `telemetry` carries periodic readings, `alarm` carries device-side events (AI cameras). */
export const CHANNELS = ['telemetry', 'alarm'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channel each kind may publish on. */
export const KIND_CHANNEL: Record<DeviceKind, Channel> = {
  gas: 'telemetry',
  beacon: 'telemetry',
  towerCrane: 'telemetry',
  camera: 'alarm',
};

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** A topic split into its parts. */
export interface DeviceTopic {
  projectId: string;
  kind: DeviceKind;
  sn: string;
  channel: Channel;
}

/** Why a topic was refused; also used as a rejection-counter reason. */
export type TopicError = 'topic-grammar' | 'topic-kind' | 'topic-channel';

/**
 * Parses a device topic.
 * @returns the parts, or `{ error }` naming the first rule broken. Never throws.
 */
export function parseDeviceTopic(topic: string): DeviceTopic | { error: TopicError } {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== TOPIC_ROOT) return { error: 'topic-grammar' };
  const [, projectId, kind, sn, channel] = parts;
  if (!SEGMENT.test(projectId) || !SEGMENT.test(sn)) return { error: 'topic-grammar' };
  if (!(DEVICE_KINDS as readonly string[]).includes(kind)) return { error: 'topic-kind' };
  if (KIND_CHANNEL[kind as DeviceKind] !== channel) return { error: 'topic-channel' };
  return { projectId, kind: kind as DeviceKind, sn, channel: channel as Channel };
}

/** Builds a device topic. Throws `Error` when a segment breaks the grammar. */
export function deviceTopic(projectId: string, kind: DeviceKind, sn: string): string {
  if (!SEGMENT.test(projectId) || !SEGMENT.test(sn)) throw new Error(`invalid topic segment: ${projectId}/${sn}`);
  return `${TOPIC_ROOT}/${projectId}/${kind}/${sn}/${KIND_CHANNEL[kind]}`;
}

/** True when `segment` is a legal projectId or device sn. */
export function isTopicSegment(segment: string): boolean {
  return SEGMENT.test(segment);
}
