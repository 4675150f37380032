import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alarm } from '../../../../protocol';
import { openDatabase, type Database, type OpenDatabase } from '../../../../server/storage';
import { AlarmPersister, isRetryableWriteError, loadOpenAlarms, MAX_ATTEMPTS_WHILE_OTHERS_SUCCEED, RETRY_FIRST_DELAY_MS } from '../../../../server/rules/alarmPersister';
import type { AlarmDraft } from '../../../../server/rules/types';
import { makeAlarm } from '../../../helpers/alarms';

const T0 = 1_700_000_000_000;
const quiet = { warn: () => undefined, error: () => undefined };

/** A log that keeps the persister's "will retry" entries (attempt and pause), as an operator reads them. */
function retryLog() {
  const retries: Array<{ attempt: number; retryInMs: number }> = [];
  const log = {
    warn: () => undefined,
    error: (obj: object, msg?: string) => {
      if (msg?.includes('will retry')) retries.push(obj as { attempt: number; retryInMs: number });
    },
  };
  return { log, retries };
}

function draft(extra: Partial<AlarmDraft> = {}): AlarmDraft {
  const base = makeAlarm({ alarmId: 0, projectId: 'p1', deviceSn: 'GAS-1', deviceName: 'Face', value: 18, raisedAtMs: T0 });
  return { ...base, alarmId: null, ...extra };
}

describe('AlarmPersister (real PGlite in memory)', () => {
  let open: OpenDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    db = open.db;
  }, 60_000); // PGlite compiles its WebAssembly first: slow on a busy machine
  afterAll(() => open?.close());

  it('inserts, then updates the same row, and reports each change only after it is written', async () => {
    const pushed: Array<{ alarm: Alarm; rowState: string | undefined }> = [];
    const persister = new AlarmPersister(db, (alarm) => pushed.push({ alarm, rowState: undefined }), quiet);
    const d = draft();
    persister.enqueue([d]);
    await persister.flush();
    expect(d.alarmId).toBeGreaterThan(0);
    expect(pushed[0].alarm).toMatchObject({ alarmId: d.alarmId, level: 'warning', state: 'active' });

    Object.assign(d, { level: 'alarm', value: 60, threshold: 24 });
    persister.enqueue([d]);
    await persister.flush();
    Object.assign(d, { state: 'cleared', clearedAtMs: T0 + 60_000 });
    persister.enqueue([d]);
    await persister.flush();

    const rows = await db.selectFrom('alarms').selectAll().where('device_sn', '=', 'GAS-1').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ alarm_id: d.alarmId, level: 'alarm', value: 60, state: 'cleared', cleared_at_ms: T0 + 60_000 });
    expect(pushed.map((p) => [p.alarm.level, p.alarm.state])).toEqual([
      ['warning', 'active'],
      ['alarm', 'active'],
      ['alarm', 'cleared'],
    ]);
  });

  it('never overwrites how an operator handled the alarm', async () => {
    const persister = new AlarmPersister(db, () => undefined, quiet);
    const d = draft({ deviceSn: 'CAM-1', kind: 'ai', level: 'alarm', metric: 'noHelmet', value: null, threshold: null, unit: null });
    persister.enqueue([d]);
    await persister.flush();
    await db
      .updateTable('alarms')
      .set({ deal_status: 1, deal_remark: 'crew briefed', dealt_by: 'admin', dealt_at_ms: T0 + 5 })
      .where('alarm_id', '=', d.alarmId!)
      .execute();
    Object.assign(d, { state: 'cleared', clearedAtMs: T0 + 600_000 }); // engine's copy still says untreated
    persister.enqueue([d]);
    await persister.flush();
    const row = await db.selectFrom('alarms').selectAll().where('alarm_id', '=', d.alarmId!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'cleared', deal_status: 1, deal_remark: 'crew briefed', dealt_by: 'admin' });
    expect(d.dealStatus).toBe(1); // mirrored back into the engine's copy
  });

  it('loads the open alarms for a restart: active, or cleared and unhandled; never a closed one', async () => {
    const persister = new AlarmPersister(db, () => undefined, quiet);
    persister.enqueue([
      draft({ deviceSn: 'GAS-9', metric: 'H2S' }),
      draft({ deviceSn: 'GAS-8', state: 'cleared', clearedAtMs: T0 + 1 }),
      draft({ deviceSn: 'GAS-7', state: 'cleared', clearedAtMs: T0 + 1, dealStatus: 1, dealRemark: 'vented', dealtBy: 'admin', dealtAtMs: T0 + 2 }),
      draft({ deviceSn: 'GAS-6', dealStatus: 1, dealRemark: 'crew out', dealtBy: 'admin', dealtAtMs: T0 + 2 }),
    ]);
    await persister.flush();
    const open = await loadOpenAlarms(db);
    expect(open.map((a) => a.deviceSn).filter((sn) => ['GAS-6', 'GAS-7', 'GAS-8', 'GAS-9'].includes(sn))).toEqual(['GAS-9', 'GAS-8', 'GAS-6']);
  });

  it('never changes a closed alarm: a crossing after handling opens a new alarm', async () => {
    const pushed: Alarm[] = [];
    const persister = new AlarmPersister(db, (a) => pushed.push(a), quiet);
    const d = draft({ deviceSn: 'GAS-5' });
    persister.enqueue([d]);
    await persister.flush();
    const firstId = d.alarmId!;
    // cleared by the engine, then handled through REST before the engine heard of it
    d.state = 'cleared';
    d.clearedAtMs = T0 + 10;
    persister.enqueue([d]);
    await persister.flush();
    await db.updateTable('alarms').set({ deal_status: 1, deal_remark: 'ok', dealt_by: 'admin', dealt_at_ms: T0 + 20 }).where('alarm_id', '=', firstId).execute();
    // the condition comes back: the engine re-activates its (stale) copy
    Object.assign(d, { state: 'active', clearedAtMs: null, repeatCount: 2, lastSeenMs: T0 + 30, value: 25 });
    persister.enqueue([d]);
    await persister.flush();
    const first = await db.selectFrom('alarms').selectAll().where('alarm_id', '=', firstId).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ state: 'cleared', deal_status: 1, repeat_count: 1 });
    expect(d.alarmId).not.toBe(firstId);
    expect(pushed.at(-1)).toMatchObject({ alarmId: d.alarmId, state: 'active', repeatCount: 1, dealStatus: 0, raisedAtMs: T0 + 30, firstSeenMs: T0 + 30 });
  });

  it('keeps at most maxPending writes while the database stalls', async () => {
    let pushes = 0;
    const persister = new AlarmPersister(db, () => pushes++, quiet, 5);
    let release!: () => void;
    const stalled = new Promise<void>((r) => (release = r));
    // PGlite has one connection: an open transaction holds every other statement back
    const tx = db.transaction().execute(() => stalled);
    for (let i = 0; i < 20; i++) persister.enqueue([draft({ deviceSn: `GAS-S${i}` })]);
    release();
    await tx;
    await persister.flush();
    // one write was already waiting on the database when the rest queued up behind it
    expect(pushes).toBe(6);
    expect(persister.droppedCount()).toBe(14);
  });
});

