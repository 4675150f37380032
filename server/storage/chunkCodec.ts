import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ByteReader, ByteWriter } from '../../protocol/bytes';

/**
 * One device's readings over a span of time, column-wise: `ts[i]` (ms since the epoch, ascending) and,
 * per metric, `values[metric][i]` (null where that reading did not carry the metric).
 */
export interface ChunkColumns {
  ts: number[];
  values: Record<string, Array<number | null>>;
}

/** Per-metric summary of a chunk or a rollup bucket: min, max, sum and count of the values, and the last one. */
export interface MetricStats {
  min: number;
  max: number;
  sum: number;
  count: number;
  last: number;
  /** Timestamp of `last` (ms), so merging buckets keeps the newest. */
  lastTs: number;
}

/** Most decimal digits kept; values with more are rounded to this many. */
export const MAX_CHUNK_DIGITS = 6;
const FORMAT_VERSION = 1;
/** Digits marker of a column stored as float64 (values too large to scale to their digits exactly). */
const FLOAT64 = 255;
/** Scaled integers stay below this so that zig-zag deltas are exact doubles. */
const MAX_SCALED = 2 ** 50;

/**
 * Encodes `cols` as a compact chunk: timestamps as zig-zag varint deltas from `baseMs` (whole ms), each
 * metric as a presence bitmap plus zig-zag varint deltas of the value scaled to the fewest decimal digits
 * (from `digitsOf(metric)`, the kind descriptor's precision, up to {@link MAX_CHUNK_DIGITS}) that hold
 * every value of the chunk exactly (float64 when values too large for that scale need decimals); the
 * whole then raw-DEFLATE compressed (RFC 1951). Decoding gives the same values back, except values with
 * more than MAX_CHUNK_DIGITS decimals (rounded) and fractional ms (rounded). Non-finite values are stored
 * as missing.
 */
export function encodeChunk(cols: ChunkColumns, baseMs: number, digitsOf: (metric: string) => number | undefined): Buffer {
  const out = new ByteWriter();
  const n = cols.ts.length;
  const metrics = Object.keys(cols.values);
  out.varint(FORMAT_VERSION);
  out.varint(n);
  out.varint(metrics.length);
  let prev = Math.round(baseMs);
  for (const t of cols.ts) {
    const r = Math.round(t);
    out.zigzag(r - prev);
    prev = r;
  }
  for (const m of metrics) {
    const column = cols.values[m];
    const present = column.map((v) => typeof v === 'number' && Number.isFinite(v));
    const digits = chooseDigits(column, present, digitsOf(m));
    const name = Buffer.from(m, 'utf8');
    out.varint(name.length);
    out.bytes(name);
    out.varint(digits);
    const bitmap = new Uint8Array((n + 7) >> 3);
    for (let i = 0; i < n; i++) if (present[i]) bitmap[i >> 3] |= 1 << (i & 7);
    out.bytes(bitmap);
    if (digits === FLOAT64) {
      const f = new Float64Array(1);
      const b = new Uint8Array(f.buffer);
      for (let i = 0; i < n; i++) {
        if (!present[i]) continue;
        f[0] = column[i] as number;
        out.bytes(b);
      }
      continue;
    }
    const scale = 10 ** digits;
    let prevScaled = 0;
    for (let i = 0; i < n; i++) {
      if (!present[i]) continue;
      const s = Math.round((column[i] as number) * scale);
      out.zigzag(s - prevScaled);
      prevScaled = s;
    }
  }
  return deflateRawSync(out.finish());
}

/**
 * Decodes a chunk written by {@link encodeChunk} with the same `baseMs`.
 * @throws Error when the bytes are not a chunk of a known format version
 */
export function decodeChunk(data: Uint8Array, baseMs: number): ChunkColumns {
  const r = new ByteReader(inflateRawSync(data), 'telemetry chunk');
  const version = r.varint();
  if (version !== FORMAT_VERSION) throw new Error(`telemetry chunk: unknown format version ${version}`);
  const n = r.varint();
  const metricCount = r.varint();
  const ts: number[] = new Array(n);
  let prev = Math.round(baseMs);
  for (let i = 0; i < n; i++) {
    prev += r.zigzag();
    ts[i] = prev;
  }
  const values: Record<string, Array<number | null>> = {};
  for (let k = 0; k < metricCount; k++) {
    const name = r.utf8(r.varint());
    const digits = r.varint();
    const bitmap = r.bytes((n + 7) >> 3);
    const column: Array<number | null> = new Array(n);
    if (digits === FLOAT64) {
      for (let i = 0; i < n; i++) column[i] = bitmap[i >> 3] & (1 << (i & 7)) ? new Float64Array(Uint8Array.from(r.bytes(8)).buffer)[0] : null;
      values[name] = column;
      continue;
    }
    const scale = 10 ** digits;
    let prevScaled = 0;
    for (let i = 0; i < n; i++) {
      if (bitmap[i >> 3] & (1 << (i & 7))) {
        prevScaled += r.zigzag();
        column[i] = prevScaled / scale;
      } else column[i] = null;
    }
    values[name] = column;
  }
  return { ts, values };
}

