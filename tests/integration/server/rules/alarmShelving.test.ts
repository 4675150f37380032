import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAlarm } from '../../../helpers/alarms';
import { openDatabase, type Database, type OpenDatabase } from '../../../../server/storage';
import { unshelveExpired } from '../../../../server/rules/alarmShelving';

const T0 = 1_700_000_000_000;

describe('unshelveExpired (real PGlite in memory)', () => {
  let open: OpenDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    db = open.db;
  }, 60_000);
  afterAll(() => open?.close());

  /** Inserts an open alarm of `sn` shelved until `untilMs` (null: not shelved). @returns its id */
  async function shelvedAlarm(sn: string, untilMs: number | null): Promise<number> {
    const a = makeAlarm({ alarmId: 0, projectId: 'p1', deviceSn: sn, raisedAtMs: T0 });
    const row = await db
      .insertInto('alarms')
      .values({
        project_id: a.projectId, device_sn: a.deviceSn, device_kind: a.deviceKind, device_name: a.deviceName, kind: a.kind, level: a.level, metric: a.metric,
        value: a.value, threshold: a.threshold, unit: a.unit, raised_at_ms: a.raisedAtMs, cleared_at_ms: null, state: 'active', deal_status: 0, deal_remark: null,
        dealt_by: null, dealt_at_ms: null, pic_url: null, side: null, first_seen_ms: T0, last_seen_ms: T0, peak_value: null, peak_level: 'warning', acked_by: null, acked_at_ms: null,
        shelved_until_ms: untilMs, shelved_by: untilMs === null ? null : 'admin', shelve_reason: untilMs === null ? null : 'Maintenance',
      })
      .returning('alarm_id')
      .executeTakeFirstOrThrow();
    return Number(row.alarm_id);
  }

  it('unshelves exactly the alarms whose time has passed, once, oldest first and bounded', async () => {
    const due1 = await shelvedAlarm('GAS-1', T0 + 1_000);
    const due2 = await shelvedAlarm('GAS-2', T0 + 500);
    const later = await shelvedAlarm('GAS-3', T0 + 60_000);
    const never = await shelvedAlarm('GAS-4', null);

    const first = await unshelveExpired(db, T0 + 2_000, 1);
    expect(first.map((a) => a.alarmId)).toEqual([due2]); // the longest due first, at most `limit`
    expect(first[0]).toMatchObject({ shelvedUntilMs: null, shelvedBy: null, shelveReason: null });
    // two nodes sweeping at once: each alarm comes back from one of them only
    const [a, b] = await Promise.all([unshelveExpired(db, T0 + 2_000), unshelveExpired(db, T0 + 2_000)]);
    expect([...a, ...b].map((x) => x.alarmId)).toEqual([due1]);
    expect(await unshelveExpired(db, T0 + 2_000)).toEqual([]);

    const rows = await db.selectFrom('alarms').select(['alarm_id', 'shelved_until_ms']).where('alarm_id', 'in', [later, never]).orderBy('alarm_id').execute();
    expect(rows.map((r) => r.shelved_until_ms)).toEqual([T0 + 60_000, null]);
  });
});
