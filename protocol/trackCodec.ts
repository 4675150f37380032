/**
 * Compact personnel tracks (docs/api.md "Compact personnel tracks"): the binary body of
 * `POST /zhgd/telemetry/tracks/compact`, written by the server and decoded by the replay worker.
 *
 * Per beacon the chainage is simplified to a piecewise-linear track: a fix is dropped when the straight
 * line between the kept fixes around it passes within `toleranceM` of its chainage at its own instant
 * (vertical error; the replay interpolates linearly between fixes anyway). Kept fixes (vertices) keep
 * their exact time and value. A stationary stretch is therefore two vertices however long it is. Every
 * other metric (battery, sos, vitals) and the tunnel are step columns sent only when they change, at the
 * exact instant of the fix that changed them, losslessly. Fixes more than `gapMs` apart are never bridged:
 * a new segment starts after such a gap, so the replay shows nobody there.
 *
 * Layout (little-endian; `uv` = unsigned LEB128 varint, `sv` = zig-zag then `uv`, `str` = uv byte length
 * + UTF-8):
 *
 *   magic "STRK" (4 bytes) · version u8 (=1)
 *   fromMs f64 · toMs f64 · nextCursor f64 (-1 = last page) · toleranceCm uv · gapMs uv
 *   tunnelCount uv · tunnelCount × str                      (tunnel ids, indexed by the tunnelId column)
 *   beaconCount uv, then per beacon:
 *     sn str · fixes uv (fixes in the page before simplification) · n uv (vertices)
 *     ts: sv (first − fromMs) then (n − 1) × uv (delta ms)
 *     segment starts: count uv · count × uv (delta of the vertex index; vertex 0 always starts one)
 *     chainage: digits u8 · n × sv (delta of round(chainageM × 10^digits))
 *     stepCount uv, then per step column:
 *       name str · digits u8 (255: values are tunnel indexes) · changes uv ·
 *       changes × (time: the first sv (time − fromMs), later uv delta ms ·
 *                  value: uv 0 = null, else uv (zigzag(delta of the scaled value) + 1))
 *
 * Values are scaled to the fewest decimal digits (≤ TRACK_MAX_DIGITS) that hold every value of the
 * column exactly.
 */
import { ByteReader, ByteWriter } from './bytes';

/** Magic bytes "STRK" at the start of a compact tracks body. */
export const TRACK_MAGIC = [0x53, 0x54, 0x52, 0x4b] as const;
export const TRACK_FORMAT_VERSION = 1;
/** Most decimal digits a column is scaled to (the storage keeps the same, server/storage/chunkCodec.ts). */
export const TRACK_MAX_DIGITS = 6;
/** Digits marker of the tunnelId step column: values are indexes into the body's tunnel list. */
const TUNNEL_INDEX = 255;
/** Name of the step column holding the tunnel index. */
export const TRACK_TUNNEL_COLUMN = 'tunnelId';

/** One beacon's fixes over a page, as storage reads them (ts ascending). */
export interface TrackInput {
  sn: string;
  ts: ArrayLike<number>;
  /** Tunnel of each fix (null when unknown). */
  tunnelId: ArrayLike<string | null>;
  /** Per metric, aligned with ts; must contain chainageM (fixes without a chainage are left out). */
  values: Record<string, ArrayLike<number | null>>;
}

/** What a body is encoded with. */
export interface TrackEncodeOptions {
  fromMs: number;
  toMs: number;
  nextCursor: number | null;
  /** Largest vertical chainage error of a dropped fix (m). 0 drops only fixes exactly on the line. */
  toleranceM: number;
  /** Fixes this far apart or further (ms) are not bridged: a new segment starts. */
  gapMs: number;
}

/** A decoded beacon: vertices and step changes merged on one time axis, as the replay worker holds them. */
export interface DecodedTrack {
  sn: string;
  /** Fixes the beacon had in the page before simplification. */
  fixes: number;
  /** Vertices of the chainage track (exact times and values). */
  vertexTs: Float64Array;
  vertexChainageM: Float64Array;
  /** 1 where a vertex starts a segment (the gap before it was ≥ gapMs, or it is the first). */
  segmentStart: Uint8Array;
  /** Step columns: change instants and values (NaN = null); tunnelId values are indexes into `tunnels`. */
  steps: Record<string, { ts: Float64Array; values: Float64Array }>;
}

