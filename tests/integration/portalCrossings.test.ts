import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDayStart, PEOPLE, type Zone, type ZonePortalCounts } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed';
import { insertPortalCrossings } from '../../server/storage';
import { ApiClient } from '../helpers/apiClient';
import { beaconFix, beaconStay, NO_ZONE_RULES, startWithDevice } from '../helpers/beaconWalk';
import { eventually } from '../helpers/eventually';

/**
 * Portal counts and crossings live and as of an instant (docs/api.md "zone/portalCounts"): a beacon walked in
 * and out of a portal zone over real MQTT is logged as two crossings with its wearer and counted; a restart
 * keeps the log; counts as of a past instant come from the stored hours (zone_hour_counts) plus the crossing
 * log's part hour; members of another project and anonymous clients are refused. Real server, broker and
 * PGlite on a temporary data dir.
 */
const demo = DEMO_PROJECT.projectId;
const HOUR = 3_600_000;

describe('portal crossings and counts as of an instant', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-crossings-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const portalCounts = async (client: ApiClient, body: object = {}) => {
    const r = await client.post<ZonePortalCounts>(PEOPLE.zonePortalCounts.path, { projectId: demo, ...body });
    expect(r.body.errorMessage).toBeUndefined();
    return r.body.data!;
  };
  const portalOf = (answer: ZonePortalCounts, zoneId: string) => answer.portals.find((p) => p.zoneId === zoneId)!;

  it('logs a beacon walked in and out over MQTT as crossings with its wearer, counts them, and keeps them across a restart', async () => {
    let { server, admin, bridge, device } = await startWithDevice(dir);
    let zone: Zone;
    const wearer = await server.db.selectFrom('people').select(['name', 'team']).where('project_id', '=', demo).where('beacon_sn', '=', 'BC0121').executeTakeFirstOrThrow();
    try {
      const added = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Crossing portal', kind: 'portal', tunnelId: 'RK', fromM: 2_500, toM: 2_550, ...NO_ZONE_RULES } });
      zone = added.body.data!;
      expect(portalOf(await portalCounts(admin), zone.zoneId)).toMatchObject({ name: 'Crossing portal', tunnelId: 'RK', portalIn: 0, portalOut: 0, crossings: [] });
      // switched on in the portal zone, walks in past it, then comes back into it
      await beaconFix(device, 'BC0121', 2_520);
      await beaconStay(device, 'BC0121', 2_600);
      await beaconStay(device, 'BC0121', 2_530);
      await eventually(async () => portalOf(await portalCounts(admin), zone.zoneId).crossings.length === 2, 10_000, 'two crossings logged');
      const live = portalOf(await portalCounts(admin), zone.zoneId);
      expect(live).toMatchObject({ portalIn: 1, portalOut: 1 });
      // newest first: out, then in, with the registry's wearer
      expect(live.crossings.map((c) => [c.direction, c.sn, c.name, c.team])).toEqual([
        ['out', 'BC0121', wearer.name, wearer.team],
        ['in', 'BC0121', wearer.name, wearer.team],
      ]);
      expect(live.crossings[0].atMs).toBeGreaterThan(live.crossings[1].atMs);
      // as many as asked
      expect(portalOf(await portalCounts(admin, { crossings: 1 }), zone.zoneId).crossings.map((c) => c.direction)).toEqual(['out']);
      expect(portalOf(await portalCounts(admin, { crossings: 0 }), zone.zoneId).crossings).toEqual([]);
      // as of an instant between the two crossings: only the entry is before it
      const between = Math.floor((live.crossings[0].atMs + live.crossings[1].atMs) / 2);
      expect(portalOf(await portalCounts(admin, { at: between }), zone.zoneId).crossings.map((c) => c.direction)).toEqual(['in']);
      // a member of another project and an anonymous client are refused; a bad body says what is wrong
      expect((await bridge.post(PEOPLE.zonePortalCounts.path, { projectId: demo })).body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
      expect((await new ApiClient(server.url).post(PEOPLE.zonePortalCounts.path, { projectId: demo })).status).toBe(401);
      expect((await admin.post(PEOPLE.zonePortalCounts.path, { projectId: demo, crossings: 11 })).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    } finally {
      await device.endAsync();
      await server.close();
    }

    ({ server, admin, bridge, device } = await startWithDevice(dir));
    try {
      expect(portalOf(await portalCounts(admin), zone.zoneId).crossings.map((c) => c.direction)).toEqual(['out', 'in']);
    } finally {
      await device.endAsync();
      await server.close();
    }
  });

  it('answers the counts as of a past instant from the stored hours of that Beijing day, and the logged part hour once the log was kept', async () => {
    const { server, admin, device } = await startWithDevice(dir);
    try {
      const added = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Past portal', kind: 'portal', tunnelId: 'LK', fromM: 2_500, toM: 2_550, ...NO_ZONE_RULES } });
      const zoneId = added.body.data!.zoneId;
      // ten days ago: hours at 02:00 and 05:00 Beijing time, and the evening before (another day)
      const day = beijingDayStart(Date.now() - 10 * 86_400_000);
      const row = (hourStartMs: number, portalIn: number, portalOut: number) => ({ project_id: demo, zone_id: zoneId, hour_start_ms: hourStartMs, headcount: 0, max_headcount: 0, portal_in: portalIn, portal_out: portalOut });
      await server.db.insertInto('zone_hour_counts').values([row(day - HOUR, 9, 9), row(day + 2 * HOUR, 3, 1), row(day + 5 * HOUR, 2, 2)]).execute();
      const at = day + 5 * HOUR + 30 * 60_000; // 05:30
      // the log holds nothing of then: the full hours only, as of 05:00
      const hourly = await portalCounts(admin, { at });
      expect(hourly).toMatchObject({ atMs: at, countedToMs: day + 5 * HOUR });
      expect(portalOf(hourly, zoneId)).toMatchObject({ portalIn: 3, portalOut: 1, crossings: [] });
      // at 06:10 the 05:00 hour is whole
      expect(portalOf(await portalCounts(admin, { at: day + 6 * HOUR + 10 * 60_000 }), zoneId)).toMatchObject({ portalIn: 5, portalOut: 3 });
      // once the log was kept before the hour, its crossings up to the instant count too (not those after)
      const crossing = (atMs: number, direction: 'in' | 'out') => ({ projectId: demo, zoneId, atMs, sn: 'BC0122', name: 'Past wearer', team: 'Drilling', direction });
      await insertPortalCrossings(server.db, [crossing(day + HOUR, 'in'), crossing(day + 5 * HOUR + 10 * 60_000, 'in'), crossing(day + 5 * HOUR + 20 * 60_000, 'out'), crossing(day + 5 * HOUR + 40 * 60_000, 'out')]);
      const fine = await portalCounts(admin, { at });
      expect(fine).toMatchObject({ atMs: at, countedToMs: at });
      expect(portalOf(fine, zoneId)).toMatchObject({ portalIn: 4, portalOut: 2 });
      expect(portalOf(fine, zoneId).crossings.map((c) => [c.atMs, c.direction])).toEqual([
        [day + 5 * HOUR + 20 * 60_000, 'out'],
        [day + 5 * HOUR + 10 * 60_000, 'in'],
        [day + HOUR, 'in'],
      ]);
    } finally {
      await device.endAsync();
      await server.close();
    }
  });
});
