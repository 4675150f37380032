import { heatBins } from './heat';
import { lowerBound, m4, upperBound } from './m4';
import type { HistoryColumns, PersonnelFrame, PersonnelTunnelFrame, SeriesFrame } from './types';
import type { TransferFn } from './TelemetryImpl';

/** Most devices whose history is held (a project has a few hundred; beacons included). */
export const MAX_HISTORY_DEVICES = 2048;
/** Most points held per device (8 h at 1 Hz is 28 800). */
export const MAX_HISTORY_POINTS = 200_000;
/** Most metric columns per device. */
export const MAX_HISTORY_METRICS = 64;
/** Widest window, in pixel columns. */
export const MAX_HISTORY_WIDTH_PX = 16_384;

/** One device's history: time-ordered typed arrays, one column per metric (NaN where absent). */
interface DeviceHistory {
  ts: Float64Array;
  cols: Map<string, Float64Array>;
  /** For beacons: the tunnel the fixes belong to. */
  tunnelId: string | null;
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
  /** M4 frame of [fromMs, toMs] at widthPx, like TelemetryApi.window (neighbours just outside included). */
  window(req: { sn: string; metrics: string[]; fromMs: number; toMs: number; widthPx: number }): Promise<SeriesFrame>;
  /** The last reading at or before `atMs` of each of `sns` that has one. */
  latestAt(req: { sns: string[]; atMs: number }): Promise<Record<string, ReadingAt>>;
  /**
   * Everyone's position at `nowMs`, per tunnel, with heat bins: linear interpolation of chainage between
   * the fixes around the instant (when they are less than staleMs apart), the last fix's SOS flag; no
   * one before their first fix or more than staleMs after their last one.
   */
  personnel(req: { nowMs: number; staleMs: number; binM: number; tunnels: Array<{ tunnelId: string; lengthM: number }> }): Promise<PersonnelFrame>;
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
      out[sn] = { tsMs: d.ts[last], values };
    }
    return out;
  }

  /** @throws TypeError/RangeError like TelemetryImpl.personnel. */
  async personnel(req: { nowMs: number; staleMs: number; binM: number; tunnels: Array<{ tunnelId: string; lengthM: number }> }): Promise<PersonnelFrame> {
    if (!isObject(req) || !Array.isArray(req.tunnels)) throw new TypeError('personnel: tunnels must be an array');
    const { nowMs, staleMs, binM } = req;
    if (!Number.isFinite(nowMs)) throw new RangeError(`personnel: nowMs must be finite: ${nowMs}`);
    if (!(staleMs >= 0)) throw new RangeError(`personnel: staleMs must be >= 0: ${staleMs}`);
    for (const t of req.tunnels) {
      if (!isObject(t) || typeof t.tunnelId !== 'string') throw new TypeError('personnel: each tunnel needs a tunnelId');
    }
    const byTunnel = new Map<string, Array<{ sn: string; chainageM: number; sos: number }>>();
    for (const t of req.tunnels) byTunnel.set(t.tunnelId, []);
    for (const [sn, d] of this.devices) {
      if (d.tunnelId === null) continue;
      const list = byTunnel.get(d.tunnelId);
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
      const heat = heatBins(chainageM, lengthM, binM);
      transferables.push(chainageM.buffer, sos.buffer, heat.buffer);
      return { tunnelId, sns: found.map((f) => f.sn), chainageM, sos, heat };
    });
    return this.transfer({ atMs: nowMs, tunnels }, transferables);
  }

  async reset(): Promise<void> {
    this.devices.clear();
  }

  private frame(f: SeriesFrame): SeriesFrame {
    return this.transfer(f, [f.x.buffer, ...f.ys.map((y) => y.buffer)]);
  }
}

/**
 * A beacon's position at `atMs` from its fixes: none before the first fix or when the last fix at or
 * before the instant is staleMs old or older; between two fixes less than staleMs apart, chainage is
 * interpolated linearly (people walk; a gap longer than that is not bridged). SOS is the last fix's.
 */
export function positionAt(d: { ts: Float64Array; cols: Map<string, Float64Array> }, atMs: number, staleMs: number): { chainageM: number; sos: number } | null {
  const chain = d.cols.get('chainageM');
  if (!chain) return null;
  const i = upperBound(d.ts, atMs) - 1;
  if (i < 0) return null;
  const t0 = d.ts[i];
  if (atMs - t0 >= staleMs) return null;
  const c0 = chain[i];
  if (c0 !== c0) return null;
  const sosCol = d.cols.get('sos');
  const sos = sosCol && sosCol[i] === 1 ? 1 : 0;
  if (i + 1 < d.ts.length && atMs > t0) {
    const t1 = d.ts[i + 1];
    const c1 = chain[i + 1];
    if (c1 === c1 && t1 - t0 < staleMs && t1 > t0) return { chainageM: c0 + ((c1 - c0) * (atMs - t0)) / (t1 - t0), sos };
  }
  return { chainageM: c0, sos };
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null;
}
