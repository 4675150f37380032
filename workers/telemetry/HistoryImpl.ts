import { heatBinCount, heatBins } from './heat';
import { lowerBound, m4, upperBound } from './m4';
import type { HistoryColumns, PersonnelFrame, PersonnelTunnelFrame, PersonTrack, SeriesFrame } from './types';
import type { TransferFn } from './TelemetryImpl';
import { decodeTracks, TRACK_TUNNEL_COLUMN, type DecodedTrack } from '../../protocol/trackCodec';

/** Most devices whose history is held (a project has a few hundred; beacons included). */
export const MAX_HISTORY_DEVICES = 2048;
/** Most points held per device (8 h at 1 Hz is 28 800). */
export const MAX_HISTORY_POINTS = 200_000;
/** Most metric columns per device. */
export const MAX_HISTORY_METRICS = 64;
/** Widest window, in pixel columns. */
export const MAX_HISTORY_WIDTH_PX = 16_384;
/** Points per person in a trail (evenly spaced over trailMs). */
export const TRAIL_POINTS = 24;
/** Instants sampled for a heat map over a window (mean headcount per bin). */
export const HEAT_SAMPLES = 60;
/** Most buckets of an activity answer. */
export const MAX_ACTIVITY_BUCKETS = 100_000;
/** Most points of a followed person's track (the newest kept, in time order). */
export const MAX_TRACK_POINTS = 20_000;

/**
 * A replay personnel request: the live request's fields (instant, staleness, bin, bores) plus optional
 * trails over the last `trailMs`, a heat map of the mean headcount over [heatFromMs, nowMs] instead of
 * the instant's, and the track of `followSn` from `trackFromMs` (default: its first fix) to nowMs.
 */
export interface ReplayPersonnelRequest {
  nowMs: number;
  staleMs: number;
  binM: number;
  tunnels: Array<{ tunnelId: string; lengthM: number }>;
  trailMs?: number;
  heatFromMs?: number;
  followSn?: string;
  trackFromMs?: number;
}

/** One device's history: time-ordered typed arrays, one column per metric (NaN where absent). */
interface DeviceHistory {
  ts: Float64Array;
  cols: Map<string, Float64Array>;
  /** For beacons: the tunnel the fixes belong to (compact tracks: the last one). */
  tunnelId: string | null;
  /**
   * Compact tracks only: 1 at i when points i and i + 1 lie in one segment (the beacon reported at least
   * every gapMs in between), so the position between them is interpolated however far apart they are.
   */
  continuous?: Uint8Array;
  /** Compact tracks only: the tunnel of each point (a beacon may change bores within a range). */
  tunnels?: Array<string | null>;
}

/** The last reading of a device at or before an instant. */
export interface ReadingAt {
  /** ms since epoch of the row the values come from (the newest at or before the instant). */
  tsMs: number;
  /** Each metric's newest non-missing value at or before the instant, in its protocol unit. */
  values: Record<string, number>;
}

