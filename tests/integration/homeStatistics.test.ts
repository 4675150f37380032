import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEVICES, HOME, type DeviceKey, type HomeStatistics } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

/**
 * home/statistics against the real server, MQTT broker and database (docs/api.md "Project home"): machines
 * put into a state by their own MQTT messages (a lift → working, an over-moment → alarm, plain readings →
 * idle, a driving truck → working, never seen → offline), attendance by the demo project's gates and by
 * the bridge project's beacons (it has no gate). The simulator is off: nothing else reports.
 */
const demo = DEMO_PROJECT.projectId;
const bridgeProject = OTHER_PROJECT.projectId;

describe('home statistics (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let demoDevice: MqttClient;
  let bridgeDevice: MqttClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    const [k1, k2] = await Promise.all([admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo }), admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: bridgeProject })]);
    demoDevice = await connectDevice(server.mqttPort!, k1.body.data!);
    bridgeDevice = await connectDevice(server.mqttPort!, k2.body.data!);
  });

  afterAll(async () => {
    await demoDevice?.endAsync();
    await bridgeDevice?.endAsync();
    await server?.close();
  });

  const stats = async (c: ApiClient, projectId: string, atMs?: number) => {
    const r = await c.post<HomeStatistics>(HOME.statistics.path, atMs === undefined ? { projectId } : { projectId, atMs });
    expect(r.body.success).toBe(true);
    return r.body.data!;
  };
  const crane = (sn: string, ts: number, loadT: number, momentPct: number) =>
    bridgeDevice.publishAsync(`zhgd/${bridgeProject}/towerCrane/${sn}/telemetry`, JSON.stringify({ ts, radiusM: 20, rotationDeg: 10, heightM: 30, momentPct, loadT, tiltDeg: 0.05, windSpeedMps: 2 }), { qos: 1 });

  it('counts the bridge cranes by state: a lift makes one working, an over-moment another alarm, the unseen offline', async () => {
    const before = await stats(bridge, bridgeProject);
    expect(before.machinery!.lifting).toEqual({ total: 5, working: 0, idle: 0, offline: 5, alarm: 0 });
    expect(before.machinery!.vehicles.total).toBe(0);
    const t0 = Date.now() - 20_000;
    // TC-B1: hook empty, a lift, hook empty again → a work record that ended just now
    for (const [dt, load, moment] of [[0, 0, 0], [2_000, 2, 40], [4_000, 3.5, 70], [6_000, 0, 0], [8_000, 0, 0]] as const) await crane('TC-B1', t0 + dt, load, moment);
    // TC-B2: over its moment limit (alarm at 100 %)
    await crane('TC-B2', t0, 0.5, 104);
    await crane('TC-B2', t0 + 2_000, 0.5, 105);
    const after = await eventually(async () => {
      const s = await stats(bridge, bridgeProject);
      const l = s.machinery!.lifting;
      return l.working === 1 && l.alarm === 1 ? s : false;
    }, 10_000, 'one crane working and one in alarm');
    expect(after.machinery).toEqual({ lifting: { total: 5, working: 1, idle: 0, offline: 3, alarm: 1 }, vehicles: { total: 0, working: 0, idle: 0, offline: 0, alarm: 0 }, workingNow: 1 });
    // a past instant: device states are not kept, so no machinery (the panel says "live only")
    expect((await stats(bridge, bridgeProject, Date.now() - 3_600_000)).machinery).toBeNull();
  });

  it('counts a driving truck as working, a standing one as idle, and the others offline', async () => {
    const before = (await stats(admin, demo)).machinery!.vehicles;
    expect(before.working).toBe(0);
    let ts = Date.now() - 30_000;
    let x = 300;
    const fix = (sn: string, chainageM: number) => demoDevice.publishAsync(`zhgd/${demo}/vehicle/${sn}/telemetry`, JSON.stringify({ ts, tunnelId: 'LK', chainageM, battery: 88 }), { qos: 1 });
    for (let i = 0; i < 12; i++) {
      ts += 1_000;
      x += 6 / 3.6;
      await fix('VH-LK-E-2', Math.round(x * 100) / 100);
      await fix('VH-LK-E-1', 120);
    }
    const after = await eventually(async () => {
      const v = (await stats(admin, demo)).machinery!.vehicles;
      return v.working === 1 && v.idle === 1 ? v : false;
    }, 10_000, 'one truck working, one standing');
    expect(after).toEqual({ total: before.total, working: 1, idle: 1, offline: before.total - 2, alarm: 0 });
  });

  it('counts attendance by the gates where the project has them: registered people passing in, once each', async () => {
    const before = await stats(admin, demo);
    expect(before.attendance.source).toBe('gates');
    expect(before.attendance.registered).toBeGreaterThan(0);
    expect(before.attendance.companies).toBeGreaterThan(0);
    const gate = (msg: Record<string, unknown>) => demoDevice.publishAsync(`zhgd/${demo}/gate/GATE-SITE/telemetry`, JSON.stringify(msg), { qos: 1 });
    const now = Date.now();
    await gate({ ts: now - 60_000, personId: 'P-BC0010', direction: 'in' });
    await gate({ ts: now - 50_000, personId: 'P-BC0010', direction: 'out' });
    await gate({ ts: now - 40_000, personId: 'P-BC0010', direction: 'in' });
    await gate({ ts: now - 30_000, personId: 'P-BC0011', direction: 'out' });
    await gate({ ts: now - 20_000, personId: 'NOBODY-1', direction: 'in' });
    const after = await eventually(async () => {
      const s = await stats(admin, demo);
      return s.attendance.today! > before.attendance.today! ? s : false;
    }, 5_000, 'the pass counted');
    // P-BC0010 once; an out-pass and an unknown face are no attendance
    await new Promise((r) => setTimeout(r, 300));
    expect((await stats(admin, demo)).attendance.today).toBe(before.attendance.today! + 1);
    expect(after.attendance.source).toBe('gates');
  });

  it('counts attendance by the beacons seen today where the project has no gate', async () => {
    for (const sn of ['BR-BC-1', 'BR-BC-2']) {
      const r = await admin.post(ADMIN.deviceAdd.path, { projectId: bridgeProject, device: { sn, kind: 'beacon', name: sn, station: 'deck', reportPeriodS: 5 } });
      expect(r.body.success).toBe(true);
    }
    const before = await stats(bridge, bridgeProject);
    expect(before.attendance).toMatchObject({ source: 'beacons', today: 0 });
    await bridgeDevice.publishAsync(`zhgd/${bridgeProject}/beacon/BR-BC-1/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'DECK', chainageM: 10, battery: 80, sos: false }), { qos: 1 });
    const after = await eventually(async () => {
      const s = await stats(bridge, bridgeProject);
      return s.attendance.today === 1 ? s : false;
    }, 10_000, 'one beacon seen today');
    expect(after.attendance.source).toBe('beacons');
    // a past instant: a tag's last report is kept as of now only
    expect((await stats(bridge, bridgeProject, Date.now() - 3_600_000)).attendance.today).toBeNull();
  });

  it('refuses a project the caller is not a member of and a malformed body, changing nothing', async () => {
    expect((await bridge.post(HOME.statistics.path, { projectId: demo })).body.success).toBe(false);
    const bad = await admin.post(HOME.statistics.path, { projectId: demo, atMs: 'yesterday' });
    expect(bad.body.errorCode).toBe('VALIDATION');
  });
});