/** A decoded body. */
export interface DecodedTracks {
  fromMs: number;
  toMs: number;
  nextCursor: number | null;
  toleranceM: number;
  gapMs: number;
  tunnels: string[];
  beacons: DecodedTrack[];
}

/** Fewest digits (≤ TRACK_MAX_DIGITS) that hold every finite value exactly; TRACK_MAX_DIGITS rounds the rest. */
function digitsFor(values: Iterable<number>): number {
  let d = 0;
  for (const v of values) {
    while (d < TRACK_MAX_DIGITS) {
      const s = v * 10 ** d;
      if (Math.abs(s - Math.round(s)) <= 1e-7 * Math.max(1, Math.abs(s))) break;
      d++;
    }
  }
  return d;
}

/**
 * Indexes of the fixes kept from one segment (ts ascending, chainage finite): the first and the last,
 * and in between the fewest, greedily, such that every dropped fix lies within `tol` of the line between
 * the kept fixes around it, measured at its own instant. O(n) amortised: for an anchor, the feasible
 * slopes form an interval narrowed by each fix; when it empties, the last fix whose own slope was inside
 * becomes the next anchor.
 */
export function simplifyTrack(ts: ArrayLike<number>, c: ArrayLike<number>, from: number, to: number, tol: number): number[] {
  const keep = [from];
  let a = from;
  while (a < to) {
    let lo = -Infinity;
    let hi = Infinity;
    let best = a + 1;
    for (let j = a + 1; j <= to; j++) {
      const dt = ts[j] - ts[a];
      const s = dt > 0 ? (c[j] - c[a]) / dt : c[j] === c[a] ? 0 : NaN;
      if (dt > 0 && s >= lo && s <= hi) best = j;
      else if (dt <= 0 && s === 0 && lo <= 0 && hi >= 0) best = j;
      if (dt > 0) {
        lo = Math.max(lo, (c[j] - tol - c[a]) / dt);
        hi = Math.min(hi, (c[j] + tol - c[a]) / dt);
      } else if (c[j] !== c[a]) {
        lo = Infinity;
      }
      if (lo > hi) break;
    }
    keep.push(best);
    a = best;
  }
  return keep;
}

/**
 * Encodes the beacons' fixes of one page as a compact tracks body (layout in this module's comment).
 * @throws RangeError when toleranceM or gapMs is negative or not finite
 */
