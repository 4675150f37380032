import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Span of one telemetry_chunks partition (ms): one UTC day of chunk start times. */
export const PARTITION_MS = 86_400_000;
/** Days of partitions created ahead of today by {@link ensureTelemetryPartitions} (and kept ahead hourly). */
export const PARTITIONS_AHEAD_DAYS = 7;
/** Partitions created by one {@link ensureTelemetryPartitions} call at most (bounds a call with a far-off clock). */
const MAX_CREATED_PER_CALL = 64;

/** The parent table and the prefix of its day partitions (migration 0030_telemetry_partitions). */
const PARENT = 'telemetry_chunks';
const DAY_PREFIX = 'telemetry_chunks_d';

/** One day partition of telemetry_chunks: chunks with fromMs ≤ start_ms < toMs. */
export interface TelemetryPartition {
  name: string;
  fromMs: number;
  toMs: number;
}

function dayName(fromMs: number): string {
  return DAY_PREFIX + new Date(fromMs).toISOString().slice(0, 10).replaceAll('-', '');
}

function dayOf(name: string): number | null {
  const m = /^telemetry_chunks_d(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/**
 * The day partitions of telemetry_chunks, oldest first (the DEFAULT partition, which takes chunks of days
 * without one, is not listed).
 */
export async function listTelemetryPartitions(db: Kysely<Database>): Promise<TelemetryPartition[]> {
  const r = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = ${PARENT}`.execute(db);
  const out: TelemetryPartition[] = [];
  for (const { name } of r.rows) {
    const fromMs = dayOf(name);
    if (fromMs !== null) out.push({ name, fromMs, toMs: fromMs + PARTITION_MS });
  }
  return out.sort((a, b) => a.fromMs - b.fromMs);
}

/**
 * Creates the day partitions of telemetry_chunks from the day before `nowMs` to `aheadDays` days after it
 * (UTC days), those missing only; at most 64 per call. Chunks of a day already in the DEFAULT partition
 * (a device clock ahead, or a backfill) are moved into the new partition in the same transaction, as
 * PostgreSQL requires. Safe to run concurrently from several nodes (a lost race is skipped).
 * @returns the partitions created
 * @throws the database error of the listing (a failed creation is rolled back and skipped)
 */
export async function ensureTelemetryPartitions(db: Kysely<Database>, nowMs: number, aheadDays = PARTITIONS_AHEAD_DAYS): Promise<string[]> {
  const have = new Set((await listTelemetryPartitions(db)).map((p) => p.name));
  const today = Math.floor(nowMs / PARTITION_MS) * PARTITION_MS;
  const created: string[] = [];
  for (let d = -1; d <= aheadDays && created.length < MAX_CREATED_PER_CALL; d++) {
    const fromMs = today + d * PARTITION_MS;
    const name = dayName(fromMs);
    if (have.has(name)) continue;
    try {
      await createDayPartition(db, name, fromMs, fromMs + PARTITION_MS);
      created.push(name);
    } catch (err) {
      // another node created it first: fine; anything else shows up in the next listing
      if (!/already exists/.test(String((err as Error).message))) throw err;
    }
  }
  return created;
}

async function createDayPartition(db: Kysely<Database>, name: string, fromMs: number, toMs: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // rows of that day in DEFAULT would make CREATE … PARTITION OF fail: take them out and put them back
    await sql`create temporary table telemetry_chunks_moving on commit drop as
      with moved as (delete from telemetry_chunks_default where start_ms >= ${fromMs}::double precision and start_ms < ${toMs}::double precision returning *)
      select * from moved`.execute(tx);
    await sql`create table ${sql.table(name)} partition of telemetry_chunks
      for values from (${sql.lit(fromMs)}) to (${sql.lit(toMs)})`.execute(tx);
    await sql`insert into telemetry_chunks select * from telemetry_chunks_moving`.execute(tx);
  });
}

/**
 * Drops the day partitions whose every chunk starts before `cutMs` (retention of the minute tier: the
 * whole day goes at once, without deleting row by row). @returns the partitions dropped
 */
export async function dropTelemetryPartitionsBefore(db: Kysely<Database>, cutMs: number): Promise<string[]> {
  const dropped: string[] = [];
  for (const p of await listTelemetryPartitions(db)) {
    if (p.toMs > cutMs) break;
    await sql`drop table if exists ${sql.table(p.name)}`.execute(db);
    dropped.push(p.name);
  }
  return dropped;
}
