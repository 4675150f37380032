import { z } from 'zod';
// The kinds alone, not the protocol index: the telemetry worker bundles this module.
import { DEVICE_KIND_REGISTRY, type LiveKind } from './kinds';
import type { TelemetryBatch } from './socket';

/**
 * The binary telemetry frame of the live gateway (`telemetry.frame`, docs/api.md "Socket"): one gateway
 * tick's telemetry of one project and topic, columnar. Decoding it is a few typed-array views over the
 * received bytes, a small JSON header and one UTF-8 decode of the string dictionary, instead of
 * `JSON.parse` of an object per device message.
 *
 * Layout (all integers little-endian, offsets from the start of the frame):
 *
 * ```
 * 0   u32  magic 0x31544253 ("SBT1")
 * 4   u32  H, byte length of the header
 * 8   H    header, UTF-8 JSON (TelemetryFrameHeader), then zero padding to a multiple of 8
 * ..       one data block per column of header.cols, in order, each padded to a multiple of 8:
 *            f64   rows × float64, NaN where the row has no value
 *            bool  rows × u8: 0 false, 1 true, 255 absent
 *            str   rows × u32: index into the string dictionary, 0xFFFFFFFF absent
 *            json  no block: the values are in the header (`v`, with `absent` row indices)
 * ..       string dictionary: header.stringsBytes bytes of UTF-8, the strings joined by U+0000
 * ```
 *
 * A column is one field path of the items: `['sn']`, `['ts']`, a top-level field, or one level into an
 * object field (`['readings', 'CO']`). The encoder picks the type from the values: all finite numbers →
 * f64, all booleans → bool, all strings without U+0000 → str, anything else (null, arrays, deeper
 * objects, mixed types) → json. It is generic over the kinds of protocol/kinds: no per-kind layout.
 * {@link frameRows} gives back items equal to the encoded ones (JSON semantics: -0 reads as 0).
 */
export const TELEMETRY_FRAME_MAGIC = 0x31544253;

/** Most columns in a frame (a kind's message has a few dozen fields at most). */
export const MAX_FRAME_COLUMNS = 256;
/** Most rows (items) in a frame; the gateway compacts batches to MAX_BATCH_ITEMS (5 000) first. */
export const MAX_FRAME_ROWS = 1_000_000;

const ABSENT_STR = 0xffffffff;
const ABSENT_BOOL = 255;

/** Column types of a frame. */
export type FrameColumnType = 'f64' | 'bool' | 'str' | 'json';

const LIVE_TELEMETRY_TOPICS = DEVICE_KIND_REGISTRY.liveTopics as readonly LiveKind[];

/** The frame header (validated with {@link telemetryFrameHeader} on decode). */
export const telemetryFrameHeader = z.object({
  v: z.literal(1),
  projectId: z.string().min(1).max(64),
  topic: z.string().refine((t) => (LIVE_TELEMETRY_TOPICS as readonly string[]).includes(t), 'not a live telemetry topic'),
  rows: z.number().int().min(0).max(MAX_FRAME_ROWS),
  strings: z.number().int().min(0),
  stringsBytes: z.number().int().min(0),
  cols: z
    .array(
      z.object({
        p: z.array(z.string().min(1).max(128)).min(1).max(2),
        t: z.enum(['f64', 'bool', 'str', 'json']),
        v: z.array(z.unknown()).optional(),
        absent: z.array(z.number().int().min(0)).optional(),
      }),
    )
    .max(MAX_FRAME_COLUMNS),
});
export type TelemetryFrameHeader = z.infer<typeof telemetryFrameHeader>;

/** One decoded column: a view over the frame's bytes (f64, bool, str) or the header's values (json). */
export type FrameColumn =
  | { path: readonly string[]; type: 'f64'; values: Float64Array }
  | { path: readonly string[]; type: 'bool'; values: Uint8Array }
  | { path: readonly string[]; type: 'str'; index: Uint32Array }
  | { path: readonly string[]; type: 'json'; values: readonly unknown[]; absent: ReadonlySet<number> };

