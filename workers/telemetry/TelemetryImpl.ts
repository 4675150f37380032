import type { TelemetryBatch } from '../../protocol';
// The frame codec alone, not the protocol index (see below).
import { decodeTelemetryFrame, frameRows, type TelemetryFrame } from '../../protocol/telemetryFrame';
// The kinds alone, not the whole protocol index: the worker bundle needs no board or REST schemas.
import { DEVICE_KIND_REGISTRY, metricNumber, type AnyKindDescriptor, type KindRegistry, type PositionDescriptor } from '../../protocol/kinds';

type KindDescriptor = AnyKindDescriptor;
import { RingBuffer } from './RingBuffer';
import { m4 } from './m4';
import { heatBins } from './heat';
import type { HistoryColumns, PersonnelFrame, PersonnelTunnelFrame, SeriesFrame, TelemetryApi } from './types';

/** Default points kept per device: at a 1 s period about 2.3 h, at 10 s about 23 h. */
export const DEFAULT_CAPACITY_PER_DEVICE = 8192;
/** Allowed range of capacityPerDevice. */
export const CAPACITY_RANGE = { min: 16, max: 1 << 20 } as const;
/** Most devices with ring buffers; beyond it the least recently written device is dropped. */
export const MAX_DEVICES = 256;
/**
 * Most beacons remembered; beyond it the least recently updated beacon is dropped. 65 536 covers a
 * control room over many projects (the 200× benchmark load is 40 000 tags) at ~100 bytes a fix (~6.5 MB).
 */
export const MAX_BEACONS = 65_536;
/** Most metric columns per device (protocol v1 kinds have at most 11 gases, 7 crane quantities). */
export const MAX_METRICS_PER_DEVICE = 32;
/** Widest window, in pixel columns. */
export const MAX_WIDTH_PX = 16_384;

/** Marks values whose buffers should move to the other thread instead of being copied (comlink.transfer). */
export type TransferFn = <T>(value: T, transferables: Transferable[]) => T;

interface DeviceSeries {
  ring: RingBuffer;
}

interface BeaconFix {
  tunnelId: string;
  chainageM: number;
  sos: boolean;
  tsMs: number;
}

/**
 * The telemetry worker's logic, free of comlink so it runs and is tested in any thread.
 *
 * Everything it holds is bounded: MAX_DEVICES ring buffers of capacityPerDevice points and at most
 * MAX_METRICS_PER_DEVICE columns each, MAX_BEACONS beacon fixes, and scratch arrays no longer than
 * one ring. Input from the socket is checked item by item: a malformed item is skipped, a malformed
 * batch or request is rejected with a TypeError/RangeError and changes nothing.
 *
 * Complexity: ingest O(items · metrics) for in-order points (see RingBuffer for late ones);
 * window O(log n + k · m) for k raw points in the window and m metrics; personnel O(T · B + B log B)
 * for T tunnels and B beacons.
 */
export class TelemetryImpl implements TelemetryApi {
  private capacity = DEFAULT_CAPACITY_PER_DEVICE;
  private devices = new Map<string, DeviceSeries>();
  private beacons = new Map<string, BeaconFix>();
  private scratchTs = new Float64Array(0);
  private scratchYs: Float64Array[] = [];
  private readonly transfer: TransferFn;
  private readonly kinds: KindRegistry;

  /**
   * @param opts.transfer the worker passes comlink's `transfer`; in process, results are returned as is.
   * @param opts.kinds the kinds whose live topics are folded; the app's registry unless a test brings its own.
   */
  constructor(opts: { transfer?: TransferFn; kinds?: KindRegistry } = {}) {
    this.transfer = opts.transfer ?? ((v) => v);
    this.kinds = opts.kinds ?? DEVICE_KIND_REGISTRY;
  }

  /**
   * Sets the per-device capacity; buffers already held keep their newest points.
   * @throws RangeError when capacityPerDevice is not an integer in CAPACITY_RANGE.
   */
  async configure(opts: { capacityPerDevice?: number }): Promise<void> {
    const cap = opts?.capacityPerDevice;
    if (cap === undefined) return;
    if (!Number.isInteger(cap) || cap < CAPACITY_RANGE.min || cap > CAPACITY_RANGE.max) {
      throw new RangeError(`capacityPerDevice must be an integer in [${CAPACITY_RANGE.min}, ${CAPACITY_RANGE.max}]: ${cap}`);
    }
    this.capacity = cap;
    for (const d of this.devices.values()) d.ring.resize(cap);
  }

