import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RECORDING_STALE_S, type RecorderLeaseStatus, type RecorderState, type VideoRecorderStatus } from '../../protocol';
import type { RecordCameras, VideoConfig } from '../config';
import type { CameraKey, RecordableCamera, RecorderLease } from '../storage';
import { CAPTION_FILE, ffmpegArgs, type DemoFonts, type StreamInput } from './ffmpegArgs';
import { CAMERA_FILE, cameraOf, isCameraDir, listDirs, readCameraFolder, writeAtomically } from './recordFolder';
import { indexLine, INDEX_FILE, parseRecordPlaylist, RECORD_PLAYLIST, recordOutputArgs, segmentNumber, type RecordedSegment } from './recordIndex';
import { findDemoFonts, lastLine, restartDelayMs, safeName, sameInput, stopProcess } from './StreamSupervisor';

/** How often running recordings' new segments are indexed, ms. */
const INDEX_TICK_MS = 2_000;
/** How often segments are pruned by age and by the disk cap, ms. */
const PRUNE_EVERY_MS = 10_000;
/** A recorder lease lasts this many sync periods (VIDEO_RECORD_SYNC_S), so a sync or two may be late without losing it. */
export const LEASE_SYNC_PERIODS = 3;
/** Most owners of leased cameras the status lists (a bound for the status page and /metrics). */
const MAX_OWNERS_LISTED = 256;
/**
 * With leasing: another node's camera read from the shared folder is forgotten when nobody asked for it this
 * long, ms (it is read again on the next ask), so the recorder's memory holds only cameras in use.
 */
export const FORGET_UNREAD_MS = 60_000;

/**
 * Recorder leases in the shared database (server/storage/videoRecorderLeases.ts), for nodes of a cluster
 * writing one shared VIDEO_RECORD_DIR: a camera is recorded only by the node holding its lease.
 */
export interface RecorderLeasing {
  /** This node's id (NODE_ID). */
  nodeId: string;
  /** Takes or renews the leases of `cameras` until `nowMs + leaseMs`; @returns those this node holds. */
  take(cameras: readonly CameraKey[], nowMs: number, leaseMs: number): Promise<CameraKey[]>;
  /** Gives up this node's leases of `cameras`, or all of them. */
  release(cameras?: readonly CameraKey[]): Promise<void>;
  /** The leases not expired at `nowMs`. */
  list(nowMs: number): Promise<RecorderLease[]>;
}

/** Whether the recorder's `cameras` setting (VIDEO_RECORD) records `cam`. */
export function isRecorded(cameras: RecordCameras, cam: { sn: string; source: string }): boolean {
  if (cameras === 'off') return false;
  if (cameras === 'all') return true;
  if (cameras === 'demo') return cam.source === 'demo';
  return cameras.includes(cam.sn);
}

/** What a camera's recording reads: the main stream of RTSP and HLS sources (copied); the demo's small sub picture (encoded). */
export function recordInput(cam: RecordableCamera): StreamInput | null {
  if (cam.source === 'demo') return { source: 'demo', quality: 'sub' };
  return cam.mainUrl ? { source: cam.source, url: cam.mainUrl } : null;
}

/** One camera's kept segments and, while it is recorded, its ffmpeg. */
class CameraRecord {
  segments: RecordedSegment[] = [];
  bytes = 0;
  child: ChildProcess | null = null;
  /** The run ffmpeg writes now (null when not running). */
  run: string | null = null;
  lastNumber = -1;
  failuresInRow = 0;
  restartTimer: NodeJS.Timeout | null = null;
  recording: { input: StreamInput; name: string } | null = null;
  /** The camera's name the last time it was recorded in this run of the node. */
  name: string | null = null;
  /** The state last seen by {@link Recorder.status} or the tick, and since when (ms). */
  state: RecorderState = 'stopped';
  sinceMs: number;
  /** ffmpeg restarts after a failure since the node started. */
  restarts = 0;
  /** Why ffmpeg last failed (redacted), cleared by the next finished segment. */
  lastError: string | null = null;
  /**
   * Whether this node writes and prunes the camera's folder: always without leases; with leases while it
   * holds the camera's lease (until `leaseUntilMs`). Another node's camera is read again from its index
   * files when asked ({@link Recorder.segments}).
   */
  owned = false;
  leaseUntilMs = 0;
  /** When a camera this node does not own was last read from disk, ms. */
  readAtMs = 0;