/** Per-metric {@link MetricStats} of `cols` (metrics without a value are left out). */
export function statsOf(cols: ChunkColumns): Record<string, MetricStats> {
  const out: Record<string, MetricStats> = {};
  for (const [m, column] of Object.entries(cols.values)) {
    let s: MetricStats | undefined;
    for (let i = 0; i < column.length; i++) {
      const v = column[i];
      if (v === null || !Number.isFinite(v)) continue;
      if (!s) s = { min: v, max: v, sum: v, count: 1, last: v, lastTs: cols.ts[i] };
      else {
        if (v < s.min) s.min = v;
        if (v > s.max) s.max = v;
        s.sum += v;
        s.count++;
        if (cols.ts[i] >= s.lastTs) {
          s.last = v;
          s.lastTs = cols.ts[i];
        }
      }
    }
    if (s) out[m] = s;
  }
  return out;
}

/** Merges `b` into a copy of `a` (min of mins, max of maxes, summed sums and counts, the newer last). */
export function mergeStats(a: Record<string, MetricStats>, b: Record<string, MetricStats>): Record<string, MetricStats> {
  const out: Record<string, MetricStats> = { ...a };
  for (const [m, s] of Object.entries(b)) {
    const o = out[m];
    if (!o) {
      out[m] = { ...s };
      continue;
    }
    const newer = s.lastTs >= o.lastTs;
    out[m] = {
      min: Math.min(o.min, s.min),
      max: Math.max(o.max, s.max),
      sum: o.sum + s.sum,
      count: o.count + s.count,
      last: newer ? s.last : o.last,
      lastTs: newer ? s.lastTs : o.lastTs,
    };
  }
  return out;
}

/** Stats as stored (bytea): raw-DEFLATE of a JSON object `{metric: [min, max, sum, count, last, lastTs]}`. */
export function encodeStats(stats: Record<string, MetricStats>): Buffer {
  const o: Record<string, number[]> = {};
  for (const [m, s] of Object.entries(stats)) o[m] = [s.min, s.max, s.sum, s.count, s.last, s.lastTs];
  return deflateRawSync(Buffer.from(JSON.stringify(o), 'utf8'));
}

/**
 * Reverse of {@link encodeStats}.
 * @throws Error on bytes that are not stats
 */
export function decodeStats(data: Uint8Array): Record<string, MetricStats> {
  const o = JSON.parse(inflateRawSync(data).toString('utf8')) as Record<string, number[]>;
  const out: Record<string, MetricStats> = {};
  for (const [m, a] of Object.entries(o)) {
    if (!Array.isArray(a) || a.length !== 6) throw new Error(`telemetry stats: bad entry for ${m}`);
    out[m] = { min: a[0], max: a[1], sum: a[2], count: a[3], last: a[4], lastTs: a[5] };
  }
  return out;
}

/**
 * Fewest digits ≥ the declared ones (default 0) that hold every present value exactly, at most
 * MAX_CHUNK_DIGITS; FLOAT64 when large values cap the scale below the digits the column needs.
 */
function chooseDigits(column: Array<number | null>, present: boolean[], declared: number | undefined): number {
  let maxAbs = 0;
  for (let i = 0; i < column.length; i++) if (present[i]) maxAbs = Math.max(maxAbs, Math.abs(column[i] as number));
  let cap = MAX_CHUNK_DIGITS;
  while (cap > 0 && maxAbs * 10 ** cap > MAX_SCALED) cap--;
  let d = Math.min(Math.max(0, Math.floor(declared ?? 0)), cap);
  const exactAt = (digits: number) => {
    const scale = 10 ** digits;
    for (let i = 0; i < column.length; i++) {
      if (!present[i]) continue;
      const v = column[i] as number;
      if (Math.round(v * scale) / scale !== v) return false;
    }
    return true;
  };
  for (; d < cap; d++) if (exactAt(d)) return d;
  if (cap < MAX_CHUNK_DIGITS && !exactAt(cap)) return FLOAT64;
  return d;
}

