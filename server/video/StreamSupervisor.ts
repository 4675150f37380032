import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StreamQuality, StreamSource, StreamState, VideoStreamStatus } from '../../protocol';
import type { VideoConfig } from '../config';
import { CAPTION_FILE, codecOfLog, ffmpegArgs, PLAYLIST, type DemoFonts, type StreamInput } from './ffmpegArgs';

/** What a stream plays: its source and, for the demo, the caption (the camera's name). */
export interface StreamSpec {
  projectId: string;
  sn: string;
  quality: StreamQuality;
  input: StreamInput;
  caption: string;
}

/** First wait before restarting a failed ffmpeg, ms; doubled per failure up to {@link MAX_BACKOFF_MS}. */
export const FIRST_BACKOFF_MS = 1_000;
/** Longest wait between restarts of a failing stream, ms. */
export const MAX_BACKOFF_MS = 30_000;
/** A stream whose playlist has not appeared this long after ffmpeg started is offline (ffmpeg is stopped), ms. */
export const START_TIMEOUT_MS = 20_000;
/** How often starting streams look for their playlist and every stream is checked for idleness, ms. */
const TICK_MS = 250;
/** Characters of ffmpeg's log kept per stream (its last lines, for lastError and the status page). */
const LOG_TAIL_CHARS = 2_000;
/** How long a stopped ffmpeg gets after SIGTERM before SIGKILL, ms. */
const KILL_AFTER_MS = 3_000;

/** Debian's fonts for the demo caption (fonts-noto-cjk for Chinese camera names, fonts-dejavu-core). */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const DEJAVU_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** The demo caption's fonts found on this machine (none: the pattern is drawn without text). */
export function findDemoFonts(): DemoFonts {
  const clock = existsSync(DEJAVU_FONT) ? DEJAVU_FONT : null;
  return { caption: existsSync(CJK_FONT) ? CJK_FONT : clock, clock };
}

/** Thrown by {@link StreamSupervisor.open} when VIDEO_MAX_STREAMS streams already run. */
export class TooManyStreams extends Error {}

/** One stream: its ffmpeg, folder, state and viewers' last sign of life. */
class Stream {
  state: StreamState = 'starting';
  sinceMs: number;
  codec: string | null = null;
  starts = 0;
  failuresInRow = 0;
  lastError: string | null = null;
  lastViewMs: number;
  child: ChildProcess | null = null;
  startedAtMs = 0;
  restartTimer: NodeJS.Timeout | null = null;
  log = '';
  stopped = false;

  constructor(
    readonly key: string,
    readonly spec: StreamSpec,
    readonly dir: string,
    nowMs: number,
  ) {
    this.sinceMs = nowMs;
    this.lastViewMs = nowMs;
  }

  get source(): StreamSource {
    return this.spec.input.source;
  }
}

/** The key of a stream: project, camera and quality. */
function keyOf(projectId: string, sn: string, quality: StreamQuality): string {
  return `${projectId}/${sn}/${quality}`;
}

/**
 * Runs camera streams on demand (docs/architecture.md "Video"): {@link open} starts a stream's ffmpeg
 * (into a temporary folder of its own under VIDEO_DIR) and counts as a viewer, as does every file read
 * ({@link file}); a stream nobody viewed for `idleMs` is stopped and its folder deleted. An ffmpeg that
 * exits, or writes no playlist within {@link START_TIMEOUT_MS}, makes the stream `offline` and is restarted
 * after a back-off (1 s doubling to 30 s) while someone still watches. At most `maxStreams` run at once.
 * Recording is not done here: Recorder.ts runs an ffmpeg of its own per recorded camera.
 */
export class StreamSupervisor {
  private readonly streams = new Map<string, Stream>();
  private readonly root: string;
  private readonly tick: NodeJS.Timeout;
  private readonly fonts: DemoFonts;
  private totalStarts = 0;
  private totalFailures = 0;
  private closed = false;

  constructor(
    private readonly config: VideoConfig,
    private readonly log: { warn(obj: object, msg: string): void; info(msg: string): void },
    private readonly now: () => number = Date.now,
  ) {
    // a folder per server process, so two servers on one machine never share one
    this.root = path.join(config.dir, `${process.pid}-${randomBytes(4).toString('hex')}`);
    this.fonts = findDemoFonts();
    if (!this.fonts.clock) log.warn({ font: DEJAVU_FONT }, 'no font for the demo video caption: the test pattern is drawn without text');
    this.tick = setInterval(() => this.check(), TICK_MS);
    this.tick.unref();
  }