  constructor(
    readonly projectId: string,
    readonly sn: string,
    readonly dir: string,
    nowMs: number,
  ) {
    this.sinceMs = nowMs;
  }

  /** What the recorder does for this camera at `nowMs` (RECORDER_STATES in protocol/video.ts). */
  stateAt(nowMs: number): RecorderState {
    if (this.child) {
      const last = this.segments.at(-1);
      const fresh = last !== undefined && last.run === this.run && nowMs - (last.startMs + last.durationMs) <= RECORDING_STALE_S * 1000;
      return fresh ? 'recording' : 'starting';
    }
    return this.recording ? 'retrying' : 'stopped';
  }

  /** Notes the state at `nowMs`, starting its `sinceMs` when it changed. */
  observe(nowMs: number): RecorderState {
    const state = this.stateAt(nowMs);
    if (state !== this.state) {
      this.state = state;
      this.sinceMs = nowMs;
    }
    return state;
  }
}

/**
 * Records cameras around the clock (docs/architecture.md "Video"): one ffmpeg per recorded camera, apart
 * from the on-demand live streams (a recording needs no viewer and outlives a live stream's idle stop),
 * writing 2 s fMP4 segments with program date-times into a run folder under `record.dir`. Each finished
 * segment is indexed (in memory and in the run's index file, so a restart keeps every recording); segments
 * older than the retention, then the oldest beyond the disk cap, are deleted. An ffmpeg that exits starts
 * a new run after a back-off (1 s doubling to 30 s). The cameras come from `listCameras` (every 30 s and
 * on {@link sync}) filtered by VIDEO_RECORD; at most VIDEO_RECORD_MAX_CAMERAS are recorded.
 *
 * With `leasing` (a PostgreSQL database: nodes of a cluster share it and, as a requirement, the record
 * folder), a node records only the cameras whose lease it holds (taken or renewed at each sync, lasting
 * {@link LEASE_SYNC_PERIODS} syncs), stops a camera's ffmpeg when it loses the lease, prunes only its own
 * cameras and never deletes at start; another node's recordings are read from their index files on demand.
 */
export class Recorder {
  private readonly cameras = new Map<string, CameraRecord>();
  private readonly fonts: DemoFonts = findDemoFonts();
  private readonly timer: NodeJS.Timeout;
  private lastPruneMs = 0;
  private lastSyncMs = 0;
  private syncing: Promise<void> | null = null;
  private closed = false;
  private overWarned = false;
  /** The leased cameras' owners as of the last sync (with leasing). */
  private owners: RecorderLeaseStatus[] = [];

  constructor(
    private readonly config: VideoConfig,
    private readonly listCameras: () => Promise<RecordableCamera[]>,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly now: () => number = Date.now,
    private readonly leasing: RecorderLeasing | null = null,
  ) {
    mkdirSync(config.record.dir, { recursive: true });
    this.load();
    this.prune();
    this.timer = setInterval(() => this.tick(), INDEX_TICK_MS);
    this.timer.unref();
    void this.sync();
  }

  /**
   * The kept segments of a camera, time ordered (empty when none). A camera another node records is read
   * again from its index files when the last read is older than the index tick.
   */
  segments(projectId: string, sn: string): readonly RecordedSegment[] {
    return this.current(projectId, sn)?.segments ?? [];
  }

  /** A camera's record, up to date: with leasing, one this node does not own is (re)read from the shared folder. */
  private current(projectId: string, sn: string): CameraRecord | undefined {
    const key = keyOf(projectId, sn);
    let c = this.cameras.get(key);
    if (!this.leasing || c?.owned) return c;
    const now = this.now();
    if (c && now - c.readAtMs < INDEX_TICK_MS) return c;
    const dir = this.dirOf(projectId, sn);
    if (!c) {
      if (!isCameraDir(dir, projectId, sn)) return undefined;
      c = new CameraRecord(projectId, sn, dir, now);
      this.cameras.set(key, c);
    }
    this.readSegments(c, false);
    c.readAtMs = now;
    return c;
  }

