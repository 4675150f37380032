import { z } from 'zod';
import { DEVICE_KIND_REGISTRY } from './kinds';
import { safeText } from './text';

/**
 * Camera video (docs/architecture.md "Video", docs/api.md "Video"). A camera's stream source is an RTSP URL
 * (remuxed to HLS by the server's ffmpeg without re-encoding), an HLS URL of an existing media server (read
 * and served again by the server), or the demo source (a test pattern ffmpeg makes). The browser only ever
 * sees the server's own HLS route; no source URL or credential reaches it.
 */
export const STREAM_SOURCES = ['rtsp', 'hls', 'demo'] as const;
/** Where a camera's video comes from. */
export type StreamSource = (typeof STREAM_SOURCES)[number];

/** The definition switch: a camera's main stream (full resolution) and its sub stream (smaller), where it has both. */
export const STREAM_QUALITIES = ['main', 'sub'] as const;
/** Main or sub stream. */
export type StreamQuality = (typeof STREAM_QUALITIES)[number];

/**
 * A stream on the server: `idle` (not running: nobody watches), `starting` (ffmpeg started, no playlist yet),
 * `live` (segments being written), `offline` (the source cannot be reached; retried with back-off while watched).
 */
export const STREAM_STATES = ['idle', 'starting', 'live', 'offline'] as const;
/** The state of one stream. */
export type StreamState = (typeof STREAM_STATES)[number];

/** The device kinds that carry video (a `video` role in their descriptor). */
export const VIDEO_KINDS = DEVICE_KIND_REGISTRY.videoKinds;

/** Whether devices of `kind` carry video. */
export function isVideoKind(kind: string): boolean {
  return (VIDEO_KINDS as readonly string[]).includes(kind);
}

/** The password of a URL's user information as an administrator reads it back. */
export const REDACTED = '***';

/**
 * `url` with the password of its user information replaced by {@link REDACTED} (`rtsp://admin:***@10.0.0.7/ch1`);
 * a URL without one, or that does not parse, comes back as it is except that anything between `//` and `@` is redacted.
 */
export function redactStreamUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/@\s]*)@/i, (_m, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return `${scheme}${colon < 0 ? userinfo : `${userinfo.slice(0, colon)}:${REDACTED}`}@`;
  });
}

const id = z.string().min(1).max(64);
const sn = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'letters, digits, - and _ only, at most 64' });
const streamUrl = safeText(2048).nullable().default(null);

/** Whether `url` suits `source`: rtsp:// or rtsps:// for RTSP, http:// or https:// for HLS. */
export function streamUrlFits(source: StreamSource, url: string): boolean {
  if (source === 'rtsp') return /^rtsps?:\/\/[^\s/]+/i.test(url);
  if (source === 'hls') return /^https?:\/\/[^\s/]+/i.test(url);
  return false;
}

/**
 * admin/camera/streamSet: a camera's source. `rtsp` and `hls` need `mainUrl` (and may have `subUrl`) of
 * their scheme; `demo` takes no URL. A URL whose password is {@link REDACTED} keeps the saved password
 * (the redacted URL of admin/camera/streams sent back unchanged).
 */
export const cameraStreamSetBody = z
  .object({ projectId: id, sn, source: z.enum(STREAM_SOURCES), mainUrl: streamUrl, subUrl: streamUrl })
  .superRefine((b, ctx) => {
    if (b.source === 'demo') {
      if (b.mainUrl !== null || b.subUrl !== null) ctx.addIssue({ code: 'custom', path: ['mainUrl'], message: 'the demo source takes no URL' });
      return;
    }
    const want = b.source === 'rtsp' ? 'rtsp:// or rtsps://' : 'http:// or https://';
    if (b.mainUrl === null) ctx.addIssue({ code: 'custom', path: ['mainUrl'], message: `required (${want})` });
    else if (!streamUrlFits(b.source, b.mainUrl)) ctx.addIssue({ code: 'custom', path: ['mainUrl'], message: `expected ${want}` });
    if (b.subUrl !== null && !streamUrlFits(b.source, b.subUrl)) ctx.addIssue({ code: 'custom', path: ['subUrl'], message: `expected ${want}` });
  });