  /**
   * @throws TypeError when batch is not `{ topic: <a kind's live topic>, items: [] }`.
   * The kind's descriptor (protocol/kinds, resolved once per batch) says what an item holds: `series`
   * kinds fill per-device ring buffers from their metric fields, `positions` kinds update the latest fix.
   * Items without a string sn and a finite ts are skipped, as are items without the kind's metric fields
   * and non-numeric metric values.
   */
  async ingest(batch: TelemetryBatch): Promise<void> {
    if (!isObject(batch) || !Array.isArray(batch.items)) {
      throw new TypeError('ingest: batch must be an object with an items array');
    }
    const topic: unknown = (batch as { topic?: unknown }).topic;
    const kind = typeof topic === 'string' ? this.kinds.byLiveTopic(topic) : undefined;
    if (!kind?.live) throw new TypeError(`ingest: unknown topic ${JSON.stringify(topic)}`);
    this.ingestItems(kind, batch.items as unknown[]);
  }

  /** @throws TelemetryFrameError when bytes is not a well-formed frame (nothing changes). */
  async ingestFrame(bytes: Uint8Array): Promise<void> {
    this.foldFrame(decodeTelemetryFrame(bytes));
  }

  /**
   * Folds an already decoded frame (the live host decodes once, in the TopicHub) and returns its rows
   * with the kind's `live.store`, so the caller can route latest values without decoding again.
   * @throws TypeError when the frame's topic is no kind's live topic; TelemetryFrameError on a malformed
   * string dictionary (nothing changes).
   */
  foldFrame(frame: TelemetryFrame): { store: 'series' | 'positions'; rows: Array<Record<string, unknown>> } {
    const kind = this.kinds.byLiveTopic(frame.topic);
    if (!kind?.live) throw new TypeError(`ingestFrame: unknown topic ${JSON.stringify(frame.topic)}`);
    const rows = frameRows(frame) as Array<Record<string, unknown>>;
    this.ingestItems(kind, rows);
    return { store: kind.live.store, rows };
  }

  private ingestItems(kind: KindDescriptor, items: unknown[]): void {
    if (!kind.live) return;
    if (kind.live.store === 'positions' && kind.position) {
      for (const item of items) if (isObject(item)) this.updatePosition(item, kind.position);
      return;
    }
    const { of, skip } = kind.metricFields;
    for (const item of items) {
      if (!isObject(item)) continue;
      const fields = of(item);
      if (fields === null) continue;
      const row = this.insertRow(item.sn, item.ts);
      if (row === null) continue;
      for (const metric in fields) if (!skip.has(metric)) this.setMetric(row.ring, row.index, metric, fields[metric]);
    }
  }

  /**
   * Merges REST history into the device's buffer; points already held win.
   * @throws TypeError/RangeError when sn is empty, ts is not an array of finite numbers, or a values
   * column is not an array as long as ts (nothing changes).
   */
  async fill(sn: string, history: HistoryColumns): Promise<void> {
    if (typeof sn !== 'string' || sn === '') throw new TypeError('fill: sn must be a non-empty string');
    if (!isObject(history) || !Array.isArray(history.ts) || !isObject(history.values)) {
      throw new TypeError('fill: history must be { ts: number[], values: Record<string, (number|null)[]> }');
    }
    for (const [metric, col] of Object.entries(history.values)) {
      if (!Array.isArray(col)) throw new TypeError(`fill: values.${metric} must be an array`);
    }
    if (history.ts.length === 0) return;
    const values = history.values;
    const keys = Object.keys(values);
    if (keys.length > MAX_METRICS_PER_DEVICE) {
      throw new RangeError(`fill: at most ${MAX_METRICS_PER_DEVICE} metrics, got ${keys.length}`);
    }
    const existing = this.devices.get(sn);
    const ring = existing?.ring ?? new RingBuffer(this.capacity, { maxColumns: MAX_METRICS_PER_DEVICE });
    ring.merge(history.ts, values); // validates before changing anything
    if (!existing) this.addDevice(sn, ring);
  }

