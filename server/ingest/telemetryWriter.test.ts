import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed';
import { openDatabase, type Database, type OpenDatabase } from '../storage';
import { deleteOldTelemetry, TelemetryWriter } from './telemetryWriter';

const T0 = 1_700_000_000_000;
const quiet = { error: () => undefined };

describe('TelemetryWriter (real PGlite in memory)', () => {
  let open: OpenDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    db = open.db;
    await seedIfEmpty(db, { adminPassword: 'writer-test-pw' }, { info: () => undefined }, () => undefined);
  });
  afterAll(() => open?.close());

  it('writes queued rows and the newest device state on flush', async () => {
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 60_000 });
    for (let i = 0; i < 1_200; i++) w.add({ projectId: 'demo-tunnel', sn: 'GAS-LK-E-F', tsMs: T0 + i, values: { CO: i } });
    w.setDeviceState('demo-tunnel', 'GAS-LK-E-F', { status: 'warning', lastSeenMs: T0, latest: { CO: 1 } });
    w.setDeviceState('demo-tunnel', 'GAS-LK-E-F', { status: 'alarm', lastSeenMs: T0 + 5, latest: { CO: 30, O2: 20.9 } });
    await w.close();
    const count = await db.selectFrom('telemetry').select(db.fn.countAll<number>().as('n')).where('ts_ms', '>=', T0).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1_200);
    const last = await db.selectFrom('telemetry').select('values').where('ts_ms', '=', T0 + 1_199).executeTakeFirstOrThrow();
    expect(last.values).toEqual({ CO: 1_199 });
    const dev = await db.selectFrom('devices').selectAll().where('sn', '=', 'GAS-LK-E-F').executeTakeFirstOrThrow();
    expect(dev).toMatchObject({ status: 'alarm', last_seen_ms: T0 + 5, latest: { CO: 30, O2: 20.9 } });
    expect(w.stats()).toEqual({ queued: 0, written: 1_200, dropped: 0 });
  });

  it('drops the oldest rows instead of growing while the database stalls', async () => {
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 60_000, batchRows: 10, maxQueuedRows: 100 });
    let release!: () => void;
    const stalled = new Promise<void>((r) => (release = r));
    // PGlite has one connection: an open transaction holds every other statement back
    const tx = db.transaction().execute(() => stalled);
    for (let i = 0; i < 1_000; i++) w.add({ projectId: 'demo-tunnel', sn: 'GAS-LK-E-L', tsMs: T0 + 10_000 + i, values: { CO: i } });
    const s = w.stats();
    expect(s.queued).toBeLessThanOrEqual(100);
    expect(s.dropped).toBeGreaterThanOrEqual(1_000 - 100 - 10);
    release();
    await tx;
    await w.close();
    const rows = await db.selectFrom('telemetry').select('ts_ms').where('sn', '=', 'GAS-LK-E-L').orderBy('ts_ms').execute();
    expect(rows.length).toBe(1_000 - w.stats().dropped);
    expect(rows.at(-1)?.ts_ms).toBe(T0 + 10_999); // the newest survive
  });

  it('retention deletes only rows older than the retention period', async () => {
    const now = T0 + 40 * 86_400_000;
    const w = new TelemetryWriter(db, quiet);
    w.add({ projectId: 'demo-tunnel', sn: 'GAS-RK-E-F', tsMs: now - 31 * 86_400_000, values: { CO: 1 } });
    w.add({ projectId: 'demo-tunnel', sn: 'GAS-RK-E-F', tsMs: now - 29 * 86_400_000, values: { CO: 2 } });
    await w.close();
    await deleteOldTelemetry(db, 30, now);
    const rows = await db.selectFrom('telemetry').select('values').where('sn', '=', 'GAS-RK-E-F').execute();
    expect(rows.map((r) => r.values)).toEqual([{ CO: 2 }]);
  });
});