  /**
   * The cameras this node records or keeps segments of, by project and serial number, with the disk use
   * and the limits in force (the status page and /metrics; docs/operations.md "Metrics").
   */
  status(): VideoRecorderStatus {
    const now = this.now();
    const cameras = [...this.cameras.values()]
      .filter((c) => c.owned && (c.recording !== null || c.segments.length > 0))
      .map((c) => {
        const last = c.segments.at(-1);
        return {
          projectId: c.projectId,
          sn: c.sn,
          name: c.name,
          state: c.observe(now),
          sinceMs: c.sinceMs,
          lastSegmentMs: last ? last.startMs + last.durationMs : null,
          restarts: c.restarts,
          failuresInRow: c.failuresInRow,
          lastError: c.lastError,
          bytes: c.bytes,
        };
      })
      .sort((a, b) => (a.projectId === b.projectId ? (a.sn < b.sn ? -1 : 1) : a.projectId < b.projectId ? -1 : 1));
    return {
      cameras,
      bytes: this.totalBytes(),
      maxBytes: this.config.record.maxBytes,
      retentionMs: this.config.record.retentionMs,
      nodeId: this.leasing?.nodeId ?? null,
      owners: this.owners,
    };
  }

  /** Bytes of kept segments of the cameras this node owns (what the disk cap bounds: with leasing, each node its own). */
  totalBytes(): number {
    let n = 0;
    for (const c of this.cameras.values()) if (c.owned) n += c.bytes;
    return n;
  }

  /** The path of a recorded file that is kept (an indexed segment, or the init segment of a run with one), else null. */
  file(projectId: string, sn: string, run: string, file: string): string | null {
    const c = this.current(projectId, sn);
    if (!c) return null;
    const kept = file === 'init.mp4' ? c.segments.some((s) => s.run === run) : c.segments.some((s) => s.run === run && s.file === file);
    return kept ? path.join(c.dir, run, file) : null;
  }