  /**
   * @throws TypeError/RangeError on a request that is not { sn, metrics: string[] (≤ 32), finite
   * fromMs/toMs, integer widthPx in 1..MAX_WIDTH_PX }.
   */
  async window(req: { sn: string; metrics: string[]; fromMs: number; toMs: number; widthPx: number }): Promise<SeriesFrame> {
    if (!isObject(req) || typeof req.sn !== 'string') throw new TypeError('window: sn must be a string');
    const { sn, fromMs, toMs, widthPx } = req;
    if (!Array.isArray(req.metrics) || req.metrics.length > MAX_METRICS_PER_DEVICE || !req.metrics.every((m) => typeof m === 'string')) {
      throw new TypeError(`window: metrics must be an array of at most ${MAX_METRICS_PER_DEVICE} strings`);
    }
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) throw new RangeError('window: fromMs and toMs must be finite');
    if (!Number.isInteger(widthPx) || widthPx < 1 || widthPx > MAX_WIDTH_PX) {
      throw new RangeError(`window: widthPx must be an integer in [1, ${MAX_WIDTH_PX}]: ${widthPx}`);
    }
    const metrics = req.metrics.slice();
    const ring = this.devices.get(sn)?.ring;
    if (!ring || ring.length === 0 || toMs < fromMs) {
      const latestTs = ring && ring.length > 0 ? ring.lastTs : null;
      return this.frame({ sn, metrics, x: new Float64Array(0), ys: metrics.map(() => new Float64Array(0)), latestTs, rawCount: 0 });
    }

    const lo = ring.lowerBound(fromMs);
    const hi = ring.upperBound(toMs);
    const k = hi - lo;
    const cols = metrics.map((m) => ring.columnOf(m));
    // Rows [lo-1, hi] go to scratch: the window plus one neighbour each side that is drawn to the edges.
    const before = lo > 0 ? 1 : 0;
    const after = hi < ring.length ? 1 : 0;
    const span = before + k + after;
    this.ensureScratch(span, metrics.length);
    ring.copyTs(lo - before, hi + after, this.scratchTs);
    for (let j = 0; j < metrics.length; j++) {
      if (cols[j] < 0) this.scratchYs[j].fill(NaN, 0, span);
      else ring.copyColumn(cols[j], lo - before, hi + after, this.scratchYs[j]);
    }