export type CameraStreamSet = z.output<typeof cameraStreamSetBody>;

/** admin/camera/streamRemove: the camera has no stream any more. */
export const cameraStreamRemoveBody = z.object({ projectId: id, sn });

/** admin/camera/streams: the project's cameras with their sources. */
export const cameraStreamListBody = z.object({ projectId: id });

/** A camera and its source as an administrator reads it: URLs with their password {@link REDACTED}. */
export const cameraStreamRowSchema = z.object({
  sn: z.string(),
  name: z.string(),
  source: z.enum(STREAM_SOURCES).nullable(),
  mainUrl: z.string().nullable(),
  subUrl: z.string().nullable(),
  updatedAtMs: z.number().nullable(),
});
export type CameraStreamRow = z.output<typeof cameraStreamRowSchema>;

/** video/cameras: the project's cameras as the video screen lists them. */
export const videoCamerasBody = z.object({ projectId: id });

/** One running (or failed) stream of a camera, as this node knows it. */
export const streamStatusSchema = z.object({
  quality: z.enum(STREAM_QUALITIES),
  state: z.enum(STREAM_STATES),
  /** The source's video codec as ffmpeg names it (`h264`, `hevc`), once known. */
  codec: z.string().nullable(),
});
export type StreamStatus = z.output<typeof streamStatusSchema>;

/** A camera on the video screen: where it is (`area`: the device's position), which streams it has and how they run. */
export const videoCameraSchema = z.object({
  sn: z.string(),
  name: z.string(),
  area: z.string(),
  source: z.enum(STREAM_SOURCES).nullable(),
  qualities: z.array(z.enum(STREAM_QUALITIES)),
  streams: z.array(streamStatusSchema),
});
export type VideoCamera = z.output<typeof videoCameraSchema>;

/**
 * video/open: a viewer's lease on a stream. Starts the stream when it is not running and keeps it running
 * for VIDEO_IDLE_S more (as every playlist or segment request does).
 */
export const videoOpenBody = z.object({ projectId: id, sn, quality: z.enum(STREAM_QUALITIES).default('main') });

/** The answer of video/open: the stream's state, its codec once known, and the playlist to play once `live`. */
export const videoOpenSchema = z.object({
  state: z.enum(STREAM_STATES),
  codec: z.string().nullable(),
  /** The server's playlist URL (same origin, session-authorised), null until the stream is live. */
  playlist: z.string().nullable(),
});
export type VideoOpen = z.output<typeof videoOpenSchema>;

/** The files of a stream the HLS route serves: its playlist, the fMP4 init segment and media segments. */
export const HLS_FILE = /^(index\.m3u8|init\.mp4|seg_[0-9]{1,9}\.m4s)$/;

/** video/hls (GET): one file of a running stream. */
export const videoHlsQuery = z.object({
  projectId: id,
  sn,
  quality: z.enum(STREAM_QUALITIES).default('main'),
  file: z.string().regex(HLS_FILE, { error: 'index.m3u8, init.mp4 or seg_<n>.m4s' }),
});

/** The path of the HLS route (the browser's playlist URLs start with it). */
export const VIDEO_HLS_PATH = '/zhgd/video/hls';

/** The URL of one file of a stream on the HLS route (query-string encoded). */
export function hlsFileUrl(projectId: string, sn: string, quality: StreamQuality, file: string): string {
  const q = new URLSearchParams({ projectId, sn, quality, file });
  return `${VIDEO_HLS_PATH}?${q.toString()}`;
}

/**
 * A stream file's address relative to its playlist (`hls?…`, the last step of {@link hlsFileUrl}): what the
 * served playlists name their segments by, so they resolve under whatever path the playlist was fetched
 * from (a BASE_PATH behind a reverse proxy, docs/operations.md "Serving under a sub-path").
 */
export function hlsFileRef(projectId: string, sn: string, quality: StreamQuality, file: string): string {
  const url = hlsFileUrl(projectId, sn, quality, file);
  return url.slice(VIDEO_HLS_PATH.lastIndexOf('/') + 1);
}

