import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type OpenDatabase } from '../../../../server/storage';
import { DeadLetterStore, describeError } from '../../../../server/ingest/deadLetters';

const quiet = { warn: () => undefined, error: () => undefined };
const T0 = 1_700_000_000_000;

describe('DeadLetterStore (real PGlite in memory)', () => {
  let open: OpenDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    db = open.db;
  }, 60_000);
  afterAll(() => open?.close());

  it('stores the text that made the original write fail as escapes (NUL, lone surrogate), with the reason', async () => {
    const store = new DeadLetterStore(db, quiet);
    const err = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    // raw characters, as a broken device could put them on the wire
    const payload = '{"picUrl":"/c/\u0000\ud800.jpg"}';
    expect(await store.record({ atMs: T0, projectId: 'p1', deviceSn: 'CAM-1', topic: 'zhgd/p1/camera/CAM-1/alarm', payload, draft: { picUrl: 'a\u0000' }, reason: describeError(err) })).toBe(true);
    const row = await db.selectFrom('dead_letters').selectAll().where('device_sn', '=', 'CAM-1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ at_ms: T0, project_id: 'p1', topic: 'zhgd/p1/camera/CAM-1/alarm' });
    expect(row.reason).toBe('22021 invalid byte sequence for encoding "UTF8": 0x00');
    expect(row.payload).toBe('{"picUrl":"/c/\\u0000\\ud800.jpg"}');
    expect(JSON.parse(row.draft!)).toEqual({ picUrl: 'a\u0000' });
    expect(store.count()).toBe(1);
  });

  it('keeps at most maxRows, the newest, and prunes by age', async () => {
    const store = new DeadLetterStore(db, quiet, 5, 1);
    for (let i = 0; i < 12; i++) await store.record({ atMs: T0 + i, deviceSn: `B-${i}`, reason: 'x' });
    const rows = await db.selectFrom('dead_letters').select('device_sn').orderBy('dead_letter_id').execute();
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows.at(-1)?.device_sn).toBe('B-11');
    await store.record({ atMs: T0 + 2 * 86_400_000, deviceSn: 'NEW', reason: 'x' });
    expect(await store.prune(T0 + 2 * 86_400_000)).toBeGreaterThan(0);
    const left = await db.selectFrom('dead_letters').select('device_sn').execute();
    expect(left.map((r) => r.device_sn)).toEqual(['NEW']);
  });

  it('never throws when the database is gone: the letter is logged instead', async () => {
    const gone = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await gone.close();
    const logged: object[] = [];
    const store = new DeadLetterStore(gone.db, { warn: () => undefined, error: (o) => logged.push(o) });
    expect(await store.record({ atMs: T0, reason: 'x' })).toBe(false);
    expect(logged).toHaveLength(1);
  }, 60_000);
});