/** The replay worker's interface (in-worker class, worker facade and in-process facade share it). */
export interface HistoryApi {
  /**
   * Replaces the history of device `sn` with `columns` (ts ascending, as telemetry/history returns
   * them; unsorted input is sorted). `tunnelId` marks a beacon's fixes (chainageM, sos columns).
   */
  load(sn: string, columns: HistoryColumns, tunnelId?: string | null): Promise<void>;
  /**
   * Replaces the history of every beacon in `pages` (compact tracks bodies of protocol/trackCodec.ts,
   * in time order, as POST telemetry/tracks/compact answers them) with their tracks: chainage vertices
   * and step changes on one time axis, chainage interpolated at step changes between vertices, step
   * columns (battery, sos, vitals, tunnel) carried forward. Returns the beacons loaded and their
   * fixes and points (vertices plus step changes), for the "stated, never silent" answer.
   * @throws RangeError when a page is not a compact tracks body
   */
  loadTracks(pages: ArrayBuffer[]): Promise<{ beacons: number; fixes: number; points: number }>;
  /** M4 frame of [fromMs, toMs] at widthPx, like TelemetryApi.window (neighbours just outside included). */
  window(req: { sn: string; metrics: string[]; fromMs: number; toMs: number; widthPx: number }): Promise<SeriesFrame>;
  /** The last reading at or before `atMs` of each of `sns` that has one. */
  latestAt(req: { sns: string[]; atMs: number }): Promise<Record<string, ReadingAt>>;
  /**
   * Everyone's position at `nowMs`, per tunnel, with heat bins: linear interpolation of chainage between
   * the fixes around the instant (when they are less than staleMs apart), the last fix's SOS flag; no
   * one before their first fix or more than staleMs after their last one.
   */
  personnel(req: ReplayPersonnelRequest): Promise<PersonnelFrame>;
  /**
   * Where something happened over [fromMs, toMs] in buckets of bucketMs: 1 where a beacon moved more
   * than moveM metres between two fixes of the bucket (or its SOS flag changed), else 0. For "skip
   * quiet stretches" (alarms are added by the caller, which holds them).
   */
  activity(req: { fromMs: number; toMs: number; bucketMs: number; moveM: number }): Promise<Uint8Array>;
  /** Drops all history. */
  reset(): Promise<void>;
}

/**
 * History for replay, in time-ordered typed arrays, free of comlink so it is tested in any thread.
 * Lookups are binary searches (O(log n)); a personnel frame is O(B log n) for B beacons. Bounded:
 * MAX_HISTORY_DEVICES devices of at most MAX_HISTORY_POINTS points (the newest kept) and
 * MAX_HISTORY_METRICS columns. Malformed requests throw TypeError/RangeError and change nothing.
 */
export class HistoryImpl implements HistoryApi {
  private readonly devices = new Map<string, DeviceHistory>();
  private readonly transfer: TransferFn;

  /** @param opts.transfer the worker passes comlink's `transfer`; in process, results are returned as is. */
  constructor(opts: { transfer?: TransferFn } = {}) {
    this.transfer = opts.transfer ?? ((v) => v);
  }

  /** @throws TypeError when sn is empty, ts is not an array, or a column is not an array as long as ts. */
  async load(sn: string, columns: HistoryColumns, tunnelId: string | null = null): Promise<void> {
    if (typeof sn !== 'string' || sn === '') throw new TypeError('load: sn must be a non-empty string');
    if (!isObject(columns) || !Array.isArray(columns.ts) || !isObject(columns.values)) {
      throw new TypeError('load: columns must be { ts: number[], values: Record<string, (number|null)[]> }');
    }
    const keys = Object.keys(columns.values).slice(0, MAX_HISTORY_METRICS);
    for (const k of keys) {
      const col = columns.values[k];
      if (!Array.isArray(col) || col.length !== columns.ts.length) throw new TypeError(`load: values.${k} must be an array as long as ts`);
    }
    // Keep rows with a finite ts, in time order, newest MAX_HISTORY_POINTS.
    const rows: number[] = [];
    for (let i = 0; i < columns.ts.length; i++) if (typeof columns.ts[i] === 'number' && Number.isFinite(columns.ts[i])) rows.push(i);
    rows.sort((a, b) => columns.ts[a] - columns.ts[b]);
    const kept = rows.length > MAX_HISTORY_POINTS ? rows.slice(rows.length - MAX_HISTORY_POINTS) : rows;
    const ts = new Float64Array(kept.length);
    kept.forEach((r, i) => (ts[i] = columns.ts[r]));
    const cols = new Map<string, Float64Array>();
    for (const k of keys) {
      const src = columns.values[k];
      const col = new Float64Array(kept.length);
      kept.forEach((r, i) => {
        const v = src[r];
        col[i] = typeof v === 'number' && Number.isFinite(v) ? v : NaN;
      });
      cols.set(k, col);
    }
    if (!this.devices.has(sn) && this.devices.size >= MAX_HISTORY_DEVICES) {
      const first = this.devices.keys().next();
      if (!first.done) this.devices.delete(first.value);
    }
    this.devices.set(sn, { ts, cols, tunnelId: typeof tunnelId === 'string' ? tunnelId : null });
  }

