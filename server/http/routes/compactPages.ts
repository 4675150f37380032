import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { TRACKS_COMPACT_PAGE_MS, TRACKS_DEFAULT_GAP_MS, TRACKS_DEFAULT_TOLERANCE_M } from '../../../protocol';
import { encodeTracksStepwise, withTrackPageCursor } from '../../../protocol/trackCodec';
import { beaconSns, firstChunkStart, hasOpenChunks, projectIdsWithBeacons, rawChunkFingerprint, readRaw } from '../../storage';
import type { FastifyBaseLogger } from 'fastify';
import type { HttpDeps } from '../context';
import { TrackPageCache } from './trackPageCache';

/**
 * Age after which a compact tracks page can no longer change, ms: the telemetry writer seals a chunk at
 * the latest 2 minutes after its last reading and writes it within its 1 s flush (server/ingest/telemetryWriter.ts).
 * Only such pages are cached, and only while no open chunk overlaps them.
 */
export const TRACKS_SEALED_AFTER_MS = 3 * 60_000;
/** Longest synchronous stretch of compact encoding before the event loop is given back, ms. */
const ENCODE_SLICE_MS = 20;
/** How often the warmer looks for hour pages that sealed since (ms). */
export const TRACKS_WARM_EVERY_MS = 60_000;
/** Delay of the first warming pass after a start (ms): the start itself (migrations, seed, live ingest) comes first. */
export const TRACKS_WARM_FIRST_MS = 20_000;

/** A warming pass cut short by stop(). */
class WarmingStopped extends Error {}

/** One page of compact tracks as telemetry/tracks/compact answers it (docs/api.md "Compact personnel tracks"). */
export interface CompactPageRequest {
  projectId: string;
  tunnelId?: string;
  pageFromMs: number;
  pageToMs: number;
  /** Start of the next page of the request, or null on its last page (written into the page). */
  nextCursor: number | null;
  toleranceM: number;
  gapMs: number;
}

/** Where a page came from: the cache, encoded now and kept, or encoded now and not cacheable (still changing). */
export type CompactPageSource = 'hit' | 'miss' | 'off';

/** The page length inside an hour that has not sealed yet (ms): 10 minutes of the clock. */
export const TRACKS_TAIL_PAGE_MS = 10 * 60_000;

/**
 * The last ms of the compact page that starts at `pageFromMs` (before clipping to the request's range):
 * the end of its clock hour once that hour has sealed, else the end of its 10-minute slice of the clock
 * (TRACKS_TAIL_PAGE_MS), so the still-changing tail a replay must encode while the operator waits is at
 * most one slice; the sealed slices before it are warmed like the hours.
 */
export function compactPageEnd(pageFromMs: number, nowMs: number): number {
  const hour = hourPageOf(pageFromMs);
  if (hour.toMs < nowMs - TRACKS_SEALED_AFTER_MS) return hour.toMs;
  return Math.floor(pageFromMs / TRACKS_TAIL_PAGE_MS) * TRACKS_TAIL_PAGE_MS + TRACKS_TAIL_PAGE_MS - 1;
}

/** The clock hour (UTC, so also Beijing time's) holding `tMs`: its first and last ms. */
export function hourPageOf(tMs: number): { fromMs: number; toMs: number } {
  const fromMs = Math.floor(tMs / TRACKS_COMPACT_PAGE_MS) * TRACKS_COMPACT_PAGE_MS;
  return { fromMs, toMs: fromMs + TRACKS_COMPACT_PAGE_MS - 1 };
}

/**
 * The pages a warming pass at `nowMs` encodes, newest first: the sealed 10-minute slices of the hour that
 * has not sealed yet, then the last `warmHours` sealed clock hours (as compactPageEnd cuts them).
 */
