import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, type Zone, type ZoneHour, type ZoneHours } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { beaconFix, beaconStay, NO_ZONE_RULES, startWithDevice } from '../helpers/beaconWalk';
import { startServerWithUsers } from '../helpers/testServer';

/**
 * Zone counts per hour written live (docs/api.md "zone/hours"): beacons walk through a portal zone into a
 * work zone and one comes back out; the server stops (writing the hour so far) and starts again on the same
 * database; zone/hours answers the hour's row, and passages after the restart add to it without counting
 * twice. Real server, broker and PGlite on a temporary data dir.
 */
const demo = DEMO_PROJECT.projectId;
const HOUR = 3_600_000;

/** The hours of a run summed (a run may straddle an hour boundary): passages add up, the last hour's headcount. */
function summed(hours: ZoneHour[]) {
  return {
    portalIn: hours.reduce((n, h) => n + h.portalIn, 0),
    portalOut: hours.reduce((n, h) => n + h.portalOut, 0),
    headcount: hours.at(-1)?.headcount ?? 0,
    maxHeadcount: Math.max(0, ...hours.map((h) => h.maxHeadcount)),
  };
}

describe('zone hours written live', () => {
  let dir: string;
  const fromMs = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-zonehours-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const hoursOf = async (admin: ApiClient, zoneId: string) => {
    const r = await admin.post<ZoneHours>(PEOPLE.zoneHours.path, { projectId: demo, zoneId, fromMs, toMs: Date.now() + HOUR });
    expect(r.body.errorMessage).toBeUndefined();
    expect(r.body.data!.zones.map((z) => z.zoneId)).toEqual([zoneId]);
    return r.body.data!.zones[0].hours;
  };

  it('answers the hour of people walking in through a portal, and a restart within the hour neither loses nor doubles it', async () => {
    let { server, admin, bridge, device } = await startWithDevice(dir);
    let portal: Zone;
    let work: Zone;
    try {
      // a portal zone and a work zone of their own, away from the demo's portals
      const p = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Hours portal', kind: 'portal', tunnelId: 'RK', fromM: 3_000, toM: 3_050, ...NO_ZONE_RULES } });
      const w = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Hours face', kind: 'work', tunnelId: 'RK', fromM: 3_060, toM: 3_200, ...NO_ZONE_RULES } });
      portal = p.body.data!;
      work = w.body.data!;
      // two people walk in through the portal into the work zone, one comes back out
      await beaconFix(device, 'BC0111', 3_020);
      await beaconFix(device, 'BC0112', 3_030);
      await Promise.all([beaconStay(device, 'BC0111', 3_080), beaconStay(device, 'BC0112', 3_090)]);
      await beaconStay(device, 'BC0112', 3_040);
      // nothing is written before the hour's end: the stop writes the hour so far
      expect(await hoursOf(admin, portal.zoneId)).toEqual([]);
      // a member of another project only is refused
      expect((await bridge.post(PEOPLE.zoneHours.path, { projectId: demo, fromMs, toMs: fromMs + HOUR })).body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    } finally {
      await device.endAsync();
      await server.close();
    }

    ({ server, admin, bridge, device } = await startWithDevice(dir));
    try {
      expect(summed(await hoursOf(admin, portal.zoneId))).toMatchObject({ portalIn: 2, portalOut: 1 });
      const face = summed(await hoursOf(admin, work.zoneId));
      expect(face).toMatchObject({ portalIn: 0, portalOut: 0, headcount: 1 });
      expect(face.maxHeadcount).toBeGreaterThanOrEqual(1);
      // all zones of the project at once, by name, the route's own zones among them
      const all = await admin.post<ZoneHours>(PEOPLE.zoneHours.path, { projectId: demo, fromMs, toMs: Date.now() + HOUR });
      const names = all.body.data!.zones.map((z) => z.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(names).toEqual(expect.arrayContaining(['Hours portal', 'Hours face']));

      // a rules tick (1 s) reads the stored hour back before anybody moves
      await new Promise((r) => setTimeout(r, 2_000));
      await beaconFix(device, 'BC0113', 3_010);
      await beaconStay(device, 'BC0113', 3_100);
    } finally {
      await device.endAsync();
      await server.close();
    }

    ({ server, admin, bridge, device } = await startWithDevice(dir));
    try {
      // 3 in (2 before the restart, 1 after), 1 out: the hour's row continued, not written over or doubled
      expect(summed(await hoursOf(admin, portal.zoneId))).toMatchObject({ portalIn: 3, portalOut: 1 });
      // the headcount is the latest: BC0111 has not reported since the restart, so only BC0113 counts
      expect(summed(await hoursOf(admin, work.zoneId))).toMatchObject({ headcount: 1, portalIn: 0 });
    } finally {
      await device.endAsync();
      await server.close();
    }
  });

  it('refuses a span over 31 days and a zone the project does not have', async () => {
    const { server, admin } = await startServerWithUsers();
    try {
      const long = await admin.post(PEOPLE.zoneHours.path, { projectId: demo, fromMs: 0, toMs: 32 * 86_400_000 });
      expect(long.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
      expect(String(long.body.errorMessage)).toMatch(/^toMs/);
      const missing = await admin.post(PEOPLE.zoneHours.path, { projectId: demo, zoneId: 'Z-none', fromMs: 0, toMs: HOUR });
      expect(missing.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    } finally {
      await server.close();
    }
  });
});