  async loadTracks(pages: ArrayBuffer[]): Promise<{ beacons: number; fixes: number; points: number }> {
    if (!Array.isArray(pages)) throw new TypeError('loadTracks: pages must be an array of ArrayBuffers');
    const bySn = new Map<string, Array<{ track: DecodedTrack; tunnels: string[]; gapMs: number }>>();
    for (const page of pages) {
      const d = decodeTracks(new Uint8Array(page));
      for (const track of d.beacons) {
        let list = bySn.get(track.sn);
        if (!list) bySn.set(track.sn, (list = []));
        list.push({ track, tunnels: d.tunnels, gapMs: d.gapMs });
      }
    }
    let fixes = 0;
    let points = 0;
    for (const [sn, parts] of bySn) {
      const h = mergeTrackPages(parts);
      fixes += parts.reduce((n, p) => n + p.track.fixes, 0);
      points += h.ts.length;
      if (!this.devices.has(sn) && this.devices.size >= MAX_HISTORY_DEVICES) {
        const first = this.devices.keys().next();
        if (!first.done) this.devices.delete(first.value);
      }
      this.devices.set(sn, h);
    }
    return { beacons: bySn.size, fixes, points };
  }

  /** @throws TypeError/RangeError like TelemetryImpl.window. */
  async window(req: { sn: string; metrics: string[]; fromMs: number; toMs: number; widthPx: number }): Promise<SeriesFrame> {
    if (!isObject(req) || typeof req.sn !== 'string') throw new TypeError('window: sn must be a string');
    if (!Array.isArray(req.metrics) || req.metrics.length > MAX_HISTORY_METRICS || !req.metrics.every((m) => typeof m === 'string')) {
      throw new TypeError(`window: metrics must be an array of at most ${MAX_HISTORY_METRICS} strings`);
    }
    const { sn, fromMs, toMs, widthPx } = req;
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) throw new RangeError('window: fromMs and toMs must be finite');
    if (!Number.isInteger(widthPx) || widthPx < 1 || widthPx > MAX_HISTORY_WIDTH_PX) {
      throw new RangeError(`window: widthPx must be an integer in [1, ${MAX_HISTORY_WIDTH_PX}]: ${widthPx}`);
    }
    const metrics = req.metrics.slice();
    const d = this.devices.get(sn);
    if (!d || d.ts.length === 0 || toMs < fromMs) {
      return this.frame({ sn, metrics, x: new Float64Array(0), ys: metrics.map(() => new Float64Array(0)), latestTs: null, rawCount: 0 });
    }
    const lo = lowerBound(d.ts, fromMs);
    const hi = upperBound(d.ts, toMs);
    const empty = new Float64Array(d.ts.length).fill(NaN);
    const cols = metrics.map((m) => d.cols.get(m) ?? empty);
    const picked = m4(
      d.ts.subarray(lo, hi),
      cols.map((c) => c.subarray(lo, hi)),
      fromMs,
      toMs,
      widthPx,
    );
    const idx: number[] = [];
    if (lo > 0) idx.push(lo - 1);
    for (let p = 0; p < picked.length; p++) idx.push(lo + picked[p]);
    if (hi < d.ts.length) idx.push(hi);
    const x = new Float64Array(idx.length);
    const ys = metrics.map(() => new Float64Array(idx.length));
    idx.forEach((r, i) => {
      x[i] = d.ts[r];
      for (let j = 0; j < cols.length; j++) ys[j][i] = cols[j][r];
    });
    // As of the instant: the newest point at or before toMs is the "latest" a replayed chart knows.
    const latestTs = hi > 0 ? d.ts[hi - 1] : null;
    return this.frame({ sn, metrics, x, ys, latestTs, rawCount: hi - lo });
  }

  /** @throws TypeError when sns is not an array of strings, RangeError when atMs is not finite. */
  async latestAt(req: { sns: string[]; atMs: number }): Promise<Record<string, ReadingAt>> {
    if (!isObject(req) || !Array.isArray(req.sns)) throw new TypeError('latestAt: sns must be an array');
    if (!Number.isFinite(req.atMs)) throw new RangeError(`latestAt: atMs must be finite: ${req.atMs}`);
    const out: Record<string, ReadingAt> = {};
    for (const sn of req.sns) {
      const d = typeof sn === 'string' ? this.devices.get(sn) : undefined;
      if (!d) continue;
      const last = upperBound(d.ts, req.atMs) - 1;
      if (last < 0) continue;
      const values: Record<string, number> = {};
      for (const [metric, col] of d.cols) {
        // A message may lack a metric: take its newest value at or before the instant.
        for (let i = last; i >= 0; i--) {
          if (col[i] === col[i]) {
            values[metric] = col[i];
            break;
          }
        }
      }
      // within a segment of compact tracks the beacon kept reporting: its reading is as of the instant
      if (d.continuous?.[last] && last + 1 < d.ts.length) {
        const at = positionAt(d, req.atMs, Infinity);
        if (at) values.chainageM = at.chainageM;
        out[sn] = { tsMs: req.atMs, values };
      } else out[sn] = { tsMs: d.ts[last], values };
    }
    return out;
  }

  /**
   * @throws TypeError/RangeError like TelemetryImpl.personnel, and RangeError when trailMs is negative or
   * heatFromMs/trackFromMs are not finite.
   */
  async personnel(req: ReplayPersonnelRequest): Promise<PersonnelFrame> {
    if (!isObject(req) || !Array.isArray(req.tunnels)) throw new TypeError('personnel: tunnels must be an array');
    const { nowMs, staleMs, binM } = req;
    if (!Number.isFinite(nowMs)) throw new RangeError(`personnel: nowMs must be finite: ${nowMs}`);
    if (!(staleMs >= 0)) throw new RangeError(`personnel: staleMs must be >= 0: ${staleMs}`);
    for (const t of req.tunnels) {
      if (!isObject(t) || typeof t.tunnelId !== 'string') throw new TypeError('personnel: each tunnel needs a tunnelId');
    }
    const trailMs = req.trailMs ?? 0;
    if (!(trailMs >= 0) || !Number.isFinite(trailMs)) throw new RangeError(`personnel: trailMs must be finite and >= 0: ${req.trailMs}`);
    if (req.heatFromMs !== undefined && !Number.isFinite(req.heatFromMs)) throw new RangeError('personnel: heatFromMs must be finite');
    if (req.trackFromMs !== undefined && !Number.isFinite(req.trackFromMs)) throw new RangeError('personnel: trackFromMs must be finite');
    const byTunnel = new Map<string, Array<{ sn: string; chainageM: number; sos: number; fixMs: number }>>();
    for (const t of req.tunnels) byTunnel.set(t.tunnelId, []);
    for (const [sn, d] of this.devices) {
      const tunnelId = tunnelAt(d, nowMs);
      if (tunnelId === null) continue;
      const list = byTunnel.get(tunnelId);
      if (!list) continue;
      const at = positionAt(d, nowMs, staleMs);
      if (at) list.push({ sn, ...at });
    }
    const transferables: Transferable[] = [];
    const tunnels: PersonnelTunnelFrame[] = req.tunnels.map(({ tunnelId, lengthM }) => {
      const found = byTunnel.get(tunnelId) ?? [];
      found.sort((a, b) => a.chainageM - b.chainageM || (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0));
      const chainageM = Float64Array.from(found, (f) => f.chainageM);
      const sos = Uint8Array.from(found, (f) => f.sos);
      const fixMs = Float64Array.from(found, (f) => f.fixMs);
      const heat = req.heatFromMs !== undefined && req.heatFromMs < nowMs ? this.meanHeat(tunnelId, req.heatFromMs, nowMs, staleMs, lengthM, binM) : heatBins(chainageM, lengthM, binM);
      transferables.push(chainageM.buffer, sos.buffer, heat.buffer, fixMs.buffer);
      const frame: PersonnelTunnelFrame = { tunnelId, sns: found.map((f) => f.sn), chainageM, sos, heat, fixMs };
      if (trailMs > 0) {
        frame.trails = this.trails(frame.sns, nowMs, trailMs, staleMs);
        transferables.push(frame.trails.starts.buffer, frame.trails.chainageM.buffer);
      }
      return frame;
    });
    const out: PersonnelFrame = { atMs: nowMs, tunnels };
    if (typeof req.followSn === 'string') {
      const track = this.track(req.followSn, req.trackFromMs ?? -Infinity, nowMs);
      if (track) {
        out.track = track;
        transferables.push(track.ts.buffer, track.chainageM.buffer, track.sos.buffer);
      }
    }
    return this.transfer(out, transferables);
  }

  /** @throws RangeError when the range or bucket is not finite, or it needs more than MAX_ACTIVITY_BUCKETS buckets. */
  async activity(req: { fromMs: number; toMs: number; bucketMs: number; moveM: number }): Promise<Uint8Array> {
    if (!isObject(req)) throw new TypeError('activity: request must be an object');
    const { fromMs, toMs, bucketMs, moveM } = req;
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs < fromMs) throw new RangeError('activity: fromMs..toMs must be a finite range');
    if (!Number.isFinite(bucketMs) || bucketMs <= 0) throw new RangeError(`activity: bucketMs must be > 0: ${bucketMs}`);
    if (!(moveM >= 0)) throw new RangeError(`activity: moveM must be >= 0: ${moveM}`);
    const n = Math.max(1, Math.ceil((toMs - fromMs) / bucketMs));
    if (n > MAX_ACTIVITY_BUCKETS) throw new RangeError(`activity: ${n} buckets exceed ${MAX_ACTIVITY_BUCKETS}`);
    const out = new Uint8Array(n);
    for (const d of this.devices.values()) {
      const chain = d.cols.get('chainageM');
      if (d.tunnelId === null || !chain) continue;
      const sos = d.cols.get('sos');
      const lo = Math.max(1, lowerBound(d.ts, fromMs));
      const hi = upperBound(d.ts, toMs);
      for (let i = lo; i < hi; i++) {
        const moved = Math.abs(chain[i] - chain[i - 1]) > moveM;
        const sosChanged = sos !== undefined && sos[i] === 1 && sos[i - 1] !== 1;
        if (!moved && !sosChanged) continue;
        // a simplified track's interval may span minutes of walking: every bucket it covers saw movement
        // (compact tracks: within a segment; a gap between raw fixes is not a walk)
        const first = moved && d.continuous?.[i - 1] ? Math.max(0, Math.floor((d.ts[i - 1] - fromMs) / bucketMs)) : Math.floor((d.ts[i] - fromMs) / bucketMs);
        const last = Math.min(n - 1, Math.floor((d.ts[i] - fromMs) / bucketMs));
        for (let b = Math.max(0, first); b <= last; b++) out[b] = 1;
      }
    }
    return this.transfer(out, [out.buffer]);
  }

  async reset(): Promise<void> {
    this.devices.clear();
  }

  /** Mean headcount per bin of one bore over [fromMs, toMs], from HEAT_SAMPLES evenly spaced instants, rounded up. */
  private meanHeat(tunnelId: string, fromMs: number, toMs: number, staleMs: number, lengthM: number, binM: number): Uint16Array {
    const sums = new Float64Array(heatBinCount(lengthM, binM));
    const last = sums.length - 1;
    const step = (toMs - fromMs) / HEAT_SAMPLES;
    for (const d of this.devices.values()) {
      if (d.tunnelId !== tunnelId && !d.tunnels?.includes(tunnelId)) continue;
      for (let k = 1; k <= HEAT_SAMPLES; k++) {
        if (tunnelAt(d, fromMs + k * step) !== tunnelId) continue;
        const at = positionAt(d, fromMs + k * step, staleMs);
        if (!at) continue;
        sums[Math.min(last, Math.max(0, Math.floor(at.chainageM / binM)))]++;
      }
    }
    const heat = new Uint16Array(sums.length);
    for (let i = 0; i < sums.length; i++) heat[i] = Math.min(0xffff, Math.ceil(sums[i] / HEAT_SAMPLES));
    return heat;
  }

  /** TRAIL_POINTS positions of each of `sns` over (nowMs - trailMs, nowMs], oldest first (NaN without a fix). */
  private trails(sns: readonly string[], nowMs: number, trailMs: number, staleMs: number): { starts: Uint32Array; chainageM: Float64Array } {
    const starts = new Uint32Array(sns.length + 1);
    const chainageM = new Float64Array(sns.length * TRAIL_POINTS);
    sns.forEach((sn, i) => {
      starts[i] = i * TRAIL_POINTS;
      const d = this.devices.get(sn);
      for (let k = 0; k < TRAIL_POINTS; k++) {
        const at = d ? positionAt(d, nowMs - trailMs + ((k + 1) * trailMs) / TRAIL_POINTS, staleMs) : null;
        chainageM[i * TRAIL_POINTS + k] = at ? at.chainageM : NaN;
      }
    });
    starts[sns.length] = sns.length * TRAIL_POINTS;
    return { starts, chainageM };
  }

  /** The fixes of `sn` in [fromMs, toMs] (at most MAX_TRACK_POINTS, the newest), or null when it has no chainage. */
  private track(sn: string, fromMs: number, toMs: number): PersonTrack | null {
    const d = this.devices.get(sn);
    const chain = d?.cols.get('chainageM');
    if (!d || !chain) return null;
    const hi = upperBound(d.ts, toMs);
    const lo = Math.max(lowerBound(d.ts, fromMs), hi - MAX_TRACK_POINTS);
    const sosCol = d.cols.get('sos');
    const sos = new Uint8Array(hi - lo);
    if (sosCol) for (let i = lo; i < hi; i++) sos[i - lo] = sosCol[i] === 1 ? 1 : 0;
    return { sn, tunnelId: d.tunnelId, ts: d.ts.slice(lo, hi), chainageM: chain.slice(lo, hi), sos };
  }

  private frame(f: SeriesFrame): SeriesFrame {
    return this.transfer(f, [f.x.buffer, ...f.ys.map((y) => y.buffer)]);
  }
}