export function warmPages(nowMs: number, warmHours: number): Array<{ fromMs: number; toMs: number }> {
  const out: Array<{ fromMs: number; toMs: number }> = [];
  const sealedBefore = nowMs - TRACKS_SEALED_AFTER_MS;
  let hour = hourPageOf(sealedBefore);
  if (hour.toMs >= sealedBefore) {
    for (let from = Math.floor(sealedBefore / TRACKS_TAIL_PAGE_MS) * TRACKS_TAIL_PAGE_MS - TRACKS_TAIL_PAGE_MS; from >= hour.fromMs; from -= TRACKS_TAIL_PAGE_MS) {
      out.push({ fromMs: from, toMs: from + TRACKS_TAIL_PAGE_MS - 1 });
    }
    hour = hourPageOf(hour.fromMs - 1);
  }
  for (let h = 0; h < warmHours; h++) out.push({ fromMs: hour.fromMs - h * TRACKS_COMPACT_PAGE_MS, toMs: hour.toMs - h * TRACKS_COMPACT_PAGE_MS });
  return out;
}

/**
 * The compact pages of telemetry/tracks/compact: encodes a page from the raw fixes (protocol/trackCodec.ts,
 * sliced so live ingest keeps the event loop), keeps pages that can no longer change in a bounded LRU
 * (TrackPageCache, TRACKS_CACHE_MB), and warms that cache ahead of requests: every clock hour of the last
 * `warmHours` that has sealed, and each sealed 10-minute slice of the hour still running, is encoded at the
 * default tolerance and gap within a minute of sealing (from 20 s after a start), so a replay of the last
 * hours reads finished pages instead of encoding them while the operator waits (docs/operations.md "Replay").
 */
export class CompactPages {
  private readonly cache: TrackPageCache;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private warming: Promise<void> | null = null;
  /**
   * Cacheable pages being encoded now, by cache key, so a second asker (the warmer and a replay, or two
   * screens opening one replay) waits for the first encoding; removed when it settles. One entry per
   * encoding under way. (A warmer's encoding given up by stop() fails its waiters too: the server is closing.)
   */
  private readonly encoding = new Map<string, Promise<Uint8Array>>();
  private stopped = false;

  /** @param warmHours clock hours back from now the warmer keeps encoded (0: no warming) */
  constructor(
    private readonly deps: Pick<HttpDeps, 'db' | 'config'> & { log: Pick<FastifyBaseLogger, 'warn'> },
    private readonly warmHours: number,
    private readonly now: () => number = Date.now,
  ) {
    this.cache = new TrackPageCache(deps.config.tracksCacheBytes);
  }

  /**
   * The page's body and where it came from. `opts.warming`: a warmer's page, given up when stop() is
   * called; `opts.beacons`: the project's beacon sns when the caller has them (a warming pass reads them
   * once per project, not once per page); `opts.quiet`: a page {@link quietUntil} found without fixes,
   * encoded empty at once (nothing to read, and not worth a cache entry).
   */
  async page(req: CompactPageRequest, opts: { warming?: boolean; beacons?: string[]; quiet?: boolean } = {}): Promise<{ bytes: Uint8Array; source: CompactPageSource }> {
    const { projectId, pageFromMs, pageToMs } = req;
    const warming = opts.warming ?? false;
    if (opts.quiet) return { bytes: await this.encode(req, [], warming), source: 'off' };
    const beacons = opts.beacons ?? (await beaconSns(this.deps.db, projectId));
    // a page that ended before the sealing delay, with nothing of it left in memory, changes only if chunks
    // are added (late device data) or retention clears them: the fingerprint of its chunks is in the key
    const cacheable = this.deps.config.tracksCacheBytes > 0 && pageToMs < this.now() - TRACKS_SEALED_AFTER_MS && !hasOpenChunks(this.deps.db, projectId, pageFromMs, pageToMs);
    let key: string | null = null;
    if (cacheable) {
      const devices = createHash('sha1').update(beacons.join('\u0000')).digest('base64');
      const chunks = await rawChunkFingerprint(this.deps.db, projectId, pageFromMs, pageToMs);
      // not the next cursor: the warmer's middle page of an hour is also the last page of a request ending there
      key = [projectId, req.tunnelId ?? '', pageFromMs, pageToMs, req.toleranceM, req.gapMs, devices, chunks].join('\u0000');
      const hit = this.cache.get(key);
      if (hit) return { bytes: withTrackPageCursor(hit, req.nextCursor), source: 'hit' };
      const pending = this.encoding.get(key);
      if (pending) return { bytes: withTrackPageCursor(await pending, req.nextCursor), source: 'hit' };
    }
    const bytes = this.encode(req, beacons, warming);
    if (key !== null) {
      const k = key;
      this.encoding.set(k, bytes);
      void bytes.then((b) => this.cache.set(k, b), () => undefined).finally(() => this.encoding.delete(k));
    }
    return { bytes: await bytes, source: key ? 'miss' : 'off' };
  }

