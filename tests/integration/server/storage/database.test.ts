import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../../server/storage/database';
import { fromJson, toAlarm, toBoard, toDeviceInfo, toJson } from '../../../../server/storage/mappers';
import { MIGRATIONS } from '../../../../server/storage/migrations';

const THRESHOLD = { metric: 'CO', unit: 'ppm', warnHigh: 17, alarmHigh: 24, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null };

async function insertFixtures(database: OpenDatabase): Promise<void> {
  const { db } = database;
  await db
    .insertInto('projects')
    .values({ project_id: 'p1', name: 'P1', co_id: 'c', co_name: 'C', co_logo: '', mqtt_username: 'dev-p1', mqtt_password: 'x', created_at_ms: 1 })
    .execute();
  await db
    .insertInto('devices')
    .values({
      project_id: 'p1',
      sn: 'GAS-1',
      kind: 'gas',
      name: 'Gas 1',
      position: 'face',
      tunnel_id: null,
      report_period_s: 10,
      thresholds: toJson([THRESHOLD]),
      status: 'online',
      last_seen_ms: 1_800_000_000_123.5,
      latest: toJson({ CO: 3.25 }),
    })
    .execute();
  await db.insertInto('telemetry').values({ project_id: 'p1', sn: 'GAS-1', ts_ms: 1_800_000_000_123, values: toJson({ CO: 3.25, O2: 20.9 }) }).execute();
}

/** Round-trip checks shared by PGlite and PostgreSQL. */
function roundTripSuite(name: string, open: () => Promise<OpenDatabase>) {
  describe(name, () => {
    let database: OpenDatabase;
    beforeAll(async () => {
      database = await open();
      await insertFixtures(database);
    }, 60_000);
    afterAll(() => database?.close());

    it('returns jsonb columns as objects and ms timestamps as exact numbers', async () => {
      const row = await database.db.selectFrom('devices').selectAll().executeTakeFirstOrThrow();
      expect(row.thresholds).toEqual([THRESHOLD]);
      expect(row.latest).toEqual({ CO: 3.25 });
      expect(row.last_seen_ms).toBe(1_800_000_000_123.5);
      const t = await database.db.selectFrom('telemetry').selectAll().executeTakeFirstOrThrow();
      expect(t.values).toEqual({ CO: 3.25, O2: 20.9 });
      expect(t.ts_ms).toBe(1_800_000_000_123);
      expect(toDeviceInfo(row).thresholds).toEqual([THRESHOLD]);
    });

    it('numbers alarms by itself and maps them to the wire shape', async () => {
      const inserted = await database.db
        .insertInto('alarms')
        .values({
          project_id: 'p1',
          device_sn: 'GAS-1',
          device_kind: 'gas',
          device_name: 'Gas 1',
          kind: 'threshold',
          level: 'alarm',
          metric: 'CO',
          value: 30,
          threshold: 24,
          unit: 'ppm',
          raised_at_ms: 1_800_000_000_000,
          cleared_at_ms: null,
          state: 'active',
          deal_status: 0,
          deal_remark: null,
          dealt_by: null,
          dealt_at_ms: null,
          pic_url: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const alarm = toAlarm(inserted);
      expect(alarm.alarmId).toBeGreaterThan(0);
      expect(typeof alarm.alarmId).toBe('number');
      expect(alarm).toMatchObject({ projectId: 'p1', kind: 'threshold', level: 'alarm', state: 'active', dealStatus: 0, value: 30 });
    });

    it('has the indexes the queries rely on', async () => {
      const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(database.db);
      const names = rows.map((r) => r.indexname);
      for (const idx of ['telemetry_project_sn_ts_idx', 'alarms_project_id_idx', 'alarms_project_state_idx', 'sessions_expires_idx', 'devices_pk']) {
        expect(names).toContain(idx);
      }
    });
  });
}

roundTripSuite('PGlite in memory', () => openDatabase({ dataDir: 'memory://', databaseUrl: null }));

// PostgreSQL through `pg`: set TEST_DATABASE_URL to an empty scratch database to run these.
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('PostgreSQL', () => {
  roundTripSuite('via pg', async () => {
    const database = await openDatabase({ dataDir: 'memory://', databaseUrl: pgUrl! });
    for (const t of ['sessions', 'memberships', 'telemetry', 'alarms', 'boards', 'devices', 'tunnels', 'projects', 'users']) {
      await sql`truncate table ${sql.table(t)} cascade`.execute(database.db);
    }
    return database;
  });
});

describe('PGlite on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-db-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps data across close and reopen, and migrates only once', async () => {
    const first = await openDatabase({ dataDir: dir, databaseUrl: null });
    await insertFixtures(first);
    await first.close();
    await first.close(); // idempotent

    const second = await openDatabase({ dataDir: dir, databaseUrl: null });
    try {
      const devices = await second.db.selectFrom('devices').select(['sn', 'latest']).execute();
      expect(devices).toEqual([{ sn: 'GAS-1', latest: { CO: 3.25 } }]);
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
      // every migration applied exactly once, in order (new migrations join the list without editing this test)
      expect(migrations.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
      expect(migrations.rows.map((r) => r.name)).toContain('0005_telemetry_chunks');
    } finally {
      await second.close();
    }
  }, 60_000);

  it('runs a migration appended with a lower number than one the database already ran (0070 after 0072)', async () => {
    const first = await openDatabase({ dataDir: dir, databaseUrl: null });
    // as a database that ran 0072 before 0070_portal_crossings was appended
    await sql`drop table portal_crossings`.execute(first.db);
    await sql`delete from kysely_migration where name = '0070_portal_crossings'`.execute(first.db);
    await first.close();

    const second = await openDatabase({ dataDir: dir, databaseUrl: null });
    try {
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
      expect([...migrations.rows.map((r) => r.name)].sort()).toEqual(Object.keys(MIGRATIONS).sort());
      expect(await second.db.selectFrom('portal_crossings').selectAll().execute()).toEqual([]);
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('mappers', () => {
  const deviceRow = {
    project_id: 'p1',
    sn: 'TC-01',
    kind: 'towerCrane',
    name: 'Crane',
    position: 'yard',
    tunnel_id: null,
    report_period_s: 2,
    thresholds: [],
    thresholds_edited: [],
    unconfigured_metrics: [],
    status: 'offline',
    last_seen_ms: 5,
    latest: { loadT: 1 },
    station: '',
    chainage_m: null,
    vehicle: null,
  };

  it('prefers live device state over the persisted row', () => {
    expect(toDeviceInfo(deviceRow)).toMatchObject({ status: 'offline', lastSeenMs: 5, latest: { loadT: 1 } });
    expect(toDeviceInfo(deviceRow, { status: 'alarm', lastSeenMs: 9, latest: { loadT: 7 } })).toMatchObject({
      status: 'alarm',
      lastSeenMs: 9,
      latest: { loadT: 7 },
    });
    expect(toDeviceInfo({ ...deviceRow, status: 'exploded' }).status).toBe('unknown');
  });

  it('parses jsonb that a driver returned as text', () => {
    expect(fromJson<number[]>('[1,2]')).toEqual([1, 2]);
    expect(fromJson<{ a: number }>({ a: 1 })).toEqual({ a: 1 });
  });

  it('refuses a stored board that is not a valid board', () => {
    const row = { board_id: 'b', project_id: 'p1', name: 'B', version: 1, layout: { pageWidth: 5 }, pages: [], created_at_ms: 0, updated_at_ms: 0 };
    expect(() => toBoard(row)).toThrow();
  });
});