/**
 * A beacon's position at `atMs` from its fixes: none before the first fix or when the last fix at or
 * before the instant is staleMs old or older; between two fixes less than staleMs apart, chainage is
 * interpolated linearly (people walk; a gap longer than that is not bridged). SOS is the last fix's;
 * `fixMs` the time of that last fix (the instant itself inside a compact track's reporting segment, where
 * the tag kept reporting between the kept points).
 */
export function positionAt(d: { ts: Float64Array; cols: Map<string, Float64Array>; continuous?: Uint8Array }, atMs: number, staleMs: number): { chainageM: number; sos: number; fixMs: number } | null {
  const chain = d.cols.get('chainageM');
  if (!chain) return null;
  const i = upperBound(d.ts, atMs) - 1;
  if (i < 0) return null;
  const t0 = d.ts[i];
  // compact tracks: inside a segment the beacon kept reporting, however far apart the kept points are
  const reporting = d.continuous?.[i] === 1 && i + 1 < d.ts.length;
  if (reporting) staleMs = Infinity;
  if (atMs - t0 >= staleMs) return null;
  const fixMs = reporting ? atMs : t0;
  const c0 = chain[i];
  if (c0 !== c0) return null;
  const sosCol = d.cols.get('sos');
  const sos = sosCol && sosCol[i] === 1 ? 1 : 0;
  if (i + 1 < d.ts.length && atMs > t0) {
    const t1 = d.ts[i + 1];
    const c1 = chain[i + 1];
    if (c1 === c1 && t1 - t0 < staleMs && t1 > t0) return { chainageM: c0 + ((c1 - c0) * (atMs - t0)) / (t1 - t0), sos, fixMs };
  }
  return { chainageM: c0, sos, fixMs };
}

