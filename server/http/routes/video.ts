import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  HLS_FILE,
  historyPlaylistUrl,
  hlsFileRef,
  NO_RECORD,
  recordFileRef,
  hlsFileUrl,
  REDACTED,
  redactStreamUrl,
  VIDEO,
  type CameraStreamRow,
  type StreamQuality,
  type SystemStatus,
} from '../../../protocol';
import {
  cameraStreamSource,
  camerasWithSources,
  isVideoDevice,
  recorderLeases,
  releaseRecorderLeases,
  removeCameraStreams,
  saveCameraStream,
  takeRecorderLeases,
  videoDeviceRows,
  type CameraStreamSource,
} from '../../storage';
import { rewritePlaylist, type StreamInput } from '../../video/ffmpegArgs';
import { historyPlaylist, segmentsInRange, spansOf } from '../../video/recordIndex';
import { Recorder, type RecorderLeasing } from '../../video/Recorder';
import { StreamSupervisor, TooManyStreams } from '../../video/StreamSupervisor';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { parseBody } from '../validation';

/** Message of video/open for a camera without a stream source. */
export const NO_STREAM = 'Please bind video monitoring device first!';

/** The input of a camera's `quality` stream: the sub URL falls back to the main one where there is none. */
function inputOf(s: CameraStreamSource, quality: StreamQuality): StreamInput | null {
  if (s.source === 'demo') return { source: 'demo', quality };
  const url = quality === 'sub' ? (s.subUrl ?? s.mainUrl) : s.mainUrl;
  return url ? { source: s.source, url } : null;
}

/** The qualities a camera offers: main, and sub where it has its own sub stream (the demo has both). */
function qualitiesOf(s: { source: CameraStreamSource['source'] | null; subUrl: string | null }): StreamQuality[] {
  if (s.source === null) return [];
  return s.source === 'demo' || s.subUrl !== null ? ['main', 'sub'] : ['main'];
}

/** A stored source as an administrator reads it: passwords redacted. */
function toRow(sn: string, name: string, s: { source: CameraStreamSource['source'] | null; mainUrl: string | null; subUrl: string | null; updatedAtMs: number | null }): CameraStreamRow {
  return {
    sn,
    name,
    source: s.source,
    mainUrl: s.mainUrl === null ? null : redactStreamUrl(s.mainUrl),
    subUrl: s.subUrl === null ? null : redactStreamUrl(s.subUrl),
    updatedAtMs: s.updatedAtMs,
  };
}

/** Message of admin/camera/streamSet for a redacted password that no saved URL of the same camera address holds. */
export const RETYPE_PASSWORD = 'Type the password again: no saved password for this user and address';