    const inWindowTs = this.scratchTs.subarray(before, before + k);
    const inWindowYs = metrics.map((_, j) => this.scratchYs[j].subarray(before, before + k));
    const picked = m4(inWindowTs, inWindowYs, fromMs, toMs, widthPx);
    const n = before + picked.length + after;
    const x = new Float64Array(n);
    const ys = metrics.map(() => new Float64Array(n));
    let out = 0;
    const take = (s: number) => {
      x[out] = this.scratchTs[s];
      for (let j = 0; j < ys.length; j++) ys[j][out] = this.scratchYs[j][s];
      out++;
    };
    if (before) take(0);
    for (let p = 0; p < picked.length; p++) take(picked[p] + before);
    if (after) take(span - 1);
    return this.frame({ sn, metrics, x, ys, latestTs: ring.lastTs, rawCount: k });
  }

  /**
   * @throws TypeError/RangeError on non-finite nowMs, negative staleMs, binM ≤ 0, or a tunnel without a
   * string tunnelId and a finite lengthM ≥ 0 (see heat.ts for the bin limits).
   */
  async personnel(req: {
    nowMs: number;
    staleMs: number;
    binM: number;
    tunnels: Array<{ tunnelId: string; lengthM: number }>;
  }): Promise<PersonnelFrame> {
    const { frame, transferables } = this.personnelNow(req);
    return this.transfer(frame, transferables);
  }

  /**
   * {@link personnel} synchronously, with the buffers to transfer when it is posted to another thread.
   * `latestTs` of the frame is the newest fix included (ms), or null.
   * @throws as {@link personnel}
   */
  personnelNow(req: { nowMs: number; staleMs: number; binM: number; tunnels: Array<{ tunnelId: string; lengthM: number }> }): {
    frame: PersonnelFrame;
    transferables: Transferable[];
  } {
    if (!isObject(req) || !Array.isArray(req.tunnels)) throw new TypeError('personnel: tunnels must be an array');
    const { nowMs, staleMs, binM } = req;
    if (!Number.isFinite(nowMs)) throw new RangeError(`personnel: nowMs must be finite: ${nowMs}`);
    if (!(staleMs >= 0)) throw new RangeError(`personnel: staleMs must be >= 0: ${staleMs}`);
    for (const t of req.tunnels) {
      if (!isObject(t) || typeof t.tunnelId !== 'string') throw new TypeError('personnel: each tunnel needs a tunnelId');
    }
    const transferables: Transferable[] = [];
    let latestTs: number | null = null;
    // one pass over the beacons, grouped by the tunnels asked for (not one pass per tunnel)
    const byTunnel = new Map<string, Array<{ sn: string; fix: BeaconFix }>>(req.tunnels.map((t) => [t.tunnelId, []]));
    for (const [sn, fix] of this.beacons) {
      const group = byTunnel.get(fix.tunnelId);
      if (!group || nowMs - fix.tsMs >= staleMs) continue;
      group.push({ sn, fix });
      if (latestTs === null || fix.tsMs > latestTs) latestTs = fix.tsMs;
    }
    const tunnels: PersonnelTunnelFrame[] = req.tunnels.map(({ tunnelId, lengthM }) => {
      const found = byTunnel.get(tunnelId)!;
      found.sort((a, b) => a.fix.chainageM - b.fix.chainageM || (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0));
      const chainageM = new Float64Array(found.length);
      const sos = new Uint8Array(found.length);
      const fixMs = new Float64Array(found.length);
      found.forEach(({ fix }, i) => {
        chainageM[i] = fix.chainageM;
        sos[i] = fix.sos ? 1 : 0;
        fixMs[i] = fix.tsMs;
      });
      const heat = heatBins(chainageM, lengthM, binM);
      transferables.push(chainageM.buffer, sos.buffer, heat.buffer, fixMs.buffer);
      return { tunnelId, sns: found.map((f) => f.sn), chainageM, sos, heat, fixMs };
    });
    return { frame: { atMs: nowMs, tunnels, latestTs }, transferables };
  }

  async reset(): Promise<void> {
    this.devices.clear();
    this.beacons.clear();
    this.scratchTs = new Float64Array(0);
    this.scratchYs = [];
  }

  private frame(f: SeriesFrame): SeriesFrame {
    return this.transfer(f, [f.x.buffer, ...f.ys.map((y) => y.buffer)]);
  }

  /** The ring row for a new point, or null when the item is malformed, a duplicate or too old. */
  private insertRow(sn: unknown, ts: unknown): { ring: RingBuffer; index: number } | null {
    if (typeof sn !== 'string' || sn === '' || typeof ts !== 'number' || !Number.isFinite(ts)) return null;
    let d = this.devices.get(sn);
    if (d) touch(this.devices, sn, d);
    else d = this.addDevice(sn, new RingBuffer(this.capacity, { maxColumns: MAX_METRICS_PER_DEVICE }));
    const index = d.ring.insert(ts);
    return index < 0 ? null : { ring: d.ring, index };
  }

  private setMetric(ring: RingBuffer, index: number, metric: string, v: unknown): void {
    const value = metricNumber(v);
    if (value !== value) return;
    const col = ring.ensureColumn(metric);
    if (col >= 0) ring.set(col, index, value);
  }

  private addDevice(sn: string, ring: RingBuffer): DeviceSeries {
    if (this.devices.size >= MAX_DEVICES) evictOldest(this.devices);
    const d = { ring };
    this.devices.set(sn, d);
    return d;
  }

  /** The latest fix of a device of a `positions` kind, from the fields its PositionDescriptor names. */
  private updatePosition(item: Record<string, unknown>, position: PositionDescriptor): void {
    const { sn, ts } = item;
    const tunnelId = item[position.tunnelIdField];
    const chainageM = item[position.chainageMField];
    const sos = position.alertField === null ? false : item[position.alertField];
    if (typeof sn !== 'string' || sn === '' || typeof ts !== 'number' || !Number.isFinite(ts)) return;
    if (typeof tunnelId !== 'string' || typeof chainageM !== 'number' || !Number.isFinite(chainageM)) return;
    const fix = this.beacons.get(sn);
    if (fix) {
      if (ts < fix.tsMs) return; // a late fix must not move a person back
      fix.tunnelId = tunnelId;
      fix.chainageM = chainageM;
      fix.sos = sos === true;
      fix.tsMs = ts;
      touch(this.beacons, sn, fix);
      return;
    }
    if (this.beacons.size >= MAX_BEACONS) evictOldest(this.beacons);
    this.beacons.set(sn, { tunnelId, chainageM, sos: sos === true, tsMs: ts });
  }

  private ensureScratch(n: number, m: number): void {
    if (this.scratchTs.length < n) {
      const size = Math.max(n, Math.min(this.capacity, this.scratchTs.length * 2));
      this.scratchTs = new Float64Array(size);
      this.scratchYs = [];
    }
    while (this.scratchYs.length < m) this.scratchYs.push(new Float64Array(this.scratchTs.length));
  }
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null;
}

/**
 * A Map keeps insertion order, so moving an entry to the end on every write makes its first key the
 * least recently written: eviction is O(1) instead of a scan (the scan cost ~45 µs per beacon at 10 000
 * tags in the 50× benchmark and silently dropped people from the map).
 */
function touch<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
}

/** Drops the least recently written entry (the first in insertion order). */
function evictOldest<K, V>(map: Map<K, V>): void {
  const first = map.keys().next();
  if (!first.done) map.delete(first.value);
}