/** A decoded frame. Its typed arrays are views over `bytes` (no copy). */
export interface TelemetryFrame {
  projectId: string;
  topic: LiveKind;
  rows: number;
  columns: FrameColumn[];
  /**
   * The string dictionary the `str` columns index, decoded on first read (a router that only forwards
   * the bytes never pays for it). @throws TelemetryFrameError on first read when the dictionary does
   * not hold the number of strings the header says.
   */
  readonly strings: string[];
  /** The frame as received (8-byte aligned: copied once on decode when it was not). */
  bytes: Uint8Array;
}

/** A malformed frame: its message says what is wrong. Nothing is routed or folded. */
export class TelemetryFrameError extends TypeError {
  constructor(message: string) {
    super(`telemetry frame: ${message}`);
    this.name = 'TelemetryFrameError';
  }
}

/** One item of a telemetry batch: a device message plus its sn. */
type Item = { sn: string } & Record<string, unknown>;

interface ColumnBuild {
  path: string[];
  values: unknown[]; // by row; undefined = absent
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function typeOf(values: readonly unknown[]): FrameColumnType {
  let t: FrameColumnType | null = null;
  for (const v of values) {
    if (v === undefined) continue;
    const vt: FrameColumnType | 'x' =
      typeof v === 'number' ? (Number.isFinite(v) ? 'f64' : 'x') : typeof v === 'boolean' ? 'bool' : typeof v === 'string' && !v.includes('\u0000') ? 'str' : 'x';
    if (vt === 'x') return 'json';
    if (t === null) t = vt;
    else if (t !== vt) return 'json';
  }
  return t ?? 'json';
}

const pad8 = (n: number) => (n + 7) & ~7;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Encodes one telemetry batch (protocol/socket.ts TelemetryBatch) as a frame.
 * @throws TelemetryFrameError on more than MAX_FRAME_ROWS items or MAX_FRAME_COLUMNS field paths.
 */
export function encodeTelemetryFrame(batch: { projectId: string; topic: string; items: readonly object[] }): Uint8Array {
  const items = batch.items as readonly Record<string, unknown>[];
  const rows = items.length;
  if (rows > MAX_FRAME_ROWS) throw new TelemetryFrameError(`${rows} items, at most ${MAX_FRAME_ROWS}`);
  // Which top-level fields are objects one level deep in every row that has them (split into sub-columns).
  const nested = new Map<string, boolean>();
  for (const item of items) {
    for (const key in item) {
      const v = item[key];
      if (v === undefined) continue;
      const obj = isPlainObject(v) && Object.keys(v).length > 0;
      const was = nested.get(key);
      nested.set(key, was === undefined ? obj : was && obj);
    }
  }
  const cols = new Map<string, ColumnBuild>();
  const column = (id: string, path: string[]): ColumnBuild => {
    let c = cols.get(id);
    if (!c) {
      if (cols.size >= MAX_FRAME_COLUMNS) throw new TelemetryFrameError(`more than ${MAX_FRAME_COLUMNS} field paths`);
      cols.set(id, (c = { path, values: new Array<unknown>(rows) }));
    }
    return c;
  };
  for (let r = 0; r < rows; r++) {
    const item = items[r];
    for (const key in item) {
      const v = item[key];
      if (v === undefined) continue;
      if (nested.get(key)) {
        const obj = v as Record<string, unknown>;
        for (const sub in obj) if (obj[sub] !== undefined) column(`${key}\u0000${sub}`, [key, sub]).values[r] = obj[sub];
      } else {
        column(key, [key]).values[r] = v;
      }
    }
  }

  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const header: TelemetryFrameHeader = { v: 1, projectId: batch.projectId, topic: batch.topic, rows, strings: 0, stringsBytes: 0, cols: [] };
  const blocks: Uint8Array[] = [];
  for (const c of cols.values()) {
    const t = typeOf(c.values);
    if (t === 'json') {
      const v: unknown[] = new Array(rows);
      const absent: number[] = [];
      for (let r = 0; r < rows; r++) {
        if (c.values[r] === undefined) {
          absent.push(r);
          v[r] = null;
        } else v[r] = c.values[r];
      }
      header.cols.push(absent.length > 0 ? { p: c.path, t, v, absent } : { p: c.path, t, v });
      continue;
    }
    header.cols.push({ p: c.path, t });
    if (t === 'f64') {
      const a = new Float64Array(rows);
      for (let r = 0; r < rows; r++) a[r] = c.values[r] === undefined ? NaN : (c.values[r] as number);
      blocks.push(new Uint8Array(a.buffer));
    } else if (t === 'bool') {
      const a = new Uint8Array(pad8(rows));
      for (let r = 0; r < rows; r++) a[r] = c.values[r] === undefined ? ABSENT_BOOL : c.values[r] ? 1 : 0;
      blocks.push(a);
    } else {
      const a = new Uint32Array(pad8(rows * 4) / 4);
      for (let r = 0; r < rows; r++) {
        const s = c.values[r] as string | undefined;
        if (s === undefined) {
          a[r] = ABSENT_STR;
          continue;
        }
        let i = stringIndex.get(s);
        if (i === undefined) {
          i = strings.length;
          strings.push(s);
          stringIndex.set(s, i);
        }
        a[r] = i;
      }
      blocks.push(new Uint8Array(a.buffer));
    }
  }
  const dict = encoder.encode(strings.join('\u0000'));
  header.strings = strings.length;
  header.stringsBytes = dict.byteLength;
  const headerBytes = encoder.encode(JSON.stringify(header));
  let size = pad8(8 + headerBytes.byteLength);
  for (const b of blocks) size += b.byteLength;
  size += dict.byteLength;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, TELEMETRY_FRAME_MAGIC, true);
  view.setUint32(4, headerBytes.byteLength, true);
  out.set(headerBytes, 8);
  let at = pad8(8 + headerBytes.byteLength);
  for (const b of blocks) {
    out.set(b, at);
    at += b.byteLength;
  }
  out.set(dict, at);
  return out;
}

