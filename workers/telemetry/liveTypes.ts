import type { Alarm, DeviceStatusBatch, LiveTopic, TelemetryBatch } from '../../protocol';
import type { HistoryColumns, PersonnelFrame, SeriesFrame, TelemetryApi } from './types';

/**
 * What a personnel map asks for, without the instant (the live host uses its own clock). `everyMs`: at most
 * one frame per this many ms (a headline that shows counts, not motion); absent, one after every beacon frame.
 */
export type PersonnelWatch = Omit<Parameters<TelemetryApi['personnel']>[0], 'nowMs'> & { everyMs?: number };

/**
 * What the live host pushes to one client (a tab's LiveStore), in order. Everything here is low rate
 * (connection state, statuses, alarms, latest values at most every LIVE_LATEST_MS) except `versions` (once per
 * gateway tick at most, and only for devices the client charts) and `personnel` (once per beacon frame
 * per map, typed arrays transferred).
 */
export type LiveEvent =
  | { type: 'connected'; up: boolean }
  | { type: 'reconnected'; count: number }
  | { type: 'status'; batch: DeviceStatusBatch }
  | { type: 'alarm'; alarm: Alarm }
  /** The server accepted the project's alarm subscription (first connect, every reconnect): catch up over REST. */
  | { type: 'alarmsJoined' }
  /** The server refused a topic for good (TopicRefusedError's message). */
  | { type: 'refused'; topic: LiveTopic; message: string }
  /** New points reached the ring buffers for these charted devices. */
  | { type: 'versions'; sns: string[] }
  /** Latest readings of series devices (one item per device, the newest), for DeviceStore. */
  | { type: 'latest'; batch: TelemetryBatch }
  /**
   * A personnel frame for the watch `id` (see LiveSession.watchPersonnel), its `sns` sent as codes (see
   * PersonnelSnCodes): every tunnel's `sns` is empty here and `sns.codes[i]` holds tunnel i's.
   */
  | { type: 'personnel'; id: number; frame: PersonnelFrame; sns: PersonnelSnCodes };

/**
 * Beacon sns of a personnel frame as codes into a table both ends of a session keep, so the thousands of
 * sn strings of a crowded map cross the thread boundary once per session, not once per frame: a frame
 * carries a Uint32Array of codes per tunnel (transferred) and only the sns new to the session. The
 * receiver appends `added` to its table (after emptying it when `reset`) and reads `codes` in it.
 */
export interface PersonnelSnCodes {
  /** The table starts again empty before `added` (the sender's table reached its bound). */
  reset: boolean;
  /** Sns new to the session, in code order: the first gets the code after the last one sent. */
  added: string[];
  /** Per tunnel of the frame, in order: the code of each sn of that tunnel's `sns`. */
  codes: Uint32Array[];
}

/**
 * One client's session with the live host: the calls a LiveStore makes. Ids are chosen by the client,
 * so no call needs an answer except the frame queries. Every method is safe after stop (a no-op, or a
 * rejection for the queries).
 */
export interface LiveSessionApi {
  /** Starts streaming `projectId` for this session (once; later calls are ignored). */
  start(projectId: string): void;
  /** Ends the session: releases its topics and watches; the host closes the socket with its last session. */
  stop(): void;
  /** Holds a telemetry topic until {@link release}(id). */
  hold(id: number, topic: TelemetryBatch['topic']): void;
  release(id: number): void;
  /** Asks for `versions` events of device `sn` until {@link closeSeries}(id). */
  openSeries(id: number, sn: string): void;
  closeSeries(id: number): void;
  /** Pushes personnel frames for `watch` (after each beacon frame, and at least every LIVE_PERSONNEL_MS) until {@link unwatchPersonnel}. */
  watchPersonnel(id: number, watch: PersonnelWatch): void;
  unwatchPersonnel(id: number): void;
  window(req: Parameters<TelemetryApi['window']>[0]): Promise<SeriesFrame>;
  personnel(req: Parameters<TelemetryApi['personnel']>[0]): Promise<PersonnelFrame>;
  fill(sn: string, history: HistoryColumns): Promise<void>;
}
