import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alarm } from '../../protocol';
import { openDatabase, type Database, type OpenDatabase } from '../storage';
import { AlarmPersister, loadActiveAlarms } from './alarmPersister';
import type { AlarmDraft } from './types';
import { makeAlarm } from '../../tests/helpers/alarms';

const T0 = 1_700_000_000_000;
const quiet = { warn: () => undefined, error: () => undefined };

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
  });
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

  it('loads only active alarms for a restart', async () => {
    const persister = new AlarmPersister(db, () => undefined, quiet);
    persister.enqueue([draft({ deviceSn: 'GAS-9', metric: 'H2S' })]);
    await persister.flush();
    const active = await loadActiveAlarms(db);
    expect(active.map((a) => a.deviceSn)).toEqual(['GAS-9']);
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
