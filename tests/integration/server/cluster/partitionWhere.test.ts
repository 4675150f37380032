import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../../server/storage';
import { partitionOf, partitionWhere } from '../../../../server/cluster/partitions';

const COUNT = 8;
const ROWS = [
  ...Array.from({ length: 60 }, (_, i) => ({ projectId: i % 2 ? 'demo-tunnel' : 'demo-bridge', sn: `GAS-${i}`, kind: 'gas' })),
  ...Array.from({ length: 20 }, (_, i) => ({ projectId: i % 2 ? 'demo-tunnel' : 'demo-bridge', sn: `TAG-${i}`, kind: 'beacon' })),
  { projectId: 'p-中文', sn: 'X-1', kind: 'camera' },
];

/** The SQL partition filter must pick exactly the rows partitionOf puts in each partition (a takeover reads only those). */
describe('partitionWhere', () => {
  let open: OpenDatabase;
  beforeAll(async () => {
    open = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  }, 60_000);
  afterAll(() => open?.close());

  const values = sql.join(ROWS.map((r) => sql`(${r.projectId}, ${r.sn}, ${r.kind})`));

  it('selects the devices of partition k, as partitionOf does', async () => {
    for (let k = 0; k < COUNT; k++) {
      const { rows } = await sql<{ sn: string }>`select sn from (values ${values}) as d(project_id, sn, kind) where ${partitionWhere('devices', k, COUNT)}`.execute(open.db);
      const expected = ROWS.filter((r) => partitionOf(r.projectId, r.kind, r.sn, COUNT) === k).map((r) => r.sn);
      expect(rows.map((r) => r.sn).sort()).toEqual(expected.sort());
    }
  });

  it('selects the alarms of partition k: zone alarms and positioned devices by project', async () => {
    const alarms = [
      ...ROWS.map((r) => ({ projectId: r.projectId, sn: r.sn, deviceKind: r.kind, kind: 'threshold' })),
      { projectId: 'demo-tunnel', sn: 'Z-1', deviceKind: 'zone', kind: 'zone' },
      { projectId: 'demo-bridge', sn: 'TAG-2', deviceKind: 'beacon', kind: 'zone' },
    ];
    const rowsSql = sql.join(alarms.map((a) => sql`(${a.projectId}, ${a.sn}, ${a.deviceKind}, ${a.kind})`));
    for (let k = 0; k < COUNT; k++) {
      const { rows } = await sql<{ device_sn: string }>`select device_sn from (values ${rowsSql}) as a(project_id, device_sn, device_kind, kind) where ${partitionWhere('alarms', k, COUNT)}`.execute(open.db);
      const expected = alarms.filter((a) => partitionOf(a.projectId, a.kind === 'zone' ? 'zone' : a.deviceKind, a.sn, COUNT) === k).map((a) => a.sn);
      expect(rows.map((r) => r.device_sn).sort()).toEqual(expected.sort());
    }
  });
});
