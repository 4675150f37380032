import { sql, type Kysely } from 'kysely';
import { decodeChunk, decodeStats, encodeChunk, encodeStats, mergeStats, statsOf, type ChunkColumns, type MetricStats } from './chunkCodec';
import { fromJson } from './mappers';
import type { Database } from './schema';
import { dropTelemetryPartitionsBefore } from './telemetryPartitions';

/** Raw chunk span and minute rollup bucket (ms). */
export const MINUTE_MS = 60_000;
/** Hour rollup bucket (ms). */
export const HOUR_MS = 3_600_000;

/** A device's readings of one minute (and one tunnel), ready to be written. */
export interface SealedChunk {
  projectId: string;
  sn: string;
  /** Device kind (protocol/kinds), for the metrics' declared digits; null when unknown. */
  kind: string | null;
  tunnelId: string | null;
  /** Minute start (ms, multiple of {@link MINUTE_MS}). */
  startMs: number;
  cols: ChunkColumns;
}

/** An open (not yet written) chunk as range readers see it. */
export type OpenChunkView = Readonly<SealedChunk>;

/** Something holding not-yet-written chunks in memory (the telemetry writer). */
export interface TelemetryHead {
  openChunks(projectId: string): OpenChunkView[];
}

const heads = new WeakMap<object, Set<TelemetryHead>>();

/**
 * Makes `head`'s open chunks visible to range reads on `db` (the current minute is in memory until
 * sealed). @returns a function that removes it again
 */
export function registerTelemetryHead(db: Kysely<Database>, head: TelemetryHead): () => void {
  let set = heads.get(db);
  if (!set) heads.set(db, (set = new Set()));
  set.add(head);
  return () => set.delete(head);
}

/**
 * Whether a chunk of `projectId` not yet committed (open, sealed or being written, any registered head)
 * holds a reading in [fromMs, toMs]: a range read of that span can still change as the head is written.
 */
export function hasOpenChunks(db: Kysely<Database>, projectId: string, fromMs: number, toMs: number): boolean {
  return openChunksOf(db, projectId).some((c) => c.startMs <= toMs && c.startMs + MINUTE_MS > fromMs);
}

/**
 * What the committed raw chunks of `projectId` in [fromMs, toMs] are, for caching what was computed from
 * them: the count of chunks with data and of their readings (chunks are only ever added, or their data
 * cleared by retention, and either changes it). One aggregate query over the range's index.
 */
export async function rawChunkFingerprint(db: Kysely<Database>, projectId: string, fromMs: number, toMs: number): Promise<string> {
  const r = await db
    .selectFrom('telemetry_chunks')
    .select((eb) => [eb.fn.countAll<number>().as('chunks'), eb.fn.sum<number>('n').as('readings')])
    .where('project_id', '=', projectId)
    .where('start_ms', '>', fromMs - MINUTE_MS)
    .where('start_ms', '<=', toMs)
    .where('data', 'is not', null)
    .executeTakeFirst();
  return `${Number(r?.chunks ?? 0)}/${Number(r?.readings ?? 0)}`;
}

/**
 * Minute start (ms) of the first raw chunk of any of `sns` in `projectId` holding readings at or after
 * `fromMs` and starting at or before `toMs`, committed or still open in memory; null when there is none.
 * One index probe per sn (telemetry_chunks_sn_idx), so finding that a long stretch is empty costs no scan of it.
 */
export async function firstChunkStart(db: Kysely<Database>, projectId: string, sns: readonly string[], fromMs: number, toMs: number): Promise<number | null> {
  const wanted = new Set(sns);
  if (wanted.size === 0) return null;
  const fromMinute = Math.floor(fromMs / MINUTE_MS) * MINUTE_MS;
  let first: number | null = null;
  for (const c of openChunksOf(db, projectId)) if (wanted.has(c.sn) && c.startMs >= fromMinute && c.startMs <= toMs && (first === null || c.startMs < first)) first = c.startMs;
  const r = await sql<{ first: number | string | null }>`
    select min(f.start_ms) as first
    from unnest(${[...wanted]}::text[]) as b(sn)
    cross join lateral (
      select c.start_ms from telemetry_chunks c
      where c.project_id = ${projectId} and c.sn = b.sn and c.start_ms >= ${fromMinute} and c.start_ms <= ${toMs} and c.data is not null
      order by c.start_ms
      limit 1
    ) f`.execute(db);
  const stored = r.rows[0]?.first ?? null;
  if (stored === null) return first;
  return first === null ? Number(stored) : Math.min(first, Number(stored));
}