/**
 * Decodes a frame received from the socket (an ArrayBuffer in browsers, a Buffer in Node). The header
 * is checked with its zod schema, every block against the frame's length and every string index against
 * the dictionary's size (the dictionary itself is decoded on first use, see TelemetryFrame.strings); item values are not
 * re-validated (they were at ingest, docs/device-protocol.md), consumers skip malformed rows.
 * @throws TelemetryFrameError on anything that is not a well-formed frame.
 */
export function decodeTelemetryFrame(data: unknown): TelemetryFrame {
  let bytes: Uint8Array;
  if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  else throw new TelemetryFrameError('not binary');
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice(); // typed-array views need aligned offsets
  if (bytes.byteLength < 8) throw new TelemetryFrameError(`${bytes.byteLength} bytes, too short`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== TELEMETRY_FRAME_MAGIC) throw new TelemetryFrameError('bad magic');
  const headerLen = view.getUint32(4, true);
  if (8 + headerLen > bytes.byteLength) throw new TelemetryFrameError('header runs past the end');
  let raw: unknown;
  try {
    raw = JSON.parse(decoder.decode(bytes.subarray(8, 8 + headerLen)));
  } catch {
    throw new TelemetryFrameError('header is not JSON');
  }
  const parsed = telemetryFrameHeader.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TelemetryFrameError(`header ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const h = parsed.data;
  const rows = h.rows;
  let at = pad8(8 + headerLen);
  const columns: FrameColumn[] = [];
  const take = (len: number): number => {
    const start = at;
    at += pad8(len);
    if (at > bytes.byteLength) throw new TelemetryFrameError('column data runs past the end');
    return bytes.byteOffset + start;
  };
  for (const c of h.cols) {
    if (c.t === 'json') {
      if (!c.v || c.v.length !== rows) throw new TelemetryFrameError(`json column ${c.p.join('.')} needs ${rows} values`);
      const absent = new Set(c.absent ?? []);
      columns.push({ path: c.p, type: 'json', values: c.v, absent });
    } else if (c.t === 'f64') {
      columns.push({ path: c.p, type: 'f64', values: new Float64Array(bytes.buffer, take(rows * 8), rows) });
    } else if (c.t === 'bool') {
      columns.push({ path: c.p, type: 'bool', values: new Uint8Array(bytes.buffer, take(rows), rows) });
    } else {
      const index = new Uint32Array(bytes.buffer, take(rows * 4), rows);
      for (let r = 0; r < rows; r++) {
        if (index[r] !== ABSENT_STR && index[r] >= h.strings) throw new TelemetryFrameError(`string index ${index[r]} out of range`);
      }
      columns.push({ path: c.p, type: 'str', index });
    }
  }
  if (at + h.stringsBytes !== bytes.byteLength) throw new TelemetryFrameError('length does not match the header');
  const dict = bytes.subarray(at, at + h.stringsBytes);
  let strings: string[] | null = null;
  return {
    projectId: h.projectId,
    topic: h.topic as LiveKind,
    rows,
    columns,
    bytes,
    get strings(): string[] {
      if (strings === null) {
        const decoded = h.strings === 0 ? [] : decoder.decode(dict).split('\u0000');
        if (decoded.length !== h.strings) throw new TelemetryFrameError(`${decoded.length} strings, header says ${h.strings}`);
        strings = decoded;
      }
      return strings;
    },
  };
}

/** The value of column `c` at `row`, or undefined when the row has none. */
export function cellOf(frame: TelemetryFrame, c: FrameColumn, row: number): unknown {
  switch (c.type) {
    case 'f64': {
      const v = c.values[row];
      return v === v ? v : undefined;
    }
    case 'bool': {
      const v = c.values[row];
      return v === ABSENT_BOOL ? undefined : v === 1;
    }
    case 'str': {
      const i = c.index[row];
      return i === ABSENT_STR ? undefined : frame.strings[i];
    }
    case 'json':
      return c.absent.has(row) ? undefined : c.values[row];
  }
}

/** The column of a one-segment path (`'sn'`, `'ts'`), or undefined. */
export function columnOf(frame: TelemetryFrame, field: string): FrameColumn | undefined {
  return frame.columns.find((c) => c.path.length === 1 && c.path[0] === field);
}

/** The `sn` of every row (undefined where a row has no string sn). */
export function frameSns(frame: TelemetryFrame): Array<string | undefined> {
  const c = columnOf(frame, 'sn');
  const out = new Array<string | undefined>(frame.rows);
  for (let r = 0; r < frame.rows; r++) {
    const v = c ? cellOf(frame, c, r) : undefined;
    out[r] = typeof v === 'string' ? v : undefined;
  }
  return out;
}

/**
 * The items of a frame as objects, equal to those encoded (for consumers that need objects: the
 * human-speed device store, tests). Telemetry paths that only fold values read the columns instead.
 */
export function frameRows(frame: TelemetryFrame): Item[] {
  const out: Item[] = new Array(frame.rows);
  for (let r = 0; r < frame.rows; r++) out[r] = {} as Item;
  for (const c of frame.columns) {
    const [key, sub] = c.path;
    for (let r = 0; r < frame.rows; r++) {
      const v = cellOf(frame, c, r);
      if (v === undefined) continue;
      const item = out[r] as Record<string, unknown>;
      if (sub === undefined) item[key] = v;
      else ((item[key] ??= {}) as Record<string, unknown>)[sub] = v;
    }
  }
  return out;
}

/** The batch a frame carries, as protocol/socket.ts TelemetryBatch (items from {@link frameRows}). */
export function frameBatch(frame: TelemetryFrame): TelemetryBatch {
  return { projectId: frame.projectId, topic: frame.topic, items: frameRows(frame) } as unknown as TelemetryBatch;
}