/** A stream as the status page and /metrics show it. */
export const videoStreamStatusSchema = z.object({
  projectId: z.string(),
  sn: z.string(),
  quality: z.enum(STREAM_QUALITIES),
  source: z.enum(STREAM_SOURCES),
  state: z.enum(STREAM_STATES),
  codec: z.string().nullable(),
  /** ffmpeg (re)starts of this stream since it was opened. */
  starts: z.number(),
  /** When the current state began, ms since epoch. */
  sinceMs: z.number(),
  /** Last line ffmpeg wrote before it failed, or null. */
  lastError: z.string().nullable(),
});
export type VideoStreamStatus = z.output<typeof videoStreamStatusSchema>;

/**
 * What a camera's recorder does (docs/operations.md "Recording"): `recording` (ffmpeg runs and finished a
 * segment within the last {@link RECORDING_STALE_S} s), `starting` (ffmpeg runs, no recent segment yet),
 * `retrying` (ffmpeg failed, restarted after a back-off of 1 s doubling to 30 s), `stopped` (not recorded
 * now; its kept segments stay until pruned).
 */
export const RECORDER_STATES = ['recording', 'starting', 'retrying', 'stopped'] as const;
export type RecorderState = (typeof RECORDER_STATES)[number];

/** After how long without a finished segment a running recorder counts as `starting` again, s (a few 2 s segments). */
export const RECORDING_STALE_S = 10;

/** A camera's recording on this node, as the status page and /metrics show it. */
export const videoRecordingStatusSchema = z.object({
  projectId: z.string(),
  sn: z.string(),
  /** The camera's name when it was last recorded by this node run, else null. */
  name: z.string().nullable(),
  state: z.enum(RECORDER_STATES),
  /** When `state` began, ms since epoch. */
  sinceMs: z.number(),
  /** End of the newest kept segment, ms since epoch; null when none is kept. */
  lastSegmentMs: z.number().nullable(),
  /** Restarts after a failed ffmpeg since this node started. */
  restarts: z.number(),
  /** Failures in a row now (0 once a segment is finished): the back-off step. */
  failuresInRow: z.number(),
  /** Last line ffmpeg wrote before it failed (credentials in URLs redacted), or null since it recorded again. */
  lastError: z.string().nullable(),
  /** Bytes of the camera's kept segments on this node's disk. */
  bytes: z.number(),
});
export type VideoRecordingStatus = z.output<typeof videoRecordingStatusSchema>;

/**
 * A camera's recorder lease (docs/operations.md "Recording"): the node holding it (its NODE_ID) and when it
 * ends, ms since epoch. Leases that ended within the last lease length are listed too: a lease that ended
 * and was not taken over means no node records the camera (its owner stalled or stopped wanting it).
 */
export const recorderLeaseStatusSchema = z.object({
  projectId: z.string(),
  sn: z.string(),
  /** The camera's name, when this node's camera list has it; else null. */
  name: z.string().nullable().default(null),
  nodeId: z.string(),
  /** When the lease ends unless renewed, ms since epoch (held while the answer's time is at or before it). */
  expiresAtMs: z.number(),
});
export type RecorderLeaseStatus = z.output<typeof recorderLeaseStatusSchema>;

/** The recorder of this node: its cameras and the limits in force (VIDEO_RECORD_MAX_MB, VIDEO_RECORD_HOURS). */
export const videoRecorderStatusSchema = z.object({
  cameras: z.array(videoRecordingStatusSchema),
  /** Bytes of every kept segment on this node. */
  bytes: z.number(),
  /** The disk cap, bytes. */
  maxBytes: z.number(),
  /** The retention, ms. */
  retentionMs: z.number(),
  /**
   * With recorder leases (a PostgreSQL database, docs/operations.md "Recording"): this node's id (NODE_ID)
   * and the lease of each recorded camera of the cluster, as of the recorder's last sync; null and empty
   * without.
   */
  nodeId: z.string().nullable().default(null),
  owners: z.array(recorderLeaseStatusSchema).default([]),
});
export type VideoRecorderStatus = z.output<typeof videoRecorderStatusSchema>;