  /**
   * A viewer's lease: starts the stream when it is not running, marks it viewed now.
   * @returns its state and codec (the codec once ffmpeg has read the source).
   * @throws TooManyStreams when `maxStreams` already run and this one does not.
   */
  async open(spec: StreamSpec): Promise<{ state: StreamState; codec: string | null }> {
    if (this.closed) throw new Error('stream supervisor closed');
    const key = keyOf(spec.projectId, spec.sn, spec.quality);
    let s = this.streams.get(key);
    if (s && sameInput(s.spec.input, spec.input)) {
      s.lastViewMs = this.now();
      return { state: s.state, codec: s.codec };
    }
    if (s) await this.stop(s); // the administrator changed the source: start again from the new one
    if (this.streams.size >= this.config.maxStreams) throw new TooManyStreams(`at most ${this.config.maxStreams} streams run at once (VIDEO_MAX_STREAMS)`);
    s = new Stream(key, spec, path.join(this.root, `${safeName(spec.projectId)}-${safeName(spec.sn)}-${spec.quality}-${randomBytes(3).toString('hex')}`), this.now());
    this.streams.set(key, s);
    await mkdir(s.dir, { recursive: true });
    if (spec.input.source === 'demo') await writeFile(path.join(s.dir, CAPTION_FILE), spec.caption.slice(0, 80));
    if (!s.stopped) this.spawn(s);
    return { state: s.state, codec: s.codec };
  }

  /**
   * The path of a file of a running stream, marking the stream viewed; null when the stream is not
   * running or not live. `file` must already be checked against HLS_FILE (protocol/video.ts).
   */
  file(projectId: string, sn: string, quality: StreamQuality, file: string): string | null {
    const s = this.streams.get(keyOf(projectId, sn, quality));
    if (!s || s.state !== 'live') return null;
    s.lastViewMs = this.now();
    return path.join(s.dir, file);
  }

  /** The state of a camera's streams that run (or fail) now. */
  statusOf(projectId: string, sn: string): Array<{ quality: StreamQuality; state: StreamState; codec: string | null }> {
    const out: Array<{ quality: StreamQuality; state: StreamState; codec: string | null }> = [];
    for (const q of ['main', 'sub'] as const) {
      const s = this.streams.get(keyOf(projectId, sn, q));
      if (s) out.push({ quality: q, state: s.state, codec: s.codec });
    }
    return out;
  }

  /** Every stream, for the status page and /metrics, with the node's start and failure counts. */
  snapshot(): { streams: VideoStreamStatus[]; starts: number; failures: number } {
    const streams = [...this.streams.values()].map((s) => ({
      projectId: s.spec.projectId,
      sn: s.spec.sn,
      quality: s.spec.quality,
      source: s.source,
      state: s.state,
      codec: s.codec,
      starts: s.starts,
      sinceMs: s.sinceMs,
      lastError: s.lastError,
    }));
    return { streams, starts: this.totalStarts, failures: this.totalFailures };
  }

  /** Stops the streams of a camera (its source changed or was removed). */
  async stopCamera(projectId: string, sn: string): Promise<void> {
    for (const q of ['main', 'sub'] as const) {
      const s = this.streams.get(keyOf(projectId, sn, q));
      if (s) await this.stop(s);
    }
  }