function openChunksOf(db: Kysely<Database>, projectId: string): OpenChunkView[] {
  const out: OpenChunkView[] = [];
  for (const h of heads.get(db) ?? []) out.push(...h.openChunks(projectId));
  return out;
}

/**
 * Writes sealed chunks in one transaction: one INSERT into telemetry_chunks (with each chunk's minute
 * stats) and the hour rollups they touch merged and upserted into telemetry_hours.
 * @throws the database error (nothing is written then)
 */
export async function writeSealedChunks(
  db: Kysely<Database>,
  chunks: SealedChunk[],
  digitsOf: (kind: string | null, metric: string) => number | undefined,
): Promise<void> {
  if (chunks.length === 0) return;
  const hours = new Map<string, { projectId: string; sn: string; bucketMs: number; stats: Record<string, MetricStats> }>();
  const rows = chunks.map((c) => {
    const stats = statsOf(c.cols);
    const bucketMs = Math.floor(c.startMs / HOUR_MS) * HOUR_MS;
    const key = `${c.projectId}\u0000${c.sn}\u0000${bucketMs}`;
    const h = hours.get(key);
    if (h) h.stats = mergeStats(h.stats, stats);
    else hours.set(key, { projectId: c.projectId, sn: c.sn, bucketMs, stats });
    return {
      project_id: c.projectId,
      sn: c.sn,
      start_ms: c.startMs,
      end_ms: Math.max(...c.cols.ts),
      n: c.cols.ts.length,
      tunnel_id: c.tunnelId,
      data: bytea(encodeChunk(c.cols, c.startMs, (m) => digitsOf(c.kind, m))),
      stats: bytea(encodeStats(stats)),
    };
  });
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('telemetry_chunks').values(rows).execute();
    const list = [...hours.values()];
    const keys = sql.join(list.map((h) => sql`(${h.projectId}::text, ${h.sn}::text, ${h.bucketMs}::double precision)`));
    const existing = await sql<{ project_id: string; sn: string; bucket_ms: number; stats: Uint8Array }>`
      select project_id, sn, bucket_ms, stats from telemetry_hours
      where (project_id, sn, bucket_ms) in (values ${keys})`.execute(tx);
    for (const e of existing.rows) {
      const h = hours.get(`${e.project_id}\u0000${e.sn}\u0000${e.bucket_ms}`);
      if (h) h.stats = mergeStats(decodeStats(e.stats), h.stats);
    }
    await tx
      .insertInto('telemetry_hours')
      .values(list.map((h) => ({ project_id: h.projectId, sn: h.sn, bucket_ms: h.bucketMs, stats: bytea(encodeStats(h.stats)) })))
      .onConflict((oc) => oc.columns(['project_id', 'sn', 'bucket_ms']).doUpdateSet({ stats: (eb) => eb.ref('excluded.stats') }))
      .execute();
  });
}

/**
 * `bytes` as a Uint8Array of the running realm (a view, no copy). PGlite checks a bytea parameter with
 * `instanceof Uint8Array`; a Node Buffer fails that where the global Uint8Array is another realm's (the
 * server run in process by the jsdom tests), and the whole batch of chunks was refused there.
 */