  /**
   * End (ms, inclusive) of the stretch without fixes of `beacons` (the project's beacon sns) that starts at
   * `pageFromMs`, in a request ending at `toMs`: the last ms before the clock hour of the next fix, or
   * `toMs` when none follows; null when the clock hour of `pageFromMs` has fixes. A replay reaching back
   * over days nobody's beacon was heard (a new site, a shutdown) then reads one empty page for them
   * instead of one per hour.
   */
  async quietUntil(projectId: string, beacons: readonly string[], pageFromMs: number, toMs: number): Promise<number | null> {
    const next = await firstChunkStart(this.deps.db, projectId, beacons, pageFromMs, toMs);
    if (next === null) return toMs;
    const resume = hourPageOf(next).fromMs;
    return resume > pageFromMs ? resume - 1 : null;
  }

  /**
   * Starts warming: a first pass TRACKS_WARM_FIRST_MS after the start, then one TRACKS_WARM_EVERY_MS after
   * each pass ends. Idempotent; nothing when warmHours is 0 or the cache is off.
   */
  start(): void {
    if (this.timer !== null || this.stopped || this.warmHours <= 0 || this.deps.config.tracksCacheBytes <= 0) return;
    const next = (ms: number) => {
      this.timer = setTimeout(() => void this.warmNow().finally(() => !this.stopped && next(TRACKS_WARM_EVERY_MS)), ms);
      this.timer.unref();
    };
    next(TRACKS_WARM_FIRST_MS);
  }

  /** Stops warming: a pass under way ends at its next slice (its page is not kept); resolves when it has. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.warming;
  }

  /**
   * One warming pass (one at a time; a call while one runs returns that one): every project with beacons,
   * newest sealed hour first, each hour a full page as a replay's middle pages ask for it (next cursor the
   * following hour). Failures are logged; the next pass tries again.
   */
  warmNow(): Promise<void> {
    if (this.warming) return this.warming;
    this.warming = this.warmPass()
      .catch((err: unknown) => {
        if (!(err instanceof WarmingStopped)) this.deps.log.warn({ err }, 'compact tracks: warming failed');
      })
      .finally(() => (this.warming = null));
    return this.warming;
  }

  private async warmPass(): Promise<void> {
    const pages = warmPages(this.now(), this.warmHours);
    for (const projectId of await projectIdsWithBeacons(this.deps.db)) {
      const beacons = await beaconSns(this.deps.db, projectId);
      for (const p of pages) {
        if (this.stopped) return;
        await this.page({ projectId, pageFromMs: p.fromMs, pageToMs: p.toMs, nextCursor: p.toMs + 1, toleranceM: TRACKS_DEFAULT_TOLERANCE_M, gapMs: TRACKS_DEFAULT_GAP_MS }, { warming: true, beacons });
      }
    }
  }

  /** @throws WarmingStopped when `warming` and stop() was called meanwhile */
  private async encode(req: CompactPageRequest, beacons: string[], warming: boolean): Promise<Uint8Array> {
    const raw = await readRaw(this.deps.db, req.projectId, { sns: beacons }, req.pageFromMs, req.pageToMs);
    const inputs = [...raw.entries()]
      .filter(([, s]) => req.tunnelId === undefined || s.tunnelId.includes(req.tunnelId))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([sn, s]) => ({ sn, ts: s.ts, tunnelId: s.tunnelId, values: s.values }));
    // beacon by beacon, giving the event loop back every ENCODE_SLICE_MS (live ingest runs on it)
    const steps = encodeTracksStepwise(inputs, { fromMs: req.pageFromMs, toMs: req.pageToMs, nextCursor: req.nextCursor, toleranceM: req.toleranceM, gapMs: req.gapMs });
    let sliceStart = performance.now();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() - sliceStart >= ENCODE_SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (warming && this.stopped) throw new WarmingStopped();
        sliceStart = performance.now();
      }
    }
  }
}
