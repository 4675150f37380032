import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, PEOPLE, type DeviceKey, type Zone, type ZoneRow } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/**
 * Portal in and out counts across a restart (docs/api.md "People and zones"): beacons cross a
 * portal zone, the server stops and starts again on the same database, and zone/list still shows the day's
 * counts, which then keep counting from there. Real server, broker and PGlite on a temporary data dir.
 */
const demo = DEMO_PROJECT.projectId;
const NO_RULES = { entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null };

describe('portal counts across a restart', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-portal-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function start(): Promise<{ server: RunningServer; admin: ApiClient; device: MqttClient }> {
    const server = await startTestServer({ DATA_DIR: dir });
    const admin = await loggedInClient(server.url);
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    const device = await connectDevice(server.mqttPort!, key.body.data!);
    return { server, admin, device };
  }
  const fix = (device: MqttClient, sn: string, chainageM: number) =>
    device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM, battery: 80, sos: false }), { qos: 1 });
  /** Reports from `chainageM` for 3 s at 2 Hz: a zone edge counts as crossed after 2 s past it (docs/domain.md). */
  const stay = async (device: MqttClient, sn: string, chainageM: number) => {
    for (let i = 0; i < 6; i++) {
      await fix(device, sn, chainageM);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const countsOf = async (admin: ApiClient, zoneId: string) => {
    const r = await admin.post<ZoneRow[]>(PEOPLE.zoneList.path, { projectId: demo, tunnelId: 'RK' });
    const z = r.body.data!.find((x) => x.zoneId === zoneId)!;
    return { in: z.portalIn, out: z.portalOut };
  };

  it("keeps today's counts of a portal zone when the server restarts on the same database", async () => {
    let { server, admin, device } = await start();
    let zone: Zone;
    try {
      // a portal zone of its own, away from the demo's portals
      const added = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Test portal', kind: 'portal', tunnelId: 'RK', fromM: 2_000, toM: 2_050, ...NO_RULES } });
      expect(added.body.errorMessage).toBeUndefined();
      zone = added.body.data!;
      // two people walk in (leave the portal zone inwards), one comes back out
      await fix(device, 'BC0101', 2_020);
      await fix(device, 'BC0102', 2_030);
      await Promise.all([stay(device, 'BC0101', 2_080), stay(device, 'BC0102', 2_090)]);
      await stay(device, 'BC0102', 2_040);
      await eventually(async () => JSON.stringify(await countsOf(admin, zone.zoneId)) === JSON.stringify({ in: 2, out: 1 }), 5_000, 'counts 2 in, 1 out');
      // stored (within a rules tick) before the restart
      await eventually(
        async () => (await server.db.selectFrom('portal_counts').selectAll().where('zone_id', '=', zone.zoneId).executeTakeFirst())?.in_count === 2,
        5_000,
        'portal_counts row',
      );
    } finally {
      await device.endAsync();
      await server.close();
    }

    ({ server, admin, device } = await start());
    try {
      expect(await countsOf(admin, zone.zoneId)).toEqual({ in: 2, out: 1 });
      // and counting goes on from there: BC0103 walks in
      await fix(device, 'BC0103', 2_010);
      await stay(device, 'BC0103', 2_100);
      await eventually(async () => (await countsOf(admin, zone.zoneId)).in === 3, 5_000, 'a third entry');
      expect(await countsOf(admin, zone.zoneId)).toEqual({ in: 3, out: 1 });
    } finally {
      await device.endAsync();
      await server.close();
    }
  });
});
