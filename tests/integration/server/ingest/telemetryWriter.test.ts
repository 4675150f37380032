import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../../server/seed';
import { openDatabase, type Database, type OpenDatabase } from '../../../../server/storage';
import { readRaw, readRollups } from '../../../../server/storage/telemetryStore';
import { deleteOldTelemetry, TelemetryWriter } from '../../../../server/ingest/telemetryWriter';

const T0 = 1_700_000_040_000; // a whole minute
const quiet = { error: () => undefined };
const DAY = 86_400_000;

describe('TelemetryWriter (real PGlite in memory)', { timeout: 60_000 }, () => {
  let open: OpenDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    db = open.db;
    await seedIfEmpty(db, { adminPassword: 'writer-test-pw' }, { info: () => undefined }, () => undefined);
  }, 120_000); // PGlite start on a loaded 2-core machine
  afterAll(() => open?.close());

  it('writes per-minute chunks that read back exactly, and the newest device state', async () => {
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 60_000 });
    for (let i = 0; i < 1_200; i++) w.add({ projectId: 'demo-tunnel', sn: 'GAS-LK-E-F', kind: 'gas', tsMs: T0 + i * 100, values: { CO: i, O2: Number((20.9 - i / 1000).toFixed(3)) } });
    w.setDeviceState('demo-tunnel', 'GAS-LK-E-F', { status: 'warning', lastSeenMs: T0, latest: { CO: 1 } });
    w.setDeviceState('demo-tunnel', 'GAS-LK-E-F', { status: 'alarm', lastSeenMs: T0 + 5, latest: { CO: 30, O2: 20.9 } });
    // the open minute is readable before it is written
    const before = await readRaw(db, 'demo-tunnel', { sns: ['GAS-LK-E-F'] }, T0, T0 + 200_000);
    expect(before.get('GAS-LK-E-F')?.ts).toHaveLength(1_200);
    await w.close();
    const chunks = await db.selectFrom('telemetry_chunks').select(['start_ms', 'n']).where('sn', '=', 'GAS-LK-E-F').orderBy('start_ms').execute();
    expect(chunks).toEqual([
      { start_ms: T0, n: 600 },
      { start_ms: T0 + 60_000, n: 600 },
    ]);
    const got = (await readRaw(db, 'demo-tunnel', { sns: ['GAS-LK-E-F'] }, T0, T0 + 200_000)).get('GAS-LK-E-F')!;
    expect(got.ts).toHaveLength(1_200);
    expect(got.ts[1_199]).toBe(T0 + 119_900);
    expect(got.values.CO[1_199]).toBe(1_199);
    expect(got.values.O2[1_199]).toBe(19.701); // exact: more digits than O2's declared ones are kept
    const dev = await db.selectFrom('devices').selectAll().where('sn', '=', 'GAS-LK-E-F').executeTakeFirstOrThrow();
    expect(dev).toMatchObject({ status: 'alarm', last_seen_ms: T0 + 5, latest: { CO: 30, O2: 20.9 } });
    expect(w.stats()).toEqual({ queued: 0, written: 1_200, dropped: 0 });
  });

  it('writes the state a changed device source holds at flush time, and pads metrics a reading lacks', async () => {
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 60_000 });
    const source = { config: { projectId: 'demo-tunnel', sn: 'GAS-LK-E-P' }, status: 'online' as const, lastSeenMs: T0, latest: { CO: 2 } as Record<string, number> | null };
    w.deviceChanged(source);
    Object.assign(source, { status: 'alarm', lastSeenMs: T0 + 9, latest: { CO: 40 } });
    w.deviceChanged(source);
    w.add({ projectId: 'demo-tunnel', sn: 'GAS-LK-E-P', kind: 'gas', tsMs: T0, values: { CO: 1, O2: 20.9 } });
    w.add({ projectId: 'demo-tunnel', sn: 'GAS-LK-E-P', kind: 'gas', tsMs: T0 + 1, values: { CO: 2 } });
    w.add({ projectId: 'demo-tunnel', sn: 'GAS-LK-E-P', kind: 'gas', tsMs: T0 + 2, values: { H2S: 3 } });
    await w.close();
    const row = await db.selectFrom('devices').select(['status', 'last_seen_ms', 'latest']).where('sn', '=', 'GAS-LK-E-P').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'alarm', last_seen_ms: T0 + 9 });
    expect(typeof row.latest === 'string' ? JSON.parse(row.latest) : row.latest).toEqual({ CO: 40 });
    const got = (await readRaw(db, 'demo-tunnel', { sns: ['GAS-LK-E-P'] }, T0, T0 + 10)).get('GAS-LK-E-P')!;
    expect(got.values).toEqual({ CO: [1, 2, null], O2: [20.9, null, null], H2S: [null, null, 3] });
  });

  it('keeps each beacon fix tunnel, starting a new chunk when the tunnel changes', async () => {
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 60_000 });
    const sn = 'BCN-TUNNEL-TEST';
    for (let i = 0; i < 10; i++) {
      w.add({ projectId: 'demo-tunnel', sn, kind: 'beacon', tsMs: T0 + i * 1_000, tunnelId: i < 6 ? 'left' : 'right', values: { chainageM: 100 + i / 10, battery: 80, sos: i === 7 ? 1 : 0 } });
    }
    await w.close();
    const got = (await readRaw(db, 'demo-tunnel', { sns: [sn] }, T0, T0 + 60_000)).get(sn)!;
    expect(got.tunnelId).toEqual([...Array(6).fill('left'), ...Array(4).fill('right')]);
    expect(got.values.sos).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(got.values.chainageM[9]).toBe(100.9);
    const right = (await readRaw(db, 'demo-tunnel', { tunnelId: 'right' }, T0, T0 + 60_000)).get(sn)!;
    expect(right.ts).toEqual([6, 7, 8, 9].map((i) => T0 + i * 1_000));
  });

  it('keeps minute and hour rollups (min, max, mean, last) up to date', async () => {
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 60_000 });
    const sn = 'GAS-ROLLUP';
    const h0 = Math.floor(T0 / 3_600_000) * 3_600_000 + 3_600_000;
    // two flushes in the same hour: the second merges into the stored hour row
    for (let i = 0; i < 3; i++) w.add({ projectId: 'demo-tunnel', sn, tsMs: h0 + i * 1_000, values: { CO: [5, 1, 9][i] } });
    await w.flush(true);
    for (let i = 0; i < 2; i++) w.add({ projectId: 'demo-tunnel', sn, tsMs: h0 + 120_000 + i * 1_000, values: { CO: [3, 2][i] } });
    await w.close();
    const hours = (await readRollups(db, 'demo-tunnel', [sn], 'hour', h0, h0 + 3_599_999)).get(sn)!;
    expect(hours).toHaveLength(1);
    expect(hours[0].stats.CO).toMatchObject({ min: 1, max: 9, sum: 20, count: 5, last: 2 });
    const minutes = (await readRollups(db, 'demo-tunnel', [sn], 'minute', h0, h0 + 3_599_999)).get(sn)!;
    expect(minutes.map((m) => [m.bucketMs, m.stats.CO.min, m.stats.CO.max, m.stats.CO.last])).toEqual([
      [h0, 1, 9, 9],
      [h0 + 120_000, 2, 3, 2],
    ]);
  });

  it('drops the oldest chunks instead of growing while the database stalls', async () => {
    const w = new TelemetryWriter(db, quiet, { flushIntervalMs: 60_000, batchRows: 2, maxQueuedChunks: 10 });
    let release!: () => void;
    const stalled = new Promise<void>((r) => (release = r));
    // PGlite has one connection: an open transaction holds every other statement back
    const tx = db.transaction().execute(() => stalled);
    // one reading per minute: every add seals the previous minute's chunk
    for (let i = 0; i < 100; i++) {
      w.add({ projectId: 'demo-tunnel', sn: 'GAS-LK-E-L', tsMs: T0 + 10 * DAY + i * 60_000, values: { CO: i } });
      if (i === 1) void w.flush();
    }
    const s = w.stats();
    expect(s.queued).toBeLessThanOrEqual(11);
    expect(s.dropped).toBeGreaterThanOrEqual(100 - 10 - 2 - 1);
    release();
    await tx;
    await w.close();
    const rows = await db.selectFrom('telemetry_chunks').select('end_ms').where('sn', '=', 'GAS-LK-E-L').orderBy('start_ms').execute();
    expect(rows.length).toBe(100 - w.stats().dropped);
    expect(rows.at(-1)?.end_ms).toBe(T0 + 10 * DAY + 99 * 60_000); // the newest survive
  });

  it('retention applies per tier: raw data first, then minute, then hour rollups', async () => {
    const now = T0 + 1_000 * DAY;
    const sn = 'GAS-RK-E-F';
    const w = new TelemetryWriter(db, quiet);
    for (const age of [40, 29, 10, 2]) w.add({ projectId: 'demo-tunnel', sn, tsMs: now - age * DAY, values: { CO: age } });
    await w.close();
    await db.insertInto('telemetry').values({ project_id: 'demo-tunnel', sn, ts_ms: now - 31 * DAY, values: JSON.stringify({ CO: 31 }) }).execute();
    const r = await deleteOldTelemetry(db, { raw: 5, minute: 20, hour: 30 }, now);
    // other tests' rows are older still, so the counts are at least this sensor's
    expect(r.legacyRows).toBe(1);
    expect(r.rawChunks).toBeGreaterThanOrEqual(1);
    expect(r.minuteRows).toBeGreaterThanOrEqual(2);
    expect(r.hourRows).toBeGreaterThanOrEqual(1);
    const raw = (await readRaw(db, 'demo-tunnel', { sns: [sn] }, now - 100 * DAY, now)).get(sn)!;
    expect(raw.values.CO).toEqual([2]);
    const minutes = (await readRollups(db, 'demo-tunnel', [sn], 'minute', now - 100 * DAY, now)).get(sn)!;
    expect(minutes.map((m) => m.stats.CO.last)).toEqual([10, 2]);
    const hours = (await readRollups(db, 'demo-tunnel', [sn], 'hour', now - 100 * DAY, now)).get(sn)!;
    expect(hours.map((m) => m.stats.CO.last)).toEqual([29, 10, 2]);
  });
});
