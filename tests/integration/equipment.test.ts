import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDayStart, DEVICES, isEquipmentKind, EQUIPMENT, FLEET, type DeviceKey, type EquipmentArchive, type EquipmentAttendance, type EquipmentDrivers, type EquipmentFleet, type WorkRecordPage } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { BRIDGE_DEVICES, DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const bridgeProject = OTHER_PROJECT.projectId;
const DAY_MS = 86_400_000;

describe('equipment records against the real server (docs/api.md "Equipment")', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: bridgeProject });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  });
  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  it("lists a device's drivers with their certificates and who was on duty at an instant", async () => {
    // Yesterday 10:00 Beijing time: the early shift (07:00–15:00) of the seeded rota.
    const atMs = beijingDayStart(Date.now()) - DAY_MS + 10 * 3_600_000;
    const r = await bridge.post<EquipmentDrivers>(EQUIPMENT.drivers.path, { projectId: bridgeProject, sn: 'BGE-01', atMs });
    expect(r.body.success).toBe(true);
    const drivers = r.body.data!.drivers;
    expect(drivers).toHaveLength(2);
    expect(drivers[0]).toMatchObject({ driverId: 'BGE-01-D1', onDuty: true });
    expect(drivers[0].clockInMs).toBeLessThanOrEqual(atMs);
    expect(drivers[1]).toMatchObject({ driverId: 'BGE-01-D2', onDuty: false, clockInMs: null });
    for (const d of drivers) {
      expect(d.certificateNo).toMatch(/^T\d+$/);
      expect(d.certificateExpiryMs).toBeGreaterThan(atMs);
    }
  });

  it("gives the drivers' shifts over a range with hours per driver, and refuses a bad range", async () => {
    const toMs = Date.now();
    const fromMs = toMs - 7 * DAY_MS;
    const r = await bridge.post<EquipmentAttendance>(EQUIPMENT.attendance.path, { projectId: bridgeProject, sn: 'GC-B1', fromMs, toMs });
    const a = r.body.data!;
    // Two shifts a day for seven days, give or take the shifts cut by the range's ends.
    expect(a.entries.length).toBeGreaterThanOrEqual(12);
    expect(a.entries.length).toBeLessThanOrEqual(16);
    for (const e of a.entries) {
      expect(e.clockInMs).toBeLessThan(toMs);
      expect(e.clockOutMs === null || e.clockOutMs > fromMs).toBe(true);
      expect(e.hours).toBeGreaterThan(0);
      expect(e.hours).toBeLessThanOrEqual(9);
    }
    expect(a.totals.map((t) => t.driverId).sort()).toEqual(['GC-B1-D1', 'GC-B1-D2']);
    const backwards = await bridge.post(EQUIPMENT.attendance.path, { projectId: bridgeProject, sn: 'GC-B1', fromMs: toMs, toMs: fromMs });
    expect(backwards.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const tooLong = await bridge.post(EQUIPMENT.attendance.path, { projectId: bridgeProject, sn: 'GC-B1', fromMs: toMs - 100 * DAY_MS, toMs });
    expect(tooLong.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it("gives a device's archive", async () => {
    const r = await bridge.post<EquipmentArchive>(EQUIPMENT.archive.path, { projectId: bridgeProject, sn: 'YC-B1' });
    const a = r.body.data!.archive!;
    expect(a).toMatchObject({ maker: 'Sany', model: 'SCC2600A', ratedLoadT: 260 });
    expect(a.installedAtMs!).toBeLessThan(a.lastInspectionMs!);
    expect(a.nextInspectionMs!).toBeGreaterThan(a.lastInspectionMs!);
    expect(a.documents.length).toBeGreaterThan(0);
  });

  it('answers members only, and only for devices of the project', async () => {
    const other = await bridge.post(EQUIPMENT.drivers.path, { projectId: DEMO_PROJECT.projectId, sn: 'EL-01' });
    expect(other.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    const fleet = await bridge.post(EQUIPMENT.fleet.path, { projectId: DEMO_PROJECT.projectId });
    expect(fleet.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    const notHere = await bridge.post(EQUIPMENT.archive.path, { projectId: bridgeProject, sn: 'EL-01' });
    expect(notHere.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    const badSn = await bridge.post(EQUIPMENT.archive.path, { projectId: bridgeProject, sn: '../etc' });
    expect(badSn.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it("counts a lift published over MQTT in the fleet summary's utilisation and exports it", async () => {
    const before = await bridge.post<EquipmentFleet>(EQUIPMENT.fleet.path, { projectId: bridgeProject });
    expect(before.body.data!.entries.map((e) => e.sn).sort()).toEqual(BRIDGE_DEVICES.filter((d) => isEquipmentKind(d.kind)).map((d) => d.sn).sort());
    // A lift of 12–14 t that started 10 min ago (or at the day's start, if later) and is stamped to end
    // 15 s from now: the alarm of its middle reading is raised now (server time), inside the lift as the
    // device's clock dates it. Ten minutes keep utilisation (busy / time since the day's start, to 0.01 %)
    // above zero at any hour of the day.
    const now = Date.now();
    const start = Math.max(now - 600_000, beijingDayStart(now) + 1);
    const end = now + 15_000;
    // A gust over the 13.8 m/s stop limit in the middle of it: one alarm raised during the lift.
    const readings: Array<[number, number, number]> = [
      [start - 2_000, 0, 3],
      [start, 12, 3],
      [now, 14, 14.5],
      [end, 0, 3],
    ];
    for (const [ts, loadT, windSpeedMps] of readings) {
      const msg = { ts, loadT, loadPct: (loadT / 80) * 100, hookHeightM: 8, trolleyPosM: 12, travelPosM: 40, windSpeedMps, railClamp: false };
      await device.publishAsync(`zhgd/${bridgeProject}/gantryCrane/GC-B1/telemetry`, JSON.stringify(msg), { qos: 1 });
    }
    const summary = await eventually(async () => {
      const r = await bridge.post<EquipmentFleet>(EQUIPMENT.fleet.path, { projectId: bridgeProject });
      const gc = r.body.data!.entries.find((e) => e.sn === 'GC-B1')!;
      return gc.lifts > 0 && r.body.data!;
    }, 5_000, 'the lift in the fleet summary');
    const gc = summary.entries.find((e) => e.sn === 'GC-B1')!;
    expect(gc.lifts).toBe(1);
    expect(gc.utilisationPct).toBeGreaterThan(0);
    expect(summary.entries.find((e) => e.sn === 'YC-B1')!).toMatchObject({ lifts: 0, utilisationPct: 0 });
    const records = await bridge.post<WorkRecordPage>(FLEET.workRecordList.path, { projectId: bridgeProject, sn: 'GC-B1' });
    expect(records.body.data!.list[0]).toMatchObject({ peakLoadT: 14, alarms: 1 });

    const csv = await fetch(server.url + EQUIPMENT.workRecordExport.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bridge.cookie! },
      body: JSON.stringify({ projectId: bridgeProject, sn: 'GC-B1', format: 'csv' }),
    });
    expect(csv.headers.get('content-disposition')).toMatch(/work-records-GC-B1-\d+\.csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Peak load (t)');
    expect(lines[0]).toContain('Alarms during the lift');
    expect(lines[1]).toContain(',14,');
    expect(lines[1].endsWith(',1')).toBe(true);
    const xlsx = await fetch(server.url + EQUIPMENT.workRecordExport.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bridge.cookie! },
      body: JSON.stringify({ projectId: bridgeProject, sn: 'GC-B1', format: 'xlsx' }),
    });
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe('PK');
  });
});