  /** Stops every stream and deletes the node's video folder. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.tick);
    await Promise.all([...this.streams.values()].map((s) => this.stop(s)));
    await rm(this.root, { recursive: true, force: true });
  }

  private spawn(s: Stream): void {
    s.starts++;
    this.totalStarts++;
    s.startedAtMs = this.now();
    s.log = '';
    // a restart must not take the failed run's playlist for its own
    rmSync(path.join(s.dir, PLAYLIST), { force: true });
    if (s.state !== 'offline') this.setState(s, 'starting');
    const child = spawn(this.config.ffmpegPath, ffmpegArgs(s.spec.input, s.dir, this.fonts), { stdio: ['ignore', 'ignore', 'pipe'] });
    s.child = child;
    // the demo source is encoded here (H.264); a copied source keeps the codec ffmpeg reads from it
    if (s.spec.input.source === 'demo') s.codec = 'h264';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      s.log = (s.log + chunk).slice(-LOG_TAIL_CHARS);
      if (s.codec === null) {
        // over the kept tail, not the chunk: a line may arrive in two chunks
        for (const line of s.log.split('\n')) {
          const codec = codecOfLog(line);
          if (codec) {
            s.codec = codec;
            break;
          }
        }
      }
    });
    // a binary that cannot start (ENOENT) may report only 'error': either event fails the run, once
    child.on('error', (err) => {
      s.log = `${s.log}\n${err.message}`.slice(-LOG_TAIL_CHARS);
      if (s.child !== child) return;
      s.child = null;
      if (!s.stopped) this.failed(s, `ffmpeg could not run: ${err.message}`);
    });
    child.on('close', (code, signal) => {
      if (s.child !== child) return;
      s.child = null;
      if (s.stopped) return;
      this.failed(s, `ffmpeg exited (${signal ?? `code ${code}`}): ${lastLine(s.log)}`);
    });
  }

  /** ffmpeg failed (exited, or no playlist in time): offline, restarted after the back-off while watched. */
  private failed(s: Stream, why: string): void {
    this.totalFailures++;
    s.failuresInRow++;
    s.lastError = why.slice(0, 500);
    this.setState(s, 'offline');
    const wait = restartDelayMs(s.failuresInRow);
    if (s.failuresInRow === 1) this.log.warn({ stream: s.key, source: s.source, error: s.lastError }, 'camera stream failed: retrying with back-off');
    s.restartTimer = setTimeout(() => {
      s.restartTimer = null;
      if (!s.stopped) this.spawn(s);
    }, wait);
    s.restartTimer.unref();
  }

  private setState(s: Stream, state: StreamState): void {
    if (s.state === state) return;
    s.state = state;
    s.sinceMs = this.now();
  }

  /** Every tick: starting streams become live when their playlist appears (or fail after the timeout); idle streams stop. */
  private check(): void {
    const now = this.now();
    for (const s of this.streams.values()) {
      if (now - s.lastViewMs > this.config.idleMs) {
        void this.stop(s);
        continue;
      }
      if (!s.child || s.state === 'live') continue;
      if (existsSync(path.join(s.dir, PLAYLIST))) {
        s.failuresInRow = 0;
        s.lastError = null;
        this.setState(s, 'live');
      } else if (now - s.startedAtMs > START_TIMEOUT_MS) {
        const child = s.child;
        s.child = null;
        child.kill('SIGKILL');
        this.failed(s, `no video within ${START_TIMEOUT_MS / 1000} s: ${lastLine(s.log)}`);
      }
    }
  }

  /** Stops a stream's ffmpeg (SIGTERM, SIGKILL after 3 s) and deletes its folder. */
  private async stop(s: Stream): Promise<void> {
    if (s.stopped) return;
    s.stopped = true;
    if (this.streams.get(s.key) === s) this.streams.delete(s.key);
    if (s.restartTimer) clearTimeout(s.restartTimer);
    const child = s.child;
    s.child = null;
    if (child) await stopProcess(child);
    await rm(s.dir, { recursive: true, force: true }).catch((err: unknown) => this.log.warn({ err, dir: s.dir }, 'could not delete a stopped stream folder'));
  }
}

/** Whether two inputs are the same source (a changed URL restarts the stream). */
export function sameInput(a: StreamInput, b: StreamInput): boolean {
  if (a.source === 'demo' || b.source === 'demo') return a.source === b.source;
  return a.url === b.url;
}

/** A folder-name-safe form of an id (letters, digits, `_` and `-`, at most 64). */
export function safeName(v: string): string {
  return v.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** The wait before the next start of an ffmpeg that failed `failuresInRow` times in a row, ms: 1 s doubling to 30 s. */
export function restartDelayMs(failuresInRow: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(failuresInRow - 1, 10));
}

/** Stops an ffmpeg that still runs (SIGTERM, SIGKILL after {@link KILL_AFTER_MS}); resolves once it has closed. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The last non-empty line of a log, without anything that looks like credentials in a URL. */
export function lastLine(log: string): string {
  const lines = log.split('\n').map((l) => l.trim()).filter(Boolean);
  return (lines.at(-1) ?? '').replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1***@');
}
