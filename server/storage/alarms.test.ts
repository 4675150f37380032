import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/helpers/storageDb';
import { ackAlarm, alarmsRaisedIn, dealAlarms, findAlarmRow, shelveAlarms } from './alarms';
import type { OpenDatabase } from './database';

let database: OpenDatabase;

/** Inserts an open alarm of `projectId` raised at `raisedAtMs`; its id. */
async function raise(projectId: string, kind: string, raisedAtMs: number): Promise<number> {
  const row = await database.db
    .insertInto('alarms')
    .values({
      project_id: projectId,
      device_sn: 'GAS-1',
      device_kind: 'gas',
      device_name: 'Gas 1',
      kind,
      level: 'alarm',
      metric: kind === 'sos' ? 'sos' : 'CO',
      value: 30,
      threshold: 24,
      unit: 'ppm',
      raised_at_ms: raisedAtMs,
      cleared_at_ms: null,
      state: 'active',
      deal_status: 0,
      deal_remark: null,
      dealt_by: null,
      dealt_at_ms: null,
      pic_url: null,
      side: 'high',
      first_seen_ms: raisedAtMs,
      last_seen_ms: raisedAtMs,
      peak_value: 30,
      peak_level: 'alarm',
      acked_by: null,
      acked_at_ms: null,
      shelved_until_ms: null,
      shelved_by: null,
      shelve_reason: null,
    })
    .returning('alarm_id')
    .executeTakeFirstOrThrow();
  return Number(row.alarm_id);
}

beforeAll(async () => {
  database = await openTestDatabase(['p1', 'p2']);
});
afterAll(async () => {
  await database?.close();
});

describe('alarm storage', () => {
  it('handles an alarm once: the first handler stays, SOS clears, a threshold alarm keeps its state, another project is not touched', async () => {
    const threshold = await raise('p1', 'threshold', 1_000);
    const sos = await raise('p1', 'sos', 1_001);
    const other = await raise('p2', 'threshold', 1_002);
    const handled = await dealAlarms(database.db, [threshold, sos, other], ['p1'], { dealStatus: 1, dealRemark: 'vented' }, 'ops1', 5_000);
    expect(handled.map((a) => [a.alarmId, a.state, a.dealtBy]).sort()).toEqual([
      [threshold, 'active', 'ops1'],
      [sos, 'cleared', 'ops1'],
    ].sort());
    expect(handled.find((a) => a.alarmId === sos)?.clearedAtMs).toBe(5_000);
    expect(await dealAlarms(database.db, [threshold], ['p1'], { dealStatus: 2, dealRemark: 'again' }, 'ops2', 6_000)).toEqual([]);
    expect((await findAlarmRow(database.db, threshold))?.dealt_by).toBe('ops1');
    expect((await findAlarmRow(database.db, other))?.deal_status).toBe(0);
    expect(await dealAlarms(database.db, [other], [], { dealStatus: 1, dealRemark: '' }, 'ops1', 6_000)).toEqual([]);
  });

  it('acknowledges an open alarm once and never a handled one', async () => {
    const id = await raise('p1', 'threshold', 2_000);
    expect((await ackAlarm(database.db, id, 'ops1', 2_500))?.ackedBy).toBe('ops1');
    expect(await ackAlarm(database.db, id, 'ops2', 2_600)).toBeUndefined();
    const handled = await raise('p1', 'threshold', 2_100);
    await dealAlarms(database.db, [handled], ['p1'], { dealStatus: 1, dealRemark: '' }, 'ops1', 2_200);
    expect(await ackAlarm(database.db, handled, 'ops1', 2_300)).toBeUndefined();
  });

  it('shelves all or nothing: one handled alarm among them leaves every one unshelved', async () => {
    const a = await raise('p1', 'threshold', 3_000);
    const b = await raise('p1', 'threshold', 3_001);
    await dealAlarms(database.db, [b], ['p1'], { dealStatus: 1, dealRemark: '' }, 'ops1', 3_100);
    expect(await shelveAlarms(database.db, [a, b], { untilMs: 9_000, by: 'ops1', reason: 'maintenance' })).toBeNull();
    expect((await findAlarmRow(database.db, a))?.shelved_until_ms).toBeNull();
    const shelved = await shelveAlarms(database.db, [a], { untilMs: 9_000, by: 'ops1', reason: 'maintenance' });
    expect(shelved?.map((x) => [x.alarmId, x.shelvedUntilMs, x.shelvedBy, x.shelveReason])).toEqual([[a, 9_000, 'ops1', 'maintenance']]);
  });

  it('pages the alarms raised in a range by time then id, after a cursor of the project only', async () => {
    const ids = [await raise('p2', 'threshold', 10_000), await raise('p2', 'threshold', 10_000), await raise('p2', 'threshold', 10_500)];
    const first = await alarmsRaisedIn(database.db, 'p2', 10_000, 11_000, undefined, 2);
    expect(first?.map((r) => r.alarm_id)).toEqual([ids[0], ids[1]]);
    const next = await alarmsRaisedIn(database.db, 'p2', 10_000, 11_000, ids[1], 2);
    expect(next?.map((r) => r.alarm_id)).toEqual([ids[2]]);
    const ofP1 = await raise('p1', 'threshold', 10_000);
    expect(await alarmsRaisedIn(database.db, 'p2', 10_000, 11_000, ofP1, 2)).toBeNull();
  });
});