export function encodeTracks(beacons: readonly TrackInput[], opts: TrackEncodeOptions): Uint8Array {
  const steps = encodeTracksStepwise(beacons, opts);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * {@link encodeTracks} one beacon at a time: the generator pauses (yields) after each beacon and returns
 * the same bytes, so a caller on a busy event loop can give it back between slices (the server does,
 * about every 20 ms). @throws RangeError as encodeTracks, on the first `next()`
 */
export function* encodeTracksStepwise(beacons: readonly TrackInput[], opts: TrackEncodeOptions): Generator<void, Uint8Array, void> {
  if (!(opts.toleranceM >= 0) || !Number.isFinite(opts.toleranceM)) throw new RangeError(`toleranceM must be >= 0: ${opts.toleranceM}`);
  if (!(opts.gapMs > 0) || !Number.isFinite(opts.gapMs)) throw new RangeError(`gapMs must be > 0: ${opts.gapMs}`);
  const tolCm = Math.round(opts.toleranceM * 100);
  const tol = tolCm / 100;
  const w = new ByteWriter();
  for (const b of TRACK_MAGIC) w.u8(b);
  w.u8(TRACK_FORMAT_VERSION);
  w.f64(opts.fromMs);
  w.f64(opts.toMs);
  w.f64(opts.nextCursor ?? -1);
  w.varint(tolCm);
  w.varint(Math.round(opts.gapMs));
  const seen = new Set<string>();
  for (const b of beacons) {
    let prev: string | null = null;
    for (let i = 0; i < b.tunnelId.length; i++) {
      const t = b.tunnelId[i];
      if (t !== null && t !== prev) seen.add(t);
      prev = t;
    }
  }
  const tunnels = [...seen].sort();
  const tunnelIndex = new Map(tunnels.map((t, i) => [t, i]));
  w.varint(tunnels.length);
  for (const t of tunnels) w.str(t);
  w.varint(beacons.length);
  for (const b of beacons) {
    const chain = b.values.chainageM;
    // fixes with a finite time and chainage, in time order
    const rows: number[] = [];
    for (let i = 0; i < b.ts.length; i++) if (Number.isFinite(b.ts[i]) && chain && typeof chain[i] === 'number' && Number.isFinite(chain[i])) rows.push(i);
    let sorted = true;
    for (let k = 1; k < rows.length && sorted; k++) sorted = b.ts[rows[k - 1]] <= b.ts[rows[k]];
    if (!sorted) rows.sort((x, y) => b.ts[x] - b.ts[y]);
    const ts = rows.map((r) => Math.round(b.ts[r]));
    const c = rows.map((r) => chain![r] as number);
    const vertices: number[] = [];
    const starts: number[] = [];
    let s = 0;
    for (let i = 1; i <= ts.length; i++) {
      if (i < ts.length && ts[i] - ts[i - 1] < opts.gapMs) continue;
      starts.push(vertices.length);
      vertices.push(...simplifyTrack(ts, c, s, i - 1, tol));
      s = i;
    }
    w.str(b.sn);
    w.varint(b.ts.length);
    w.varint(vertices.length);
    let prev = Math.round(opts.fromMs);
    vertices.forEach((v, k) => {
      if (k === 0) w.zigzag(ts[v] - prev);
      else w.varint(ts[v] - prev);
      prev = ts[v];
    });
    w.varint(starts.length - (starts.length > 0 ? 1 : 0));
    let prevStart = 0;
    for (const st of starts.slice(1)) {
      w.varint(st - prevStart);
      prevStart = st;
    }
    const cd = digitsFor(vertices.map((v) => c[v]));
    w.u8(cd);
    let prevScaled = 0;
    for (const v of vertices) {
      const sc = Math.round(c[v] * 10 ** cd);
      w.zigzag(sc - prevScaled);
      prevScaled = sc;
    }
    // step columns: every other metric, and the tunnel
    const stepCols: Array<{ name: string; digits: number; at: number[]; vals: Array<number | null> }> = [];
    const addStep = (name: string, valueOf: (r: number) => number | null, digits: number | null) => {
      const at: number[] = [];
      const vals: Array<number | null> = [];
      let last: number | null | undefined;
      for (const r of rows) {
        const v = valueOf(r);
        if (v === last) continue;
        last = v;
        at.push(Math.round(b.ts[r]));
        vals.push(v);
      }
      if (at.length === 0 || (at.length === 1 && vals[0] === null)) return;
      stepCols.push({ name, at, vals, digits: digits ?? digitsFor(vals.filter((v): v is number => v !== null)) });
    };
    addStep(TRACK_TUNNEL_COLUMN, (r) => (b.tunnelId[r] === null ? null : tunnelIndex.get(b.tunnelId[r] as string)!), TUNNEL_INDEX);
    for (const [m, col] of Object.entries(b.values)) {
      if (m === 'chainageM' || m === TRACK_TUNNEL_COLUMN) continue;
      addStep(m, (r) => (typeof col[r] === 'number' && Number.isFinite(col[r]) ? (col[r] as number) : null), null);
    }
    w.varint(stepCols.length);
    for (const sc of stepCols) {
      w.str(sc.name);
      w.u8(sc.digits);
      w.varint(sc.at.length);
      const scale = sc.digits === TUNNEL_INDEX ? 1 : 10 ** sc.digits;
      let pt = Math.round(opts.fromMs);
      let pv = 0;
      sc.at.forEach((t, k) => {
        if (k === 0) w.zigzag(t - pt);
        else w.varint(t - pt);
        pt = t;
        const v = sc.vals[k];
        if (v === null) w.varint(0);
        else {
          const scaled = Math.round(v * scale);
          const d = scaled - pv;
          w.varint((d >= 0 ? d * 2 : -d * 2 - 1) + 1);
          pv = scaled;
        }
      });
    }
    yield;
  }
  return w.finish();
}

/** Byte offset of nextCursor in a body (after magic, version, fromMs and toMs). */
const NEXT_CURSOR_OFFSET = 21;

/**
 * The nextCursor of a body without decoding it (ms, the next page's start), or null on the last page.
 * @throws RangeError when the bytes are not a compact tracks body
 */
export function trackPageCursor(bytes: Uint8Array): number | null {
  if (bytes.length < NEXT_CURSOR_OFFSET + 8 || TRACK_MAGIC.some((b, i) => bytes[i] !== b)) throw new RangeError('compact tracks: not a compact tracks body');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat64(NEXT_CURSOR_OFFSET, true);
  return v >= 0 ? v : null;
}

/**
 * A body with its nextCursor set to `nextCursor` (ms, or null for the last page of a request): `bytes` itself
 * when it already says so, else a copy (the rest of a page does not depend on where its request ends, so
 * one encoded hour serves as a request's middle page and as its last).
 * @throws RangeError when the bytes are not a compact tracks body
 */
export function withTrackPageCursor(bytes: Uint8Array, nextCursor: number | null): Uint8Array {
  if (trackPageCursor(bytes) === nextCursor) return bytes;
  const out = bytes.slice();
  new DataView(out.buffer, out.byteOffset, out.byteLength).setFloat64(NEXT_CURSOR_OFFSET, nextCursor ?? -1, true);
  return out;
}

/**
 * Decodes a body written by {@link encodeTracks}.
 * @throws RangeError when the bytes are not a compact tracks body of a known version, or end early
 */
export function decodeTracks(bytes: Uint8Array): DecodedTracks {
  const r = new ByteReader(bytes, 'compact tracks');
  for (const b of TRACK_MAGIC) if (r.u8() !== b) throw new RangeError('compact tracks: not a compact tracks body');
  const version = r.u8();
  if (version !== TRACK_FORMAT_VERSION) throw new RangeError(`compact tracks: unknown format version ${version}`);
  const fromMs = r.f64();
  const toMs = r.f64();
  const cursor = r.f64();
  const toleranceM = r.varint() / 100;
  const gapMs = r.varint();
  const tunnels: string[] = [];
  for (let k = r.varint(); k > 0; k--) tunnels.push(r.str());
  const beacons: DecodedTrack[] = [];
  for (let count = r.varint(); count > 0; count--) {
    const sn = r.str();
    const fixes = r.varint();
    const n = r.varint();
    const vertexTs = new Float64Array(n);
    let t = Math.round(fromMs);
    for (let i = 0; i < n; i++) vertexTs[i] = t += i === 0 ? r.zigzag() : r.varint();
    const segmentStart = new Uint8Array(n);
    if (n > 0) segmentStart[0] = 1;
    let st = 0;
    for (let k = r.varint(); k > 0; k--) {
      st += r.varint();
      if (st >= n) throw new RangeError('compact tracks: segment start past the vertices');
      segmentStart[st] = 1;
    }
    const cd = r.u8();
    const cscale = 10 ** cd;
    const vertexChainageM = new Float64Array(n);
    let sc = 0;
    for (let i = 0; i < n; i++) vertexChainageM[i] = (sc += r.zigzag()) / cscale;
    const steps: DecodedTrack['steps'] = {};
    for (let k = r.varint(); k > 0; k--) {
      const name = r.str();
      const digits = r.u8();
      const changes = r.varint();
      if (changes > fixes) throw new RangeError('compact tracks: more changes than fixes');
      const scale = digits === TUNNEL_INDEX ? 1 : 10 ** digits;
      const cts = new Float64Array(changes);
      const vals = new Float64Array(changes);
      let pt = Math.round(fromMs);
      let pv = 0;
      for (let i = 0; i < changes; i++) {
        cts[i] = pt += i === 0 ? r.zigzag() : r.varint();
        const tag = r.varint();
        if (tag === 0) vals[i] = NaN;
        else {
          const u = tag - 1;
          pv += u % 2 === 0 ? u / 2 : -(u + 1) / 2;
          vals[i] = pv / scale;
        }
      }
      steps[name] = { ts: cts, values: vals };
    }
    beacons.push({ sn, fixes, vertexTs, vertexChainageM, segmentStart, steps });
  }
  if (!r.done) throw new RangeError('compact tracks: trailing bytes');
  return { fromMs, toMs, nextCursor: cursor < 0 ? null : cursor, toleranceM, gapMs, tunnels, beacons };
}
