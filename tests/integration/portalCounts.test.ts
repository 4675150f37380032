import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDayStart, PEOPLE, type Zone, type ZoneRow } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed';
import { backfillHistory } from '../../server/simulator/backfill';
import { BackfillRules } from '../../server/simulator/backfillRules';
import type { ApiClient } from '../helpers/apiClient';
import { beaconFix, beaconStay, NO_ZONE_RULES, startWithDevice } from '../helpers/beaconWalk';
import { eventually } from '../helpers/eventually';

/**
 * Portal in and out counts across a restart (docs/api.md "People and zones"): beacons cross a
 * portal zone, the server stops and starts again on the same database, and zone/list still shows the day's
 * counts, which then keep counting from there. Real server, broker and PGlite on a temporary data dir.
 */
const demo = DEMO_PROJECT.projectId;

describe('portal counts across a restart', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-portal-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const countsOf = async (admin: ApiClient, zoneId: string) => {
    const r = await admin.post<ZoneRow[]>(PEOPLE.zoneList.path, { projectId: demo, tunnelId: 'RK' });
    const z = r.body.data!.find((x) => x.zoneId === zoneId)!;
    return { in: z.portalIn, out: z.portalOut };
  };

  it("counts a walk in and out through the demo's entry portal on top of today's crossings from before the start (the demo backfill)", async () => {
    const { server, admin, device } = await startWithDevice(dir);
    try {
      const zoneId = 'Z-RK-EP'; // the right bore's entry portal zone, 0–50 m (server/seed/demoPeople.ts)
      const before = await countsOf(admin, zoneId);
      // the backfill's rules counted crossings of today before the live rules started (server/app.ts)
      server.live.addPortalCounts(demo, { dayStartMs: beijingDayStart(Date.now()), counts: new Map([[zoneId, { in: 4, out: 1 }]]) });
      // another day's backfill adds nothing
      server.live.addPortalCounts(demo, { dayStartMs: beijingDayStart(Date.now()) - 86_400_000, counts: new Map([[zoneId, { in: 50, out: 50 }]]) });
      expect(await countsOf(admin, zoneId)).toEqual({ in: before.in + 4, out: before.out + 1 });
      // the tag is switched on at the portal, its wearer walks in, then comes back out
      await beaconFix(device, 'BC0104', 5);
      await beaconStay(device, 'BC0104', 70);
      await eventually(async () => (await countsOf(admin, zoneId)).in === before.in + 5, 5_000, 'in today + 1');
      await beaconStay(device, 'BC0104', 20);
      await eventually(async () => (await countsOf(admin, zoneId)).out === before.out + 2, 5_000, 'out today + 1');
      expect(await countsOf(admin, zoneId)).toEqual({ in: before.in + 5, out: before.out + 2 });
    } finally {
      await device.endAsync();
      await server.close();
    }
  });

  it('the demo backfill hands over the day\'s portal counts its rules made: the crossings its hours hold', { timeout: 300_000 }, async () => {
    const { server, device } = await startWithDevice(dir);
    try {
      // 06:30 to 07:10 Beijing time two days ago: the day crew switches its tags on at the portals and walks in
      const d = new Date(Date.now() - 2 * 86_400_000);
      const fromMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - 1, 22, 30);
      const toMs = fromMs + 40 * 60_000;
      const rules = await BackfillRules.load(server.db, demo, fromMs, 1, { warn: () => undefined });
      const result = await backfillHistory({ projectId: demo, seed: 1, fromMs, toMs, sink: { add: () => undefined, flush: async () => undefined }, rules });
      const portal = result.rules!.portal!;
      expect(portal.dayStartMs).toBe(beijingDayStart(toMs));
      const hours = await server.db.selectFrom('zone_hour_counts').selectAll().where('project_id', '=', demo).where('hour_start_ms', '>=', fromMs - 3_600_000).where('hour_start_ms', '<', toMs).execute();
      const counted = [...portal.counts.values()].reduce((n, c) => n + c.in + c.out, 0);
      expect(counted).toBeGreaterThan(0);
      expect(counted).toBe(hours.reduce((n, h) => n + h.portal_in + h.portal_out, 0));
    } finally {
      await device.endAsync();
      await server.close();
    }
  });

  it("keeps today's counts of a portal zone when the server restarts on the same database", async () => {
    let { server, admin, device } = await startWithDevice(dir);
    let zone: Zone;
    try {
      // a portal zone of its own, away from the demo's portals
      const added = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Test portal', kind: 'portal', tunnelId: 'RK', fromM: 2_000, toM: 2_050, ...NO_ZONE_RULES } });
      expect(added.body.errorMessage).toBeUndefined();
      zone = added.body.data!;
      // two people walk in (leave the portal zone inwards), one comes back out
      await beaconFix(device, 'BC0101', 2_020);
      await beaconFix(device, 'BC0102', 2_030);
      await Promise.all([beaconStay(device, 'BC0101', 2_080), beaconStay(device, 'BC0102', 2_090)]);
      await beaconStay(device, 'BC0102', 2_040);
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

    ({ server, admin, device } = await startWithDevice(dir));
    try {
      expect(await countsOf(admin, zone.zoneId)).toEqual({ in: 2, out: 1 });
      // and counting goes on from there: BC0103 walks in
      await beaconFix(device, 'BC0103', 2_010);
      await beaconStay(device, 'BC0103', 2_100);
      await eventually(async () => (await countsOf(admin, zone.zoneId)).in === 3, 5_000, 'a third entry');
      expect(await countsOf(admin, zone.zoneId)).toEqual({ in: 3, out: 1 });
    } finally {
      await device.endAsync();
      await server.close();
    }
  });
});
