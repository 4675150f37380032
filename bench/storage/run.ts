/**
 * Bytes per stored telemetry reading, baseline (one jsonb row per reading, the layout before migration
 * 0004) against candidate (per-device, per-minute chunks with minute and hour rollups, the
 * TelemetryWriter of server/ingest), written in the same run into a fresh database from the demo
 * simulator's deterministic traffic (server/simulator/backfill.ts, no MQTT).
 *
 *   npm run bench:storage                 # 1 hour on PGlite in memory
 *   BENCH_HOURS=2 npm run bench:storage
 *   BENCH_PG_URL=postgres://… npm run bench:storage   # also on PostgreSQL (bench/storage/pg.sh starts a throwaway one)
 *
 * Sizes are pg_total_relation_size (table, TOAST and indexes) after VACUUM; beacons and gas stations are
 * measured in separate fresh databases so each figure is per reading of that kind.
 */
import { sql, type Kysely } from 'kysely';
import { TelemetryWriter, type TelemetryRow } from '../../server/ingest/telemetryWriter';
import { DEMO_DEVICES } from '../../server/seed/demoProject';
import { backfillHistory, type BackfillReading } from '../../server/simulator/backfill';
import { ensureTelemetryPartitions, listTelemetryPartitions, openDatabase, type Database } from '../../server/storage';

const HOURS = Number(process.env.BENCH_HOURS ?? 1);
const PG_URL = process.env.BENCH_PG_URL ?? null;
const START_MS = Date.UTC(2026, 0, 5, 0, 0, 0); // a Monday 08:00 Beijing: shift change, people moving
const quiet = { error: (o: object, m?: string) => console.error(m, o) };

/** Today's layout: one row per reading, multi-row INSERTs of 500 (the writer before migration 0005_telemetry_chunks). */
class BaselineSink {
  private rows: TelemetryRow[] = [];
  constructor(private readonly db: Kysely<Database>) {}
  add(r: TelemetryRow): void {
    this.rows.push(r);
  }
  async flush(): Promise<void> {
    while (this.rows.length > 0) {
      const batch = this.rows.splice(0, 500);
      await this.db
        .insertInto('telemetry')
        .values(batch.map((r) => ({ project_id: r.projectId, sn: r.sn, ts_ms: r.tsMs, values: JSON.stringify(r.values) })))
        .execute();
    }
  }
}

/** Table + TOAST + indexes of `table`, summed over its partitions when it is partitioned (migration 0030). */
async function relationBytes(db: Kysely<Database>, table: string): Promise<number> {
  const r = await sql<{ b: string | number }>`select case when exists (select 1 from pg_partitioned_table where partrelid = ${table}::regclass)
    then (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree(${table}::regclass))
    else pg_total_relation_size(${table}::regclass) end as b`.execute(db);
  return Number(r.rows[0].b);
}

/** Bytes of the leaf partitions of `table` that hold no row (the week created ahead, DEFAULT). */
async function emptyPartitionBytes(db: Kysely<Database>, table: string): Promise<number> {
  const leaves = await sql<{ relid: string }>`select relid::text as relid from pg_partition_tree(${table}::regclass) where isleaf`.execute(db);
  let bytes = 0;
  for (const { relid } of leaves.rows) {
    const any = await sql<{ e: boolean }>`select exists(select 1 from ${sql.table(relid)}) as e`.execute(db);
    if (!any.rows[0].e) bytes += Number((await sql<{ b: string }>`select pg_total_relation_size(${relid}::regclass) as b`.execute(db)).rows[0].b);
  }
  return bytes;
}

async function measure(label: string, kind: 'beacon' | 'gas', target: 'pglite' | 'postgres') {
  const open = await openDatabase({ databaseUrl: target === 'postgres' ? PG_URL : null, dataDir: 'memory://' });
  const db = open.db;
  if (target === 'postgres') {
    for (const t of ['telemetry', 'telemetry_chunks', 'telemetry_hours']) await sql`truncate ${sql.table(t)}`.execute(db);
  }
  // the day partitions of the simulated hours, as the server keeps them ahead of the clock
  await ensureTelemetryPartitions(db, START_MS, Math.ceil(HOURS / 24));
  const baseline = new BaselineSink(db);
  const writer = new TelemetryWriter(db, quiet, { flushIntervalMs: 3_600_000, maxQueuedChunks: 1_000_000 });
  const devices = DEMO_DEVICES.filter((d) => d.kind === kind);
  const t0 = performance.now();
  let baselineMs = 0;
  let candidateMs = 0;
  const result = await backfillHistory({
    projectId: 'demo-tunnel',
    seed: 1,
    fromMs: START_MS,
    toMs: START_MS + HOURS * 3_600_000,
    devices,
    batchMs: 60_000,
    flushEveryBatches: 5,
    sink: {
      add(r: BackfillReading) {
        baseline.add(r);
        writer.add(r);
      },
      async flush(all) {
        // interleaved: each layout writes the same batch, timed separately
        let s = performance.now();
        await baseline.flush();
        baselineMs += performance.now() - s;
        s = performance.now();
        await writer.flush(all);
        candidateMs += performance.now() - s;
      },
    },
  });
  await writer.close();
  await sql`vacuum`.execute(db);
  const base = await relationBytes(db, 'telemetry');
  const chunks = await relationBytes(db, 'telemetry_chunks');
  const emptyParts = await emptyPartitionBytes(db, 'telemetry_chunks');
  const parts = (await listTelemetryPartitions(db)).length;
  const hours = await relationBytes(db, 'telemetry_hours');
  const n = result.readings;
  const row = {
    label,
    target,
    kind,
    devices: devices.length,
    hours: HOURS,
    readings: n,
    baselineBytesPerReading: +(base / n).toFixed(2),
    candidateBytesPerReading: +((chunks + hours) / n).toFixed(2),
    candidateRawAndMinuteBytes: +(chunks / n).toFixed(2),
    /** of the candidate: day partitions without rows (created ahead) and DEFAULT, whose fixed pages a short run amortises badly */
    candidateEmptyPartitionBytes: +(emptyParts / n).toFixed(2),
    partitions: parts,
    candidateHourBytes: +(hours / n).toFixed(3),
    ratio: +(base / (chunks + hours)).toFixed(1),
    baselineWriteMs: Math.round(baselineMs),
    candidateWriteMs: Math.round(candidateMs),
    totalS: +((performance.now() - t0) / 1000).toFixed(1),
  };
  await open.close();
  return row;
}

const rows = [];
for (const target of PG_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  for (const kind of ['beacon', 'gas'] as const) {
    const r = await measure(`${kind} on ${target}`, kind, target);
    console.log(JSON.stringify(r));
    rows.push(r);
  }
}
console.log('\nbytes per stored reading (table + TOAST + indexes, after VACUUM)');
console.table(
  rows.map((r) => ({
    what: r.label,
    readings: r.readings,
    baseline: r.baselineBytesPerReading,
    candidate: r.candidateBytesPerReading,
    'of which raw+minute': r.candidateRawAndMinuteBytes,
    'of which hour': r.candidateHourBytes,
    'of which empty partitions': r.candidateEmptyPartitionBytes,
    'candidate w/o empty partitions': +(r.candidateBytesPerReading - r.candidateEmptyPartitionBytes).toFixed(2),
    'baseline/candidate': r.ratio,
    'write ms base/cand': `${r.baselineWriteMs}/${r.candidateWriteMs}`,
  })),
);
