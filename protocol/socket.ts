import { z } from 'zod';
import type { Alarm } from './status';
import type { DeviceStatus } from './status';
import type { BeaconTelemetry, GasTelemetry, TowerCraneTelemetry } from './devices';

/**
 * The live gateway (socket.io on the HTTP port, path `/socket.io`). The handshake is authenticated by the
 * session cookie. A client joins a room per project and live topic with `topic.subscribe`.
 */

/** Live topics a browser can subscribe to within a project. */
export const LIVE_TOPICS = ['gas', 'beacon', 'towerCrane', 'alarm', 'deviceStatus'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

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

/** Telemetry for one topic, batched per gateway tick (not one frame per device message). */
export type TelemetryBatch =
  | { projectId: string; topic: 'gas'; items: Array<{ sn: string } & GasTelemetry> }
  | { projectId: string; topic: 'beacon'; items: Array<{ sn: string } & BeaconTelemetry> }
  | { projectId: string; topic: 'towerCrane'; items: Array<{ sn: string } & TowerCraneTelemetry> };

/** Status changes of devices in a project, batched per tick. */
export interface DeviceStatusBatch {
  projectId: string;
  items: Array<{ sn: string; status: DeviceStatus; atMs: number }>;
}

/** Events the server emits. `alarm.changed` carries a raised, cleared or handled alarm. */
export interface ServerToClientEvents {
  'telemetry.batch': (batch: TelemetryBatch) => void;
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