  /**
   * Reads the cameras again and starts or stops recordings to match (after a source changed). With
   * VIDEO_RECORD off nothing is ever recorded, so the database is not asked.
   */
  sync(): Promise<void> {
    if (this.closed || this.config.record.cameras === 'off') return Promise.resolve();
    this.syncing ??= this.doSync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /**
   * Stops every recording (indexing what it finished) and gives up this node's leases, so another node takes
   * its cameras at its next sync. The recordings stay on disk. Idempotent.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.syncing?.catch(() => undefined);
    await Promise.all([...this.cameras.values()].map((c) => this.stopRecording(c)));
    await this.leasing?.release().catch((err: unknown) => this.log.warn({ err }, 'could not release the recorder leases'));
  }

  /**
   * Of the wanted cameras, those this node records now: all without leasing; with it, those whose lease it
   * holds (at most the camera limit), with when the lease ends (ms; Infinity without leasing).
   */
  private async leased(wanted: Map<string, { cam: RecordableCamera }>, names: ReadonlyMap<string, string>): Promise<{ mine: Set<string>; untilMs: number }> {
    if (!this.leasing) return { mine: new Set(wanted.keys()), untilMs: Number.POSITIVE_INFINITY };
    const now = this.now();
    const leaseMs = LEASE_SYNC_PERIODS * this.config.record.syncMs;
    const cams = [...wanted.values()].map(({ cam }) => ({ projectId: cam.projectId, sn: cam.sn }));
    const taken = await this.leasing.take(cams, now, leaseMs);
    // a database that answered only after the leases it granted ended: nothing is this node's (dropExpired stops them)
    const held = new Set(this.now() < now + leaseMs ? taken.map((k) => keyOf(k.projectId, k.sn)) : []);
    // keep the cameras recorded already first, then the first in order; give the rest back at once
    const order = [...wanted.keys()].filter((k) => held.has(k)).sort((a, b) => Number(this.cameras.get(b)?.owned ?? false) - Number(this.cameras.get(a)?.owned ?? false));
    const kept = new Set(order.slice(0, this.config.record.maxCameras));
    const extra = order.filter((k) => !kept.has(k)).map((k) => wanted.get(k)!.cam);
    if (extra.length > 0) await this.leasing.release(extra.map((c) => ({ projectId: c.projectId, sn: c.sn })));
    // leases of cameras no longer wanted (source removed, VIDEO_RECORD changed) are given back too
    const unwanted = [...this.cameras.values()].filter((c) => c.owned && !wanted.has(keyOf(c.projectId, c.sn))).map((c) => ({ projectId: c.projectId, sn: c.sn }));
    if (unwanted.length > 0) await this.leasing.release(unwanted);
    // leases that ended within the last lease length are listed too: a camera nobody took over shows as such
    this.owners = (await this.leasing.list(now - leaseMs)).slice(0, MAX_OWNERS_LISTED).map((l) => ({
      projectId: l.projectId,
      sn: l.sn,
      name: names.get(keyOf(l.projectId, l.sn)) ?? null,
      nodeId: l.nodeId,
      expiresAtMs: l.expiresAtMs,
    }));
    return { mine: kept, untilMs: now + leaseMs };
  }

  /** With leasing: the camera's lease ran out before a sync renewed it (another node may record it now), so it stops here. */
  private async dropExpired(now: number): Promise<void> {
    if (!this.leasing) return;
    for (const c of this.cameras.values()) {
      if (c.owned && now >= c.leaseUntilMs) {
        this.log.warn({ camera: keyOf(c.projectId, c.sn) }, 'recorder lease not renewed in time: recording stopped on this node');
        c.owned = false;
        await this.stopRecording(c);
      }
    }
  }

  private async doSync(): Promise<void> {
    this.lastSyncMs = this.now();
    let list: RecordableCamera[];
    try {
      list = await this.listCameras();
    } catch (err) {
      this.log.warn({ err }, 'could not read the cameras to record');
      return;
    }
    if (this.closed) return;
    const wanted = new Map<string, { cam: RecordableCamera; input: StreamInput }>();
    for (const cam of list) {
      const input = isRecorded(this.config.record.cameras, cam) ? recordInput(cam) : null;
      if (!input) continue;
      // with leasing every candidate is asked for: a camera another node holds leaves room for the next
      if (!this.leasing && wanted.size >= this.config.record.maxCameras) {
        if (!this.overWarned) this.log.warn({ sn: cam.sn, projectId: cam.projectId, max: this.config.record.maxCameras }, 'camera not recorded: VIDEO_RECORD_MAX_CAMERAS cameras are recorded already');
        this.overWarned = true;
        continue;
      }
      wanted.set(keyOf(cam.projectId, cam.sn), { cam, input });
    }
    let mine: Set<string>;
    let untilMs: number;
    const names = new Map(list.map((cam) => [keyOf(cam.projectId, cam.sn), cam.name]));
    try {
      ({ mine, untilMs } = await this.leased(wanted, names));
    } catch (err) {
      this.log.warn({ err }, 'could not take or renew the recorder leases');
      await this.dropExpired(this.now());
      return;
    }
    if (this.closed) return;
    for (const c of this.cameras.values()) {
      const key = keyOf(c.projectId, c.sn);
      const w = mine.has(key) ? wanted.get(key) : undefined;
      if (c.recording && (!w || !sameInput(c.recording.input, w.input))) await this.stopRecording(c);
      // a camera whose lease went to another node: read from the shared folder from now on
      if (this.leasing && !w) c.owned = false;
    }
    for (const key of mine) {
      const { cam, input } = wanted.get(key)!;
      let c = this.cameras.get(key);
      if (!c) {
        c = this.cameraRecord(cam.projectId, cam.sn);
        this.cameras.set(key, c);
      }
      if (!c.owned) {
        // taken over: what the node before wrote is read afresh (sizes too: this node prunes it now)
        this.readSegments(c, true);
        c.owned = true;
      }
      c.leaseUntilMs = untilMs;
      if (!c.recording && !this.closed) {
        c.recording = { input, name: cam.name };
        c.name = cam.name;
        c.failuresInRow = 0;
        c.lastError = null;
        this.spawn(c);
      }
    }
  }

  /** A camera's record, its folder made with the file naming it. */
  private cameraRecord(projectId: string, sn: string): CameraRecord {
    const dir = this.dirOf(projectId, sn);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, CAMERA_FILE), JSON.stringify({ projectId, sn }));
    const c = new CameraRecord(projectId, sn, dir, this.now());
    c.owned = !this.leasing;
    return c;
  }

  /** A camera's folder. */
  private dirOf(projectId: string, sn: string): string {
    return path.join(this.config.record.dir, safeName(projectId), safeName(sn));
  }

  private spawn(c: CameraRecord): void {
    if (!c.recording) return;
    // a run id is its start in ms: 13 digits (RECORD_RUN), one more ms when a run started in this one
    let startMs = this.now();
    while (existsSync(path.join(c.dir, String(startMs)))) startMs++;
    const run = String(startMs);
    const runDir = path.join(c.dir, run);
    mkdirSync(runDir, { recursive: true });
    if (c.recording.input.source === 'demo') writeFileSync(path.join(runDir, CAPTION_FILE), c.recording.name.slice(0, 80));
    c.run = run;
    c.lastNumber = -1;
    let log = '';
    const child = spawn(this.config.ffmpegPath, ffmpegArgs(c.recording.input, runDir, this.fonts, recordOutputArgs(runDir)), { stdio: ['ignore', 'ignore', 'pipe'] });
    c.child = child;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      log = (log + chunk).slice(-1_000);
    });
    const ended = (why: string) => {
      if (c.child !== child) return;
      c.child = null;
      this.indexRun(c);
      c.run = null;
      if (!c.recording || this.closed) return;
      c.failuresInRow++;
      // the stderr line is redacted already; a spawn error's message is redacted here too
      c.lastError = lastLine(why).slice(0, 300);
      const wait = restartDelayMs(c.failuresInRow);
      if (c.failuresInRow === 1) this.log.warn({ camera: keyOf(c.projectId, c.sn), error: c.lastError }, 'camera recording stopped: restarting with back-off');
      c.observe(this.now());
      c.restartTimer = setTimeout(() => {
        c.restartTimer = null;
        if (c.recording && !this.closed) {
          c.restarts++;
          this.spawn(c);
        }
      }, wait);
      c.restartTimer.unref();
    };
    child.on('error', (err) => ended(`ffmpeg could not run: ${err.message}`));
    child.on('close', (code, signal) => ended(`ffmpeg exited (${signal ?? `code ${code}`}): ${lastLine(log)}`));
  }

  /**
   * Adds the segments ffmpeg finished since the last look to the camera's index (memory and the run's file).
   * With leasing only those that ended within this node's lease: after a stall longer than the lease another
   * node may record the camera already, and what ffmpeg wrote on here since is left out of the history
   * (docs/operations.md "Recording").
   */
  private indexRun(c: CameraRecord): void {
    if (!c.run) return;
    const runDir = path.join(c.dir, c.run);
    let text: string;
    try {
      text = readFileSync(path.join(runDir, RECORD_PLAYLIST), 'utf8');
    } catch {
      return; // nothing finished yet
    }
    let lines = '';
    for (const s of parseRecordPlaylist(text)) {
      const n = segmentNumber(s.file);
      if (n <= c.lastNumber) continue;
      if (this.leasing && s.startMs + s.durationMs > c.leaseUntilMs) break;
      let bytes: number;
      try {
        bytes = statSync(path.join(runDir, s.file)).size;
      } catch {
        continue;
      }
      c.lastNumber = n;
      c.segments.push({ run: c.run, file: s.file, startMs: s.startMs, durationMs: s.durationMs, bytes });
      c.bytes += bytes;
      lines += indexLine(s);
      if (c.failuresInRow > 0) c.failuresInRow = 0;
      c.lastError = null;
    }
    if (lines) appendFileSync(path.join(runDir, INDEX_FILE), lines);
  }

  private tick(): void {
    if (this.closed) return;
    const now = this.now();
    for (const c of this.cameras.values()) {
      if (c.child) this.indexRun(c);
      c.observe(now);
    }
    void this.dropExpired(now);
    if (now - this.lastPruneMs >= PRUNE_EVERY_MS) this.prune();
    if (now - this.lastSyncMs >= this.config.record.syncMs) void this.sync();
  }

  /** Deletes segments older than the retention, then the oldest while the kept bytes exceed the disk cap; runs left with none are deleted. */
  prune(): void {
    const now = this.now();
    this.lastPruneMs = now;
    const cutoff = now - this.config.record.retentionMs;
    /** The runs each camera lost segments of. */
    const touched = new Map<CameraRecord, Set<string>>();
    const dropFirst = (c: CameraRecord) => {
      const s = c.segments.shift();
      if (!s) return;
      c.bytes -= s.bytes;
      const runs = touched.get(c);
      if (runs) runs.add(s.run);
      else touched.set(c, new Set([s.run]));
      try {
        unlinkSync(path.join(c.dir, s.run, s.file));
      } catch {
        // already gone
      }
    };
    // with leasing, only while the lease lasts: a node back from a stall must not prune (nor delete runs of) a camera another node took
    const owned = [...this.cameras.values()].filter((c) => c.owned && (!this.leasing || now < c.leaseUntilMs));
    for (const c of owned) while (c.segments.length > 0 && c.segments[0].startMs + c.segments[0].durationMs < cutoff) dropFirst(c);
    // the cap bounds the cameras this node may prune (totalBytes() less any whose lease just lapsed)
    let total = owned.reduce((n, c) => n + c.bytes, 0);
    while (total > this.config.record.maxBytes) {
      let oldest: CameraRecord | null = null;
      for (const c of owned) if (c.segments.length > 0 && (!oldest || c.segments[0].startMs < oldest.segments[0].startMs)) oldest = c;
      if (!oldest) break;
      total -= oldest.segments[0].bytes;
      dropFirst(oldest);
    }
    for (const [c, runs] of touched) this.rewriteIndexes(c, runs);
    this.forgetIdle(now);
  }

  /**
   * Bounds the recorder's memory: a camera it does not record (no ffmpeg, no restart pending) is forgotten
   * once it keeps no segment, and another node's camera once nobody asked for it for {@link FORGET_UNREAD_MS}.
   * Both are read from disk again when asked or recorded again.
   */
  private forgetIdle(now: number): void {
    for (const [key, c] of this.cameras) {
      if (c.recording || c.child || c.restartTimer) continue;
      if (c.segments.length === 0 || (!c.owned && now - c.readAtMs >= FORGET_UNREAD_MS)) this.cameras.delete(key);
    }
  }

  /** How many cameras the recorder holds in memory (bounded by {@link forgetIdle}). */
  cameraCount(): number {
    return this.cameras.size;
  }

  /** After pruning: the index file of each run in `pruned` lists only its kept segments; a run with none (not the one being written) is deleted. */
  private rewriteIndexes(c: CameraRecord, pruned: ReadonlySet<string>): void {
    const byRun = new Map<string, RecordedSegment[]>();
    for (const s of c.segments) {
      const list = byRun.get(s.run);
      if (list) list.push(s);
      else byRun.set(s.run, [s]);
    }
    for (const run of listDirs(c.dir)) {
      const kept = byRun.get(run);
      if (!kept && run !== c.run) rmSync(path.join(c.dir, run), { recursive: true, force: true });
      else if (kept && pruned.has(run)) writeAtomically(path.join(c.dir, run, INDEX_FILE), kept.map(indexLine).join(''));
    }
  }

  /**
   * Reads the recordings kept on disk (a restart keeps them): every camera folder's runs and their indexes.
   * Without leasing a run that finished no segment is deleted; with it nothing is (another node may be
   * starting that run).
   */
  private load(): void {
    for (const project of listDirs(this.config.record.dir)) {
      for (const cam of listDirs(path.join(this.config.record.dir, project))) {
        const dir = path.join(this.config.record.dir, project, cam);
        const ids = cameraOf(dir);
        if (!ids) continue;
        const c = new CameraRecord(ids.projectId, ids.sn, dir, this.now());
        c.owned = !this.leasing;
        this.readSegments(c, true);
        if (!this.leasing) for (const run of listDirs(dir)) if (!c.segments.some((s) => s.run === run)) rmSync(path.join(dir, run), { recursive: true, force: true });
        c.readAtMs = this.now();
        this.cameras.set(keyOf(c.projectId, c.sn), c);
      }
    }
  }

  /** Replaces a camera's segments by those its runs' index files list ({@link readCameraFolder}). */
  private readSegments(c: CameraRecord, withBytes: boolean): void {
    const { segments, bytes } = readCameraFolder(c.dir, withBytes);
    c.segments = segments;
    c.bytes = bytes;
  }

  private async stopRecording(c: CameraRecord): Promise<void> {
    c.recording = null;
    if (c.restartTimer) clearTimeout(c.restartTimer);
    c.restartTimer = null;
    // its 'close' indexes the segments it finished (spawn's `ended`)
    if (c.child) await stopProcess(c.child);
  }
}

/** The key of a camera. */
function keyOf(projectId: string, sn: string): string {
  return `${projectId}/${sn}`;
}