/** The tunnel of a beacon at `atMs`: per point for compact tracks (the last point at or before it), else its one tunnel. */
function tunnelAt(d: DeviceHistory, atMs: number): string | null {
  if (!d.tunnels) return d.tunnelId;
  const i = upperBound(d.ts, atMs) - 1;
  return i >= 0 ? d.tunnels[i] : null;
}

/**
 * One beacon's compact-track pages (time order) as a DeviceHistory: the union of vertex and step-change
 * instants, chainage exact at vertices and interpolated between them elsewhere, step values carried
 * forward, segments joined across a page boundary when its two sides are less than gapMs apart. At most
 * MAX_HISTORY_POINTS points, the newest.
 */
function mergeTrackPages(parts: Array<{ track: DecodedTrack; tunnels: string[]; gapMs: number }>): DeviceHistory {
  const times: number[] = [];
  const chain: number[] = [];
  const seg: number[] = [];
  const tunnels: Array<string | null> = [];
  const stepNames = [...new Set(parts.flatMap((p) => Object.keys(p.track.steps)))].filter((m) => m !== TRACK_TUNNEL_COLUMN);
  const steps = new Map<string, number[]>(stepNames.map((m) => [m, []]));
  const carried = new Map<string, number>(stepNames.map((m) => [m, NaN]));
  let tunnel: string | null = null;
  let segId = -1;
  let lastVertexTs = -Infinity;
  for (const { track, tunnels: names, gapMs } of parts) {
    const vt = track.vertexTs;
    const vc = track.vertexChainageM;
    // instants: vertices and step changes, merged
    const change: number[] = [];
    for (const col of Object.values(track.steps)) for (const t of col.ts) change.push(t);
    const all = Float64Array.from([...vt, ...change]).sort();
    const cursors = new Map<string, number>(Object.keys(track.steps).map((m) => [m, 0]));
    let v = 0;
    let prevT = NaN;
    for (const t of all) {
      if (t === prevT) continue;
      prevT = t;
      while (v + 1 < vt.length && vt[v + 1] <= t) v++;
      // chainage: the vertex itself, or between vertex v and v + 1 of one segment
      let c = NaN;
      let s = segId;
      if (vt.length > 0 && vt[v] <= t) {
        if (vt[v] === t) c = vc[v];
        else if (v + 1 < vt.length && !track.segmentStart[v + 1]) c = vc[v] + ((vc[v + 1] - vc[v]) * (t - vt[v])) / (vt[v + 1] - vt[v]);
        if (vt[v] === t && track.segmentStart[v] && !(v === 0 && t - lastVertexTs < gapMs)) s = ++segId;
      }
      if (c !== c) continue;
      for (const [m, col] of Object.entries(track.steps)) {
        let k = cursors.get(m)!;
        while (k < col.ts.length && col.ts[k] <= t) {
          if (m === TRACK_TUNNEL_COLUMN) tunnel = col.values[k] === col.values[k] ? (names[col.values[k]] ?? null) : null;
          else carried.set(m, col.values[k]);
          k++;
        }
        cursors.set(m, k);
      }
      times.push(t);
      chain.push(c);
      seg.push(s);
      tunnels.push(tunnel);
      for (const m of stepNames) steps.get(m)!.push(carried.get(m)!);
    }
    if (vt.length > 0) lastVertexTs = vt[vt.length - 1];
  }
  const from = Math.max(0, times.length - MAX_HISTORY_POINTS);
  const n = times.length - from;
  const continuous = new Uint8Array(n);
  for (let i = 0; i + 1 < n; i++) continuous[i] = seg[from + i] === seg[from + i + 1] ? 1 : 0;
  const cols = new Map<string, Float64Array>([['chainageM', Float64Array.from(chain.slice(from))]]);
  for (const m of stepNames.slice(0, MAX_HISTORY_METRICS - 1)) cols.set(m, Float64Array.from(steps.get(m)!.slice(from)));
  return { ts: Float64Array.from(times.slice(from)), cols, tunnelId: tunnel, continuous, tunnels: tunnels.slice(from) };
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null;
}
