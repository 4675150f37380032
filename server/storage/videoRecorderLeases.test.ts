import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/helpers/storageDb';
import type { OpenDatabase } from './database';
import { recorderLeases, releaseRecorderLeases, takeRecorderLeases } from './videoRecorderLeases';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase([]);
});
afterAll(async () => {
  await database?.close();
});

const CAM1 = { projectId: 'p1', sn: 'CAM-01' };
const CAM2 = { projectId: 'p1', sn: 'CAM-02' };
const LEASE_MS = 90_000;
const sorted = (keys: Array<{ projectId: string; sn: string }>) => [...keys].sort((a, b) => (a.sn < b.sn ? -1 : 1));

describe('video recorder leases', () => {
  it('takes free cameras, renews its own, refuses one another node holds and takes it once expired', async () => {
    const db = database.db;
    // take
    expect(sorted(await takeRecorderLeases(db, 'a', [CAM1, CAM2], 1_000, LEASE_MS))).toEqual([CAM1, CAM2]);
    // refused while a holds them
    expect(await takeRecorderLeases(db, 'b', [CAM1, CAM2], 2_000, LEASE_MS)).toEqual([]);
    // renew: a's lease moves on
    expect(await takeRecorderLeases(db, 'a', [CAM1], 50_000, LEASE_MS)).toEqual([CAM1]);
    expect(await recorderLeases(db, 50_000)).toEqual([
      { ...CAM1, nodeId: 'a', expiresAtMs: 140_000 },
      { ...CAM2, nodeId: 'a', expiresAtMs: 91_000 },
    ]);
    // at 91 000 CAM2's lease is still held (expiry is inclusive), just after it b takes it; CAM1 stays a's
    expect(await takeRecorderLeases(db, 'b', [CAM1, CAM2], 91_000, LEASE_MS)).toEqual([]);
    expect(await takeRecorderLeases(db, 'b', [CAM1, CAM2], 91_001, LEASE_MS)).toEqual([CAM2]);
    expect(await takeRecorderLeases(db, 'a', [CAM2], 91_002, LEASE_MS)).toEqual([]);
    expect((await recorderLeases(db, 91_002)).map((l) => [l.sn, l.nodeId])).toEqual([
      ['CAM-01', 'a'],
      ['CAM-02', 'b'],
    ]);
  });

  it('releases only its own leases, so another node takes them at once', async () => {
    const db = database.db;
    await releaseRecorderLeases(db, 'a', [CAM2]); // b's: untouched
    expect((await recorderLeases(db, 91_002)).map((l) => l.nodeId)).toEqual(['a', 'b']);
    await releaseRecorderLeases(db, 'a');
    expect((await recorderLeases(db, 91_002)).map((l) => l.nodeId)).toEqual(['b']);
    expect(await takeRecorderLeases(db, 'b', [CAM1], 91_003, LEASE_MS)).toEqual([CAM1]);
    // expired leases are not listed
    expect(await recorderLeases(db, 10_000_000)).toEqual([]);
  });
});