function bytea(bytes: Uint8Array): Uint8Array {
  return bytes instanceof Uint8Array && bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** One device's raw readings over a range, time-ordered: columns plus each reading's tunnel. */
export interface RawSeries extends ChunkColumns {
  /** Tunnel of each reading (beacon fixes); null for readings without one and for rows from before 0004. */
  tunnelId: Array<string | null>;
}

/** Filters on raw reads: devices by serial number, or every beacon fix of one tunnel. */
export type RawFilter = { sns: string[] } | { tunnelId: string };

/** Devices read per query by {@link readRaw} with `sns` (a page of 250 beacons is then ~60 short queries). */
export const RAW_READ_BATCH_SNS = 4;
/** Longest stretch of decoding in {@link readRaw} before the event loop is given back, ms. */
const RAW_READ_SLICE_MS = 15;

/** Gives the event loop back (setImmediate) when `slice.start` is RAW_READ_SLICE_MS ago, then restarts the slice. */
async function yieldIfDue(slice: { start: number }): Promise<void> {
  if (performance.now() - slice.start < RAW_READ_SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  slice.start = performance.now();
}

/** One device's readings as read: column arrays of one chunk (or legacy row) and the index range in it. */
interface RawPart {
  ts: ArrayLike<number>;
  values: Record<string, ArrayLike<number | null>>;
  tunnelId: string | null;
}

/**
 * Raw readings of `projectId` with fromMs ≤ ts ≤ toMs per device, from the chunks, the open chunks in
 * memory and (for `sns`) the table written before migration 0005_telemetry_chunks; time-ordered, duplicates of one
 * timestamp kept (in the order read). Chunks whose raw data retention removed are skipped (rollups still hold them).
 *
 * With `sns` the devices are read {@link RAW_READ_BATCH_SNS} at a time, and the event loop is given back
 * (setImmediate) between batches and every ~15 ms of decoding, so a large read (an hour of 250 beacons:
 * 15,000 chunks) never holds it for long; no per-reading objects are made (the columns are copied once
 * per device).
 */
export async function readRaw(db: Kysely<Database>, projectId: string, filter: RawFilter, fromMs: number, toMs: number): Promise<Map<string, RawSeries>> {
  const out = new Map<string, RawSeries>();
  if ('sns' in filter) {
    const sns = [...new Set(filter.sns)];
    for (let k = 0; k < sns.length; k += RAW_READ_BATCH_SNS) {
      if (k > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      for (const [sn, s] of await readRawBatch(db, projectId, { sns: sns.slice(k, k + RAW_READ_BATCH_SNS) }, fromMs, toMs)) out.set(sn, s);
    }
    return out;
  }
  return readRawBatch(db, projectId, filter, fromMs, toMs);
}

async function readRawBatch(db: Kysely<Database>, projectId: string, filter: RawFilter, fromMs: number, toMs: number): Promise<Map<string, RawSeries>> {
  const parts = new Map<string, RawPart[]>();
  const push = (sn: string, part: RawPart) => {
    let list = parts.get(sn);
    if (!list) parts.set(sn, (list = []));
    list.push(part);
  };
  const bySn = 'sns' in filter;
  if (bySn && filter.sns.length === 0) return new Map();
  let q = db
    .selectFrom('telemetry_chunks')
    .select(['sn', 'start_ms', 'n', 'tunnel_id', 'data'])
    .where('project_id', '=', projectId)
    .where('start_ms', '>', fromMs - MINUTE_MS)
    .where('start_ms', '<=', toMs)
    .where('data', 'is not', null);
  q = bySn ? q.where('sn', 'in', filter.sns) : q.where('tunnel_id', '=', filter.tunnelId);
  // taken before the query: a chunk committed in between is then in both and skipped here once
  const head = openChunksOf(db, projectId);
  const stored = new Set<string>();
  const slice = { start: performance.now() };
  for (const r of await q.orderBy('start_ms').execute()) {
    await yieldIfDue(slice);
    if (!r.data) continue;
    const cols = decodeChunk(r.data, r.start_ms);
    stored.add(chunkKey(r.sn, r.start_ms, r.n, cols.ts[0]));
    push(r.sn, { ts: cols.ts, values: cols.values, tunnelId: r.tunnel_id });
  }
  const wanted = bySn ? new Set(filter.sns) : null;
  for (const c of head) {
    if (wanted ? !wanted.has(c.sn) : c.tunnelId !== (filter as { tunnelId: string }).tunnelId) continue;
    if (stored.has(chunkKey(c.sn, c.startMs, c.cols.ts.length, Math.round(c.cols.ts[0])))) continue;
    push(c.sn, { ts: c.cols.ts, values: c.cols.values, tunnelId: c.tunnelId });
  }
  if (bySn) {
    const legacy = await db
      .selectFrom('telemetry')
      .select(['sn', 'ts_ms', 'values'])
      .where('project_id', '=', projectId)
      .where('sn', 'in', filter.sns)
      .where('ts_ms', '>=', fromMs)
      .where('ts_ms', '<=', toMs)
      .execute();
    for (const r of legacy) {
      const v = fromJson<Record<string, unknown>>(r.values) ?? {};
      const values: Record<string, Array<number | null>> = {};
      for (const [k, x] of Object.entries(v)) values[k] = [typeof x === 'number' && Number.isFinite(x) ? x : null];
      push(r.sn, { ts: [r.ts_ms], values, tunnelId: null });
    }
  }
  const result = new Map<string, RawSeries>();
  for (const [sn, list] of parts) {
    await yieldIfDue(slice);
    const s = joinParts(list, fromMs, toMs);
    if (s) result.set(sn, s);
  }
  return result;
}

/**
 * One device's parts as one series: the readings with fromMs ≤ ts ≤ toMs in the order read, then sorted
 * by time (stable, so duplicates of one timestamp keep that order; no sort when already in order). Metrics
 * are those of the parts with a reading in range, null where a part lacks one. Null when none is in range.
 */
function joinParts(list: RawPart[], fromMs: number, toMs: number): RawSeries | null {
  const ranges: Array<{ part: RawPart; lo: number; hi: number }> = [];
  const metrics = new Set<string>();
  let n = 0;
  for (const part of list) {
    let lo = -1;
    let hi = -1;
    for (let i = 0; i < part.ts.length; i++) {
      const t = part.ts[i];
      if (t < fromMs || t > toMs) continue;
      if (lo < 0) lo = i;
      hi = i;
    }
    if (lo < 0) continue;
    ranges.push({ part, lo, hi });
    for (const m of Object.keys(part.values)) metrics.add(m);
    n += hi - lo + 1;
  }
  if (ranges.length === 0) return null;
  const ts: number[] = new Array(n);
  const tunnelId: Array<string | null> = new Array(n);
  const values: Record<string, Array<number | null>> = {};
  for (const m of metrics) values[m] = new Array<number | null>(n).fill(null);
  let k = 0;
  for (const { part, lo, hi } of ranges) {
    const start = k;
    for (let i = lo; i <= hi; i++) {
      const t = part.ts[i];
      if (t < fromMs || t > toMs) continue;
      ts[k] = t;
      tunnelId[k] = part.tunnelId;
      k++;
    }
    for (const [m, column] of Object.entries(part.values)) {
      const target = values[m];
      let j = start;
      for (let i = lo; i <= hi; i++) {
        const t = part.ts[i];
        if (t < fromMs || t > toMs) continue;
        target[j++] = column[i] ?? null;
      }
    }
  }
  ts.length = k;
  tunnelId.length = k;
  for (const m of metrics) values[m].length = k;
  let sorted = true;
  for (let i = 1; i < k && sorted; i++) sorted = ts[i - 1] <= ts[i];
  if (sorted) return { ts, values, tunnelId };
  const order = Array.from({ length: k }, (_, i) => i).sort((a, b) => ts[a] - ts[b] || a - b);
  const byOrder = <T>(column: T[]): T[] => order.map((i) => column[i]);
  const sortedValues: Record<string, Array<number | null>> = {};
  for (const m of metrics) sortedValues[m] = byOrder(values[m]);
  return { ts: byOrder(ts), values: sortedValues, tunnelId: byOrder(tunnelId) };
}
function chunkKey(sn: string, startMs: number, n: number, firstTs: number): string {
  return `${sn}\u0000${startMs}\u0000${n}\u0000${firstTs}`;
}

/** Rollup tiers: per-minute (the chunks' stats) and per-hour. */
export type RollupTier = 'minute' | 'hour';

/** One rollup bucket of one device. */
export interface RollupBucket {
  /** Bucket start (ms). */
  bucketMs: number;
  stats: Record<string, MetricStats>;
}

/**
 * Rollup buckets of `sns` in `tier` that start in [fromMs − bucket, toMs] (so a bucket overlapping
 * fromMs is included), time-ordered per device; the open chunks in memory are merged in.
 */
export async function readRollups(
  db: Kysely<Database>,
  projectId: string,
  sns: string[],
  tier: RollupTier,
  fromMs: number,
  toMs: number,
): Promise<Map<string, RollupBucket[]>> {
  const out = new Map<string, Map<number, Record<string, MetricStats>>>();
  const add = (sn: string, bucketMs: number, stats: Record<string, MetricStats>) => {
    let m = out.get(sn);
    if (!m) out.set(sn, (m = new Map()));
    const prev = m.get(bucketMs);
    m.set(bucketMs, prev ? mergeStats(prev, stats) : stats);
  };
  if (sns.length === 0) return new Map();
  const span = tier === 'minute' ? MINUTE_MS : HOUR_MS;
  const head = openChunksOf(db, projectId);
  // minute tier: a head chunk already committed (same device, minute and size) is not counted twice
  const stored = new Set<string>();
  if (tier === 'minute') {
    const rows = await db
      .selectFrom('telemetry_chunks')
      .select(['sn', 'start_ms', 'n', 'stats'])
      .where('project_id', '=', projectId)
      .where('sn', 'in', sns)
      .where('start_ms', '>', fromMs - span)
      .where('start_ms', '<=', toMs)
      .execute();
    for (const r of rows) {
      stored.add(`${r.sn}\u0000${r.start_ms}\u0000${r.n}`);
      add(r.sn, r.start_ms, decodeStats(r.stats));
    }
  } else {
    const rows = await db
      .selectFrom('telemetry_hours')
      .select(['sn', 'bucket_ms', 'stats'])
      .where('project_id', '=', projectId)
      .where('sn', 'in', sns)
      .where('bucket_ms', '>', fromMs - span)
      .where('bucket_ms', '<=', toMs)
      .execute();
    for (const r of rows) add(r.sn, r.bucket_ms, decodeStats(r.stats));
  }
  const wanted = new Set(sns);
  for (const c of head) {
    const b = Math.floor(c.startMs / span) * span;
    if (!wanted.has(c.sn) || b <= fromMs - span || b > toMs) continue;
    if (stored.has(`${c.sn}\u0000${c.startMs}\u0000${c.cols.ts.length}`)) continue;
    add(c.sn, b, statsOf(c.cols));
  }
  const result = new Map<string, RollupBucket[]>();
  for (const [sn, m] of out) {
    result.set(
      sn,
      [...m.entries()].sort((a, b) => a[0] - b[0]).map(([bucketMs, stats]) => ({ bucketMs, stats })),
    );
  }
  return result;
}

/** Retention per tier in days (server/config.ts, docs/configuration.md). */
export interface RetentionDays {
  raw: number;
  minute: number;
  hour: number;
}

/** What {@link deleteOldTelemetry} removed. */
export interface RetentionResult {
  /** Rows of the table from before migration 0005_telemetry_chunks deleted. */
  legacyRows: number;
  /** Chunks whose raw data was dropped (their minute stats kept). */
  rawChunks: number;
  /** Chunk rows deleted (minute tier expired) from partitions that were kept (the cut's day, DEFAULT). */
  minuteRows: number;
  /** Day partitions of telemetry_chunks dropped whole (minute tier expired for every chunk in them). */
  partitionsDropped: number;
  hourRows: number;
  /** Rows of zone_hour_counts deleted (kept as long as the hour rollups). */
  zoneHourRows: number;
}

/**
 * Applies retention before `nowMs`: raw readings older than `raw` days (legacy rows deleted, chunks'
 * `data` cleared), minute rollups older than max(raw, minute) days (day partitions of chunks dropped whole,
 * then the remaining older chunk rows deleted), hour rollups and zone hours (`zone_hour_counts`)
 * older than `hour` days. A number instead of tiers applies it to raw and keeps the rollups' defaults
 * of 90 and 730 days.
 */
export async function deleteOldTelemetry(db: Kysely<Database>, retention: number | RetentionDays, nowMs: number): Promise<RetentionResult> {
  const days = typeof retention === 'number' ? { raw: retention, minute: Math.max(90, retention), hour: Math.max(730, retention) } : retention;
  const rawCut = nowMs - days.raw * 86_400_000;
  const minuteCut = nowMs - Math.max(days.raw, days.minute) * 86_400_000;
  const hourCut = nowMs - Math.max(days.raw, days.minute, days.hour) * 86_400_000;
  const legacy = await db.deleteFrom('telemetry').where('ts_ms', '<', rawCut).executeTakeFirst();
  // whole days first (DROP TABLE of a partition), then the rows left before the cut (its day, DEFAULT)
  const dropped = await dropTelemetryPartitionsBefore(db, minuteCut - MINUTE_MS + 1);
  const minute = await db.deleteFrom('telemetry_chunks').where('start_ms', '<', minuteCut - MINUTE_MS + 1).executeTakeFirst();
  const raw = await db
    .updateTable('telemetry_chunks')
    .set({ data: null })
    .where('start_ms', '<', rawCut) // partition pruning: days after the cut are not scanned
    .where('end_ms', '<', rawCut)
    .where('data', 'is not', null)
    .executeTakeFirst();
  const hour = await db.deleteFrom('telemetry_hours').where('bucket_ms', '<', hourCut - HOUR_MS + 1).executeTakeFirst();
  const zoneHours = await db.deleteFrom('zone_hour_counts').where('hour_start_ms', '<', hourCut - HOUR_MS + 1).executeTakeFirst();
  return {
    legacyRows: Number(legacy.numDeletedRows),
    rawChunks: Number(raw.numUpdatedRows),
    minuteRows: Number(minute.numDeletedRows),
    partitionsDropped: dropped.length,
    hourRows: Number(hour.numDeletedRows),
    zoneHourRows: Number(zoneHours.numDeletedRows),
  };
}