/** A URL's scheme, user, password (absent: none) and `host:port`, when it has user information. */
const CREDENTIALS = /^([a-z][a-z0-9+.-]*:\/\/)([^/@\s:]*)(?::([^/@\s]*))?@([^/\s?#]+)/i;

/** `scheme://user@host:port` of a URL with user information (the password left out), or null. */
function credentialScope(url: string): string | null {
  const m = CREDENTIALS.exec(url);
  return m ? `${m[1].toLowerCase()}${m[2]}@${m[4].toLowerCase()}` : null;
}

/**
 * A URL whose password is {@link REDACTED} (the redacted URL of admin/camera/streams sent back, or a form
 * that leaves the password empty) takes the password of a saved URL with the same scheme, user, host and
 * port (the path may differ: another channel of the same camera or NVR). A password is thus only ever sent
 * to the address it was saved for. Any other URL is taken as it is.
 * @param saved the camera's saved URLs, first match wins
 * @throws ApiError VALIDATION ({@link RETYPE_PASSWORD}) when no saved URL has that user and address
 */
export function keepSavedPassword(sent: string | null, saved: ReadonlyArray<string | null>): string | null {
  if (sent === null || !sent.includes(`:${REDACTED}@`)) return sent;
  const scope = credentialScope(sent);
  const from = saved.find((u) => u !== null && scope !== null && credentialScope(u) === scope && !u.includes(`:${REDACTED}@`));
  if (!from) throw new ApiError('VALIDATION', RETYPE_PASSWORD);
  const password = CREDENTIALS.exec(from)?.[3] ?? '';
  return sent.replace(`:${REDACTED}@`, `:${password}@`);
}

/**
 * The video routes (docs/api.md "Video"): the cameras with their streams, a viewer's lease (video/open),
 * the HLS files of a running stream, the recordings (history playlist of a range and its files), and the
 * administrators' stream sources. The streams run in a {@link StreamSupervisor}, the recordings in a
 * {@link Recorder} (both stopped when the app closes); the returned snapshot reads both for the status page.
 */
export function registerVideoRoutes(app: FastifyInstance, deps: HttpDeps): VideoStatusSource {
  const supervisor = new StreamSupervisor(deps.config.video, app.log);
  // on PostgreSQL (which the nodes of a cluster share) a camera is recorded by the node holding its lease
  const { db, config } = deps;
  const leasing: RecorderLeasing | null =
    config.databaseUrl === null
      ? null
      : {
          nodeId: config.nodeId,
          take: (cameras, nowMs, leaseMs) => takeRecorderLeases(db, config.nodeId, cameras, nowMs, leaseMs),
          release: (cameras) => releaseRecorderLeases(db, config.nodeId, cameras),
          list: (nowMs) => recorderLeases(db, nowMs),
        };
  const recorder = new Recorder(config.video, () => camerasWithSources(db), app.log, Date.now, leasing);
  app.addHook('onClose', async () => {
    await Promise.all([supervisor.close(), recorder.close()]);
  });

  route(app, deps, VIDEO.cameras, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const rows = await videoDeviceRows(deps.db, body.projectId);
    return rows.map((r) => ({ sn: r.sn, name: r.name, area: r.position, source: r.source, qualities: qualitiesOf(r), streams: supervisor.statusOf(body.projectId, r.sn) }));
  });

  route(app, deps, VIDEO.open, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const source = await cameraStreamSource(deps.db, body.projectId, body.sn);
    if (!source) throw new ApiError('NOT_FOUND', NO_STREAM);
    const input = inputOf(source, body.quality);
    if (!input) throw new ApiError('NOT_FOUND', NO_STREAM);
    const name = (await videoDeviceRows(deps.db, body.projectId)).find((r) => r.sn === body.sn)?.name ?? body.sn;
    try {
      const { state, codec } = await supervisor.open({ projectId: body.projectId, sn: body.sn, quality: body.quality, input, caption: name });
      return { state, codec, playlist: state === 'live' ? hlsFileUrl(body.projectId, body.sn, body.quality, 'index.m3u8') : null };
    } catch (e) {
      if (e instanceof TooManyStreams) throw new ApiError('CONFLICT', e.message);
      throw e;
    }
  });

  rawRoute(app, VIDEO.hls, async (req, reply) => {
    const user = sessionUserOf(req);
    const q = parseBody(VIDEO.hls.body, req.query);
    requireMember(user, q.projectId);
    // a segment ffmpeg has just deleted is not found either: the player asks for the playlist again
    const bytes = await readNamedFile(supervisor.file(q.projectId, q.sn, q.quality, q.file));
    void reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    if (q.file.endsWith('.m3u8')) {
      const text = rewritePlaylistFor(bytes.toString('utf8'), q.projectId, q.sn, q.quality);
      return reply.type('application/vnd.apple.mpegurl').send(text);
    }
    return reply.type('video/mp4').send(bytes);
    // a player asks for the playlist and a segment every second per tile: a 16-tile wall would exceed the API's
    // per-minute limit, so the stream files are outside it (a member's session is still required)
  }, { config: { rateLimit: false } });

  /** The kept segments of a camera's recording in a range. @throws ApiError NOT_FOUND ({@link NO_RECORD}) when there are none. */
  const recorded = (q: { projectId: string; sn: string; fromMs: number; toMs: number }) => {
    const segments = segmentsInRange(recorder.segments(q.projectId, q.sn), q.fromMs, q.toMs);
    if (segments.length === 0) throw new ApiError('NOT_FOUND', NO_RECORD);
    return segments;
  };

  route(app, deps, VIDEO.history, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const segments = recorded(body);
    return { playlist: historyPlaylistUrl(body.projectId, body.sn, body.fromMs, body.toMs), spans: spansOf(segments) };
  });

  rawRoute(app, VIDEO.historyHls, async (req, reply) => {
    const user = sessionUserOf(req);
    const q = parseBody(VIDEO.historyHls.body, req.query);
    requireMember(user, q.projectId);
    const text = historyPlaylist(recorded(q), (run, file) => recordFileRef(q.projectId, q.sn, run, file));
    return reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').type('application/vnd.apple.mpegurl').send(text);
  }, { config: { rateLimit: false } });

  rawRoute(app, VIDEO.record, async (req, reply) => {
    const user = sessionUserOf(req);
    const q = parseBody(VIDEO.record.body, req.query);
    requireMember(user, q.projectId);
    // pruned between the check and the read: not found either
    const bytes = await readNamedFile(recorder.file(q.projectId, q.sn, q.run, q.file));
    // a recorded file never changes: the browser may keep it while the session lasts
    return reply.header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').type('video/mp4').send(bytes);
    // a player seeking through a recording asks for many segments: outside the per-minute limit like the live files
  }, { config: { rateLimit: false } });

  route(app, deps, VIDEO.streamList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const rows = await videoDeviceRows(deps.db, body.projectId);
    return rows.map((r) => toRow(r.sn, r.name, r));
  });

  route(app, deps, VIDEO.streamSet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (!(await isVideoDevice(deps.db, body.projectId, body.sn))) throw new ApiError('NOT_FOUND', 'No camera with this serial number in the project');
    const saved = await cameraStreamSource(deps.db, body.projectId, body.sn);
    const next: CameraStreamSource = {
      projectId: body.projectId,
      sn: body.sn,
      source: body.source,
      mainUrl: keepSavedPassword(body.mainUrl, [saved?.mainUrl ?? null, saved?.subUrl ?? null]),
      subUrl: keepSavedPassword(body.subUrl, [saved?.subUrl ?? null, saved?.mainUrl ?? null]),
      updatedAtMs: Date.now(),
    };
    await saveCameraStream(deps.db, next);
    await supervisor.stopCamera(body.projectId, body.sn);
    void recorder.sync();
    const name = (await videoDeviceRows(deps.db, body.projectId)).find((r) => r.sn === body.sn)?.name ?? body.sn;
    return toRow(body.sn, name, next);
  });

  route(app, deps, VIDEO.streamRemove, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const removed = await removeCameraStreams(deps.db, body.projectId, [body.sn]);
    await supervisor.stopCamera(body.projectId, body.sn);
    void recorder.sync();
    return { removed };
  });

  return { snapshot: () => ({ ...supervisor.snapshot(), recorder: recorder.status() }) };
}

/** The video of this node as system/status and /metrics show it: the live streams and the recorder. */
export interface VideoStatusSource {
  snapshot(): SystemStatus['video'];
}

/** ffmpeg's playlist with its file names turned into this route's URLs. */
function rewritePlaylistFor(text: string, projectId: string, sn: string, quality: StreamQuality): string {
  return rewritePlaylist(text, (name) => hlsFileRef(projectId, sn, quality, name), (name) => HLS_FILE.test(name));
}

/**
 * The bytes of a stream or recording file the supervisor or recorder named (null: none by that name).
 * @throws ApiError NOT_FOUND when there is none, or it was deleted between naming and reading
 */
async function readNamedFile(file: string | null): Promise<Buffer> {
  if (!file) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
  try {
    return await readFile(file);
  } catch {
    throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
  }
}