/** The message when nothing is recorded for the asked time (the product's wording). */
export const NO_RECORD = 'There is no video record corresponding to the current device date!';

/** Longest time range of one history playlist, ms (6 h: a playlist of at most a few thousand segments). */
export const HISTORY_MAX_RANGE_MS = 6 * 3_600_000;

/** video/history: the recording of camera `sn` between `fromMs` and `toMs` (ms since epoch, at most {@link HISTORY_MAX_RANGE_MS} apart). */
export const videoHistoryBody = z
  .object({ projectId: id, sn, fromMs: z.number().int().nonnegative(), toMs: z.number().int().nonnegative() })
  .refine((b) => b.toMs > b.fromMs, { error: 'toMs must be after fromMs', path: ['toMs'] })
  .refine((b) => b.toMs - b.fromMs <= HISTORY_MAX_RANGE_MS, { error: `at most ${HISTORY_MAX_RANGE_MS / 3_600_000} h`, path: ['toMs'] });
export type VideoHistoryRequest = z.output<typeof videoHistoryBody>;

/**
 * A stretch of recording without a gap: wall-clock `startMs`–`endMs` (ms since epoch) plays from
 * `mediaS` seconds of the history playlist's media timeline (the sum of the earlier segments' durations).
 */
export const recordSpanSchema = z.object({ startMs: z.number(), endMs: z.number(), mediaS: z.number() });
export type RecordSpan = z.output<typeof recordSpanSchema>;

/** The answer of video/history: the VOD playlist of the kept segments of the range and where each stretch of it plays. */
export const videoHistorySchema = z.object({
  /** The server's VOD playlist URL (same origin, session-authorised). */
  playlist: z.string(),
  /** Time ordered, without overlap; an instant between two spans was not recorded. */
  spans: z.array(recordSpanSchema),
});
export type VideoHistory = z.output<typeof videoHistorySchema>;

/** The files of a recording the record route serves: a run's init segment and its media segments. */
export const RECORD_FILE = /^(init\.mp4|r_[0-9]{1,9}\.m4s)$/;
/** A recording run (one ffmpeg run: its start, ms since epoch). */
export const RECORD_RUN = /^[0-9]{13}$/;

/** video/historyHls (GET): the VOD playlist of a range, as video/history names it. */
export const videoHistoryHlsQuery = z
  .object({ projectId: id, sn, fromMs: z.coerce.number().int().nonnegative(), toMs: z.coerce.number().int().nonnegative() })
  .refine((b) => b.toMs > b.fromMs && b.toMs - b.fromMs <= HISTORY_MAX_RANGE_MS, { error: `toMs after fromMs, at most ${HISTORY_MAX_RANGE_MS / 3_600_000} h`, path: ['toMs'] });

/** video/record (GET): one file of a recording run. */
export const videoRecordQuery = z.object({
  projectId: id,
  sn,
  run: z.string().regex(RECORD_RUN, { error: 'a run id (13 digits)' }),
  file: z.string().regex(RECORD_FILE, { error: 'init.mp4 or r_<n>.m4s' }),
});

/** The path of the history playlist route. */
export const VIDEO_HISTORY_HLS_PATH = '/zhgd/video/historyHls';
/** The path of the recorded files route. */
export const VIDEO_RECORD_PATH = '/zhgd/video/record';

/** The URL of the history playlist of a range (query-string encoded). */
export function historyPlaylistUrl(projectId: string, sn: string, fromMs: number, toMs: number): string {
  const q = new URLSearchParams({ projectId, sn, fromMs: String(fromMs), toMs: String(toMs) });
  return `${VIDEO_HISTORY_HLS_PATH}?${q.toString()}`;
}

/** A recorded file's address relative to the history playlist (`record?…`), like {@link hlsFileRef}. */
export function recordFileRef(projectId: string, sn: string, run: string, file: string): string {
  const q = new URLSearchParams({ projectId, sn, run, file });
  return `${VIDEO_RECORD_PATH.slice(VIDEO_RECORD_PATH.lastIndexOf('/') + 1)}?${q.toString()}`;
}
