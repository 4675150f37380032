import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOldTelemetry, TelemetryWriter } from '../../server/ingest/telemetryWriter';
import { seedIfEmpty } from '../../server/seed';
import { ensureTelemetryPartitions, listTelemetryPartitions, openDatabase, readRaw, type Database, type OpenDatabase } from '../../server/storage';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';

const DAY = 86_400_000;
const quiet = { error: () => undefined };
const PROJECT = 'demo-tunnel';

/** Which partition holds each chunk of `sn` (by its start), oldest first. */
async function partitionsOf(db: Kysely<Database>, sn: string): Promise<Array<{ part: string; start_ms: number }>> {
  const r = await sql<{ part: string; start_ms: number }>`
    select tableoid::regclass::text as part, start_ms from telemetry_chunks where sn = ${sn} order by start_ms`.execute(db);
  return r.rows;
}

describe('telemetry partitions on a real PostgreSQL', { timeout: 120_000 }, () => {
  let pg: TestPostgres;
  let open: OpenDatabase;
  let db: Kysely<Database>;
  const today = Math.floor(Date.now() / DAY) * DAY;

  beforeAll(async () => {
    pg = await startTestPostgres();
    open = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' });
    db = open.db;
    await seedIfEmpty(db, { adminPassword: 'partitions-test-pw' }, { info: () => undefined }, () => undefined);
  }, 600_000); // may install PostgreSQL from Debian first
  afterAll(async () => {
    await open?.close();
    await pg?.close();
  });

  it('has a day partition from yesterday to a week ahead, a default partition and a BRIN index on start_ms', async () => {
    const days = (await listTelemetryPartitions(db)).map((p) => p.fromMs);
    for (let d = -1; d <= 7; d++) expect(days).toContain(today + d * DAY);
    const kinds = await sql<{ relname: string; partstrat: string }>`
      select c.relname, p.partstrat from pg_partitioned_table p join pg_class c on c.oid = p.partrelid`.execute(db);
    expect(kinds.rows).toContainEqual({ relname: 'telemetry_chunks', partstrat: 'r' });
    const children = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'telemetry_chunks'::regclass`.execute(db);
    expect(children.rows.map((r) => r.name)).toContain('telemetry_chunks_default');
    const brin = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'telemetry_chunks' and indexdef ilike '%using brin%'`.execute(db);
    expect(brin.rows).toHaveLength(1);
    // every partition carries it
    const perPartition = await sql<{ n: number }>`
      select count(*)::int as n from pg_indexes where tablename ~ '^telemetry_chunks_d[0-9]{8}$' and indexdef ilike '%using brin (start_ms)%'`.execute(db);
    expect(perPartition.rows[0].n).toBe(days.length);
  });

  it('reads a range across the midnight partition boundary exactly (every fix, its tunnel and values)', async () => {
    const sn = 'BC0001';
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 3_600_000 });
    const from = today - 120_000;
    for (let i = 0; i < 240; i++) w.add({ projectId: PROJECT, sn, kind: 'beacon', tsMs: from + i * 1_000, tunnelId: 'ZK', values: { chainageM: 1_000 + i / 4, battery: 80, sos: 0 } });
    await w.close();
    const parts = await partitionsOf(db, sn);
    const yesterday = (await listTelemetryPartitions(db)).find((p) => p.fromMs === today - DAY)!.name;
    const todays = (await listTelemetryPartitions(db)).find((p) => p.fromMs === today)!.name;
    expect(parts.map((p) => p.part)).toEqual([yesterday, yesterday, todays, todays]);
    const got = (await readRaw(db, PROJECT, { sns: [sn] }, today - 60_500, today + 59_500)).get(sn)!;
    expect(got.ts).toEqual(Array.from({ length: 120 }, (_, k) => today - 60_000 + k * 1_000));
    expect(got.values.chainageM).toEqual(Array.from({ length: 120 }, (_, k) => 1_000 + (60 + k) / 4));
    expect(new Set(got.tunnelId)).toEqual(new Set(['ZK']));
    const byTunnel = (await readRaw(db, PROJECT, { tunnelId: 'ZK' }, today - 1_000, today + 1_000)).get(sn)!;
    expect(byTunnel.ts).toEqual([today - 1_000, today, today + 1_000]);
  });

  it('moves chunks of a day from the default partition into its partition when that day is created', async () => {
    const sn = 'BC0002';
    const day = today + 20 * DAY; // beyond the week created ahead: lands in DEFAULT
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 3_600_000 });
    w.add({ projectId: PROJECT, sn, kind: 'beacon', tsMs: day + 5_000, tunnelId: 'ZK', values: { chainageM: 5, battery: 90, sos: 0 } });
    await w.close();
    expect((await partitionsOf(db, sn)).map((p) => p.part)).toEqual(['telemetry_chunks_default']);
    const created = await ensureTelemetryPartitions(db, day, 0);
    expect(created).toContain(`telemetry_chunks_d${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`);
    expect((await partitionsOf(db, sn)).map((p) => p.part)).toEqual([created.at(-1)]);
    expect((await readRaw(db, PROJECT, { sns: [sn] }, day, day + 10_000)).get(sn)?.values.chainageM).toEqual([5]);
  });

  it('retention drops the day partitions past the minute tier whole, deletes older default rows, keeps recent data', async () => {
    const now = Date.now();
    const old = now - 100 * DAY;
    const oldDay = Math.floor(old / DAY) * DAY;
    const created = await ensureTelemetryPartitions(db, old, 0); // that day and the one before
    expect(created).toHaveLength(2);
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 3_600_000 });
    w.add({ projectId: PROJECT, sn: 'BC0003', kind: 'beacon', tsMs: oldDay + 60_000, tunnelId: 'ZK', values: { chainageM: 1, battery: 50, sos: 0 } });
    w.add({ projectId: PROJECT, sn: 'BC0004', kind: 'beacon', tsMs: now - 200 * DAY, tunnelId: 'ZK', values: { chainageM: 2, battery: 50, sos: 0 } }); // no partition: DEFAULT
    await w.close();
    expect((await partitionsOf(db, 'BC0003')).map((p) => p.part)).toEqual([created[1]]);

    const r = await deleteOldTelemetry(db, { raw: 30, minute: 90, hour: 730 }, now);
    expect(r.partitionsDropped).toBe(2);
    expect(r.minuteRows).toBe(1); // BC0004's chunk in DEFAULT
    const names = (await listTelemetryPartitions(db)).map((p) => p.name);
    for (const name of created) expect(names).not.toContain(name);
    expect(await partitionsOf(db, 'BC0003')).toEqual([]);
    expect(await partitionsOf(db, 'BC0004')).toEqual([]);
    // the hour rollup of the dropped day is kept (hour tier: 730 days), the recent raw data too
    const hours = await db.selectFrom('telemetry_hours').select('bucket_ms').where('sn', '=', 'BC0003').execute();
    expect(hours).toHaveLength(1);
    expect((await readRaw(db, PROJECT, { sns: ['BC0001'] }, today - 120_000, today + 120_000)).get('BC0001')?.ts).toHaveLength(240);
    // and the partitions of the coming week are still there
    expect((await listTelemetryPartitions(db)).map((p) => p.fromMs)).toContain(today + 7 * DAY);
  });
});
