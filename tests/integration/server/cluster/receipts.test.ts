import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAlarm } from '../../../helpers/alarms';
import { AlarmPersister } from '../../../../server/rules/alarmPersister';
import type { AlarmDraft } from '../../../../server/rules/types';
import { openDatabase, type Database, type OpenDatabase } from '../../../../server/storage';
import { receiptBatcher } from '../../../../server/cluster/cluster';
import { hasReceipt, messageKey, pruneReceipts, RECEIPT_RETENTION_MS, storedKeys, writeReceipts } from '../../../../server/cluster/receipts';

const T0 = 1_700_000_000_000;
const quiet = { warn: () => undefined, error: () => undefined };

function cameraEvent(sn: string, n: number): AlarmDraft {
  const base = makeAlarm({ alarmId: 0, projectId: 'p1', deviceSn: sn, kind: 'ai', metric: 'noHelmet', level: 'alarm', value: null, threshold: null, unit: null, raisedAtMs: T0 + n });
  return { ...base, alarmId: null };
}
const origin = (sn: string, n: number) => ({ topic: `zhgd/p1/camera/${sn}/alarm`, payload: JSON.stringify({ ts: T0 + n, algType: 'noHelmet', picUrl: `/c/${n}.jpg` }) });

describe('ingest receipts with the alarm persister (real PGlite in memory)', () => {
  let open: OpenDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    db = open.db;
  }, 60_000);
  afterAll(() => open?.close());

  it('commits each stored message\'s receipt with its alarm change, alone or in a batch', async () => {
    const persister = new AlarmPersister(db, () => undefined, quiet, undefined, undefined, undefined, undefined, (trx, origins) => writeReceipts(trx, origins, Date.now()));
    expect(await persister.enqueue([cameraEvent('CAM-A', 1)], origin('CAM-A', 1))).toBe('stored');
    const batch = Array.from({ length: 10 }, (_, i) => persister.enqueue([cameraEvent(`CAM-B${i}`, 10 + i)], origin(`CAM-B${i}`, 10 + i)));
    expect(await Promise.all(batch)).toEqual(new Array(10).fill('stored'));
    expect(await hasReceipt(db, origin('CAM-A', 1).topic, origin('CAM-A', 1).payload)).toBe(true);
    for (let i = 0; i < 10; i++) expect(await hasReceipt(db, origin(`CAM-B${i}`, 10 + i).topic, origin(`CAM-B${i}`, 10 + i).payload)).toBe(true);
    expect(await hasReceipt(db, origin('CAM-A', 2).topic, origin('CAM-A', 2).payload)).toBe(false);

    // a takeover's checks: every key asked in one turn goes to the database in one query
    const key = (o: { topic: string; payload: string }) => messageKey(o.topic, o.payload);
    const queries: string[][] = [];
    const checks = receiptBatcher((keys) => {
      queries.push(keys);
      return storedKeys(db, keys);
    });
    const asked = [origin('CAM-A', 1), origin('CAM-A', 2), origin('CAM-B3', 13), origin('CAM-B9', 99)].map((o) => checks.has(key(o)));
    expect(await Promise.all(asked)).toEqual([true, false, true, false]);
    expect(queries).toHaveLength(1);
  });

  it('stores neither the alarm change nor the receipt when the receipt cannot be written', async () => {
    const persister = new AlarmPersister(db, () => undefined, quiet, undefined, async () => undefined, undefined, undefined, async (trx, origins) => {
      await writeReceipts(trx, origins, Date.now());
      throw new TypeError('receipt refused');
    });
    expect(await persister.enqueue([cameraEvent('CAM-C', 1)], origin('CAM-C', 1))).toBe('dead-letter');
    expect(await db.selectFrom('alarms').select('alarm_id').where('device_sn', '=', 'CAM-C').execute()).toEqual([]);
    expect(await hasReceipt(db, origin('CAM-C', 1).topic, origin('CAM-C', 1).payload)).toBe(false);
  });

  it('keys a message by topic and payload, and prunes receipts older than a day', async () => {
    expect(messageKey('t', 'x')).toBe(messageKey('t', Buffer.from('x')));
    expect(messageKey('t', 'x')).not.toBe(messageKey('t2', 'x'));
    const now = Date.now();
    await writeReceipts(db, [{ topic: 'old', payload: '1' }], now - RECEIPT_RETENTION_MS - 1);
    await writeReceipts(db, [{ topic: 'new', payload: '1' }], now);
    expect(await pruneReceipts(db, now)).toBe(1);
    expect(await hasReceipt(db, 'old', '1')).toBe(false);
    expect(await hasReceipt(db, 'new', '1')).toBe(true);
  });
});
