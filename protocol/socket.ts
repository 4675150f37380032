import { z } from 'zod';
import type { Alarm } from './status';
import type { DeviceStatus } from './status';
import { DEVICE_KIND_REGISTRY, RESERVED_LIVE_TOPICS, type LiveKind, type MessageOf } from './kinds';

/**
 * The live gateway (socket.io on the HTTP port, path `/socket.io`). The handshake is authenticated by the
 * session cookie. A client joins a room per project and live topic with `topic.subscribe`.
 */

/**
 * Live topics a browser can subscribe to within a project: the telemetry topic of each kind that has one
 * (protocol/kinds, named after the kind), then `alarm` and `deviceStatus`.
 */
export const LIVE_TOPICS = [...(DEVICE_KIND_REGISTRY.liveTopics as readonly LiveKind[]), ...RESERVED_LIVE_TOPICS] as const;
export type LiveTopic = LiveKind | (typeof RESERVED_LIVE_TOPICS)[number];

export const subscribeMessage = z.object({ projectId: z.string().min(1).max(64), topic: z.enum(LIVE_TOPICS) });
export type SubscribeMessage = z.infer<typeof subscribeMessage>;

/**
 * Why the gateway refused a subscribe. Terminal (asking again cannot help, see TERMINAL_REFUSALS):
 * `VALIDATION` (malformed request), `UNAUTHENTICATED` (no valid session), `FORBIDDEN` (not a member).
 * Transient (ask again with back-off): `UNAVAILABLE` (the session or membership could not be checked
 * right now, e.g. the database is briefly unreachable), `INTERNAL` (an unexpected failure).
 */
export type SubscribeRefusal = 'VALIDATION' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'UNAVAILABLE' | 'INTERNAL';

/** Refusal codes a client must not retry. */
export const TERMINAL_REFUSALS: ReadonlySet<SubscribeRefusal> = new Set<SubscribeRefusal>(['VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN']);

/** Ack of subscribe/unsubscribe; a refusal carries its code and a message that starts with it. */
export type SubscribeAck = { ok: true } | { ok: false; code: SubscribeRefusal; error: string };

/**
 * Telemetry for one topic, batched per gateway tick (not one frame per device message). On the wire it
 * travels as a binary `telemetry.frame` (protocol/telemetryFrame.ts encodes and decodes it).
 */
export type TelemetryBatch = { [K in LiveKind]: { projectId: string; topic: K; items: Array<{ sn: string } & MessageOf<K>> } }[LiveKind];

/** Status changes of devices in a project, batched per tick. */
export interface DeviceStatusBatch {
  projectId: string;
  /** `online`: the offline rule (DeviceInfo.online); a change of it alone is pushed too (a silent device in warning). */
  items: Array<{ sn: string; status: DeviceStatus; atMs: number; online?: boolean }>;
}

/**
 * Events the server emits. `telemetry.frame` carries one TelemetryBatch encoded by
 * encodeTelemetryFrame (protocol/telemetryFrame.ts) as a binary attachment: an ArrayBuffer in browsers,
 * a Buffer in Node. `alarm.changed` carries a raised, cleared or handled alarm.
 */
export interface ServerToClientEvents {
  'telemetry.frame': (frame: ArrayBuffer | Uint8Array) => void;
  'device.status': (batch: DeviceStatusBatch) => void;
  'alarm.changed': (alarm: Alarm) => void;
}

/** Events the client emits. */
export interface ClientToServerEvents {
  'topic.subscribe': (msg: SubscribeMessage, ack: (r: SubscribeAck) => void) => void;
  'topic.unsubscribe': (msg: SubscribeMessage, ack: (r: SubscribeAck) => void) => void;
}

/** Gateway tick: telemetry is flushed to rooms at most this often (ms). */
export const GATEWAY_TICK_MS = 200;

/** Room name for a project and topic. */
export function roomOf(projectId: string, topic: LiveTopic): string {
  return `${projectId}:${topic}`;
}

/** The project of a room named by {@link roomOf}, or null for any other room (a socket's own id room). */
export function projectOfRoom(room: string): string | null {
  const colon = room.indexOf(':');
  return colon > 0 ? room.slice(0, colon) : null;
}