describe('AlarmPersister failure isolation (real PGlite in memory)', () => {
  let open: OpenDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    db = open.db;
  }, 60_000); // PGlite compiles its WebAssembly first: slow on a busy machine
  afterAll(() => open?.close());

  it('dead-letters a draft the database refuses (NUL in text, SQLSTATE 22021) at once and writes the next one', async () => {
    const letters: Array<{ draft: AlarmDraft; code: unknown; topic: string | undefined }> = [];
    const pushed: string[] = [];
    const { log, retries } = retryLog();
    const persister = new AlarmPersister(db, (a) => pushed.push(a.deviceSn), log, 100, async (draft, err, origin) => {
      letters.push({ draft, code: (err as { code?: unknown }).code, topic: origin?.topic });
    });
    const poisons = Array.from({ length: 10 }, (_, i) => draft({ deviceSn: `CAM-P${i}`, kind: 'ai', metric: 'noHelmet', picUrl: `/c/\u0000${i}.jpg` }));
    const poisonOutcomes = poisons.map((p) => persister.enqueue([p], { topic: `zhgd/p1/camera/${p.deviceSn}/alarm`, payload: '{}' }));
    const good = persister.enqueue([draft({ deviceSn: 'GAS-OK', metric: 'CO' })]);
    // the old persister paused 1 s per failed attempt and retried forever: the good alarm never came
    expect(await good).toBe('stored');
    expect(await Promise.all(poisonOutcomes)).toEqual(Array(10).fill('dead-letter'));
    // each poison was tried once: no pause, no retry
    expect(retries).toEqual([]);
    expect(letters.map((l) => l.code)).toEqual(Array(10).fill('22021'));
    expect(letters[0].topic).toBe('zhgd/p1/camera/CAM-P0/alarm');
    expect(pushed).toEqual(['GAS-OK']);
    expect(persister.deadLetterCount()).toBe(10);
    expect(isRetryableWriteError({ code: '23505' })).toBe(false);
    expect(isRetryableWriteError({ code: '08006' })).toBe(true);
    expect(isRetryableWriteError(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
  });

  it('retries a transient failure with back-off, from the back of the queue, and loses nothing', async () => {
    // a database that drops the connection for the first three statements (SQLSTATE 08006), then recovers
    let failuresLeft = 3;
    const flaky = db.withPlugin({
      transformQuery(args) {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw Object.assign(new Error('connection failure'), { code: '08006' });
        }
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    });
    const letters: AlarmDraft[] = [];
    const { log, retries } = retryLog();
    const persister = new AlarmPersister(flaky, () => undefined, log, 100, async (d) => void letters.push(d));
    const a = draft({ deviceSn: 'GAS-T1', metric: 'CO' });
    const b = draft({ deviceSn: 'GAS-T2', metric: 'CO' });
    const outcomes = await Promise.all([persister.enqueue([a]), persister.enqueue([b])]);
    expect(outcomes).toEqual(['stored', 'stored']);
    expect(letters).toEqual([]);
    // the three failing statements cost two paused attempts: back-off from 100 ms, doubling, not the old 1 s each
    expect(retries.map((r) => r.retryInMs)).toEqual([RETRY_FIRST_DELAY_MS, 2 * RETRY_FIRST_DELAY_MS]);
    const rows = await db.selectFrom('alarms').select('device_sn').where('device_sn', 'in', ['GAS-T1', 'GAS-T2']).execute();
    expect(rows.map((r) => r.device_sn).sort()).toEqual(['GAS-T1', 'GAS-T2']);
  });

  it('dead-letters a draft that keeps failing "transiently" while the writes around it succeed', async () => {
    // a trigger that refuses one device's rows with a connection-class SQLSTATE, as a flaky extension might
    await sql`CREATE FUNCTION test_refuse_gas_q() RETURNS trigger AS $$
      BEGIN IF NEW.device_sn = 'GAS-Q' THEN RAISE EXCEPTION 'looks transient' USING ERRCODE = '08006'; END IF; RETURN NEW; END
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER test_refuse_gas_q BEFORE INSERT ON alarms FOR EACH ROW EXECUTE FUNCTION test_refuse_gas_q()`.execute(db);
    try {
      const letters: AlarmDraft[] = [];
      const persister = new AlarmPersister(db, () => undefined, quiet, 100, async (d) => void letters.push(d));
      const stuck = persister.enqueue([draft({ deviceSn: 'GAS-Q' })]);
      const others = Array.from({ length: MAX_ATTEMPTS_WHILE_OTHERS_SUCCEED }, (_, i) => persister.enqueue([draft({ deviceSn: `GAS-Q${i}` })]));
      expect(await Promise.all(others)).toEqual(Array(MAX_ATTEMPTS_WHILE_OTHERS_SUCCEED).fill('stored'));
      expect(await stuck).toBe('dead-letter');
      expect(letters.map((l) => l.deviceSn)).toEqual(['GAS-Q']);
    } finally {
      await sql`DROP TRIGGER test_refuse_gas_q ON alarms`.execute(db);
    }
  });

  it('on close while the database is away, settles queued writes as abandoned instead of hanging', async () => {
    const down = db.withPlugin({
      transformQuery() {
        throw Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
      },
      async transformResult(args) {
        return args.result;
      },
    });
    const persister = new AlarmPersister(down, () => undefined, quiet);
    const outcome = persister.enqueue([draft({ deviceSn: 'GAS-X' })]);
    await new Promise((r) => setTimeout(r, 50));
    await persister.close();
    expect(await outcome).toBe('abandoned');
    expect(await persister.enqueue([draft({ deviceSn: 'GAS-Y' })])).toBe('abandoned');
  });

  it('with a repeat interval, writes and pushes a flood of repeats once per interval and the last count on close', async () => {
    const pushed: Alarm[] = [];
    const persister = new AlarmPersister(db, (alarm) => pushed.push(alarm), quiet, undefined, undefined, undefined, undefined, null, 60_000);
    const d = draft({ deviceSn: 'GAS-R' });
    expect(await persister.enqueue([d])).toBe('stored');
    for (let i = 0; i < 50; i++) {
      d.repeatCount++;
      d.lastSeenMs = T0 + i;
      // a held repeat is acknowledged at once: its device is not slowed down
      expect(await persister.enqueue([d])).toBe('stored');
    }
    expect(pushed.map((a) => a.repeatCount)).toEqual([1]);
    expect(persister.heldRepeatCount()).toBe(1);
    d.level = 'alarm'; // an escalation is not held back
    await persister.enqueue([d]);
    expect(pushed.map((a) => [a.level, a.repeatCount])).toEqual([
      ['warning', 1],
      ['alarm', 51],
    ]);
    d.repeatCount++;
    await persister.enqueue([d]);
    await persister.close();
    expect(pushed.at(-1)).toMatchObject({ repeatCount: 52 });
    const row = await db.selectFrom('alarms').selectAll().where('alarm_id', '=', d.alarmId!).executeTakeFirstOrThrow();
    expect(row.repeat_count).toBe(52);
  });
});
