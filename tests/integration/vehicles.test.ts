import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ALARMS, DEVICES, FLEET, VEHICLES, type AlarmPage, type AlarmRecord, type DeviceKey, type VehicleState } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

/**
 * Construction vehicles against the real server, MQTT broker and database (docs/domain.md "Vehicles in the
 * tunnel"): a seeded dump truck's tag publishes fixes over MQTT; the server fits its speed and the nearest
 * person, and raises and clears the over-speed and proximity alarms; the project's own limit applies once
 * set; the registry refuses a vehicle without its fields. Fixes are stamped one second apart (the speed
 * is fitted on the devices' timestamps) and published without waiting.
 */
const demo = DEMO_PROJECT.projectId;
const TRUCK = 'VH-LK-E-2';
const PERSON = 'BC0001';
const topic = (kind: string, sn: string) => `zhgd/${demo}/${kind}/${sn}/telemetry`;

describe('vehicles: over-speed and proximity alarms from real MQTT fixes', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;
  /** Timestamp of the truck's next fix and where it is (m from the left bore's entry portal). */
  let ts = 0;
  let x = 300;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    ts = Date.now();
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  /** Drives the truck `seconds` fixes at `kmh` (one fix per second of its clock). */
  async function drive(kmh: number, seconds: number): Promise<void> {
    for (let i = 0; i < seconds; i++) {
      ts += 1_000;
      x += kmh / 3.6;
      await device.publishAsync(topic('vehicle', TRUCK), JSON.stringify({ ts, tunnelId: 'LK', chainageM: Math.round(x * 100) / 100, battery: 88 }), { qos: 1 });
    }
  }

  async function alarmsOf(metric: string): Promise<AlarmRecord[]> {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: TRUCK, metric, pageSize: 100 });
    expect(r.body.success).toBe(true);
    return r.body.data!.list as AlarmRecord[];
  }

  async function truck() {
    const r = await admin.post<VehicleState>(VEHICLES.state.path, { projectId: demo });
    expect(r.body.success).toBe(true);
    return r.body.data!.vehicles.find((v) => v.sn === TRUCK)!;
  }

  it('lists the seeded vehicles with their registry fields, and the truck with its fitted speed once it drives', async () => {
    const before = await truck();
    expect(before).toMatchObject({ plate: expect.stringMatching(/^SD-/), type: 'dumpTruck', source: 'leased', present: false, chainageM: null });
    await drive(8, 12);
    const moving = await eventually(async () => {
      const v = await truck();
      return v.present && v.speedKmh !== null && v.speedKmh > 7 ? v : false;
    }, 10_000, 'the truck at about 8 km/h');
    expect(moving).toMatchObject({ tunnelId: 'LK', moving: true });
    expect(moving.speedKmh).toBeCloseTo(8, 0);
    expect(await alarmsOf('speedKmh')).toEqual([]);
  });

  it('raises one over-speed alarm over 10 km/h, holds it at 9, clears it under 8', async () => {
    await drive(13, 15);
    const raised = await eventually(async () => (await alarmsOf('speedKmh')).find((a) => a.state === 'active'), 10_000, 'over-speed alarm');
    expect(raised).toMatchObject({ kind: 'threshold', level: 'alarm', deviceKind: 'vehicle', threshold: 10, unit: 'km/h' });
    expect(raised.value).toBeGreaterThanOrEqual(10);
    await drive(9, 12);
    await new Promise((r) => setTimeout(r, 500));
    expect((await alarmsOf('speedKmh')).map((a) => a.state)).toEqual(['active']);
    await drive(5, 15);
    const cleared = await eventually(async () => (await alarmsOf('speedKmh')).find((a) => a.state === 'cleared'), 10_000, 'over-speed cleared');
    expect(cleared.alarmId).toBe(raised.alarmId);
    expect(cleared.peakValue).toBeGreaterThanOrEqual(12);
  });

  it('raises the proximity alarm when a person in the same bore is within 5 m of the moving truck, and clears it', async () => {
    const ahead = x + 12;
    await device.publishAsync(topic('beacon', PERSON), JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: ahead, battery: 80, sos: false }), { qos: 1 });
    // the same chainage in the other bore is no one near it
    await device.publishAsync(topic('beacon', 'BC0002'), JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM: x + 2, battery: 80, sos: false }), { qos: 1 });
    await drive(6, 4);
    await new Promise((r) => setTimeout(r, 500));
    expect(await alarmsOf('personGapM')).toEqual([]);
    await drive(6, 5); // now within 5 m of the person
    const raised = await eventually(async () => (await alarmsOf('personGapM')).find((a) => a.state === 'active'), 10_000, 'proximity alarm');
    expect(raised).toMatchObject({ kind: 'threshold', level: 'alarm', deviceKind: 'vehicle', threshold: 5, unit: 'm' });
    expect(raised.value).toBeLessThanOrEqual(5);
    // the person steps 40 m on
    await device.publishAsync(topic('beacon', PERSON), JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: x + 40, battery: 80, sos: false }), { qos: 1 });
    await drive(6, 3);
    const cleared = await eventually(async () => (await alarmsOf('personGapM')).find((a) => a.state === 'cleared'), 10_000, 'proximity cleared');
    expect(cleared.alarmId).toBe(raised.alarmId);
  });

  it("judges the project's own speed limit once an administrator sets it", async () => {
    const set = await admin.post(FLEET.thresholdSet.path, {
      projectId: demo,
      target: { kind: 'vehicle' },
      thresholds: [{ metric: 'speedKmh', unit: 'km/h', warnHigh: null, alarmHigh: 15, warnLow: null, alarmLow: null, clearRatio: 0.8, clearLow: null }],
    });
    expect(set.body.success).toBe(true);
    await drive(13, 15);
    await new Promise((r) => setTimeout(r, 500));
    expect((await alarmsOf('speedKmh')).filter((a) => a.state === 'active')).toEqual([]);
    await drive(17, 15);
    const raised = await eventually(async () => (await alarmsOf('speedKmh')).find((a) => a.state === 'active'), 10_000, 'over-speed at the project limit');
    expect(raised.threshold).toBe(15);
  });

  it('refuses a vehicle without its plate, type and source, and other kinds with them', async () => {
    const base = { sn: 'VH-NEW-1', kind: 'vehicle', name: 'New loader', reportPeriodS: 1 };
    const bare = await admin.post(ADMIN.deviceAdd.path, { projectId: demo, device: base });
    expect(bare.body.success).toBe(false);
    expect(bare.body.errorMessage).toContain('plate');
    const gas = await admin.post(ADMIN.deviceAdd.path, { projectId: demo, device: { sn: 'GAS-NEW-1', kind: 'gas', name: 'Gas', reportPeriodS: 10, vehicle: { plate: 'X', type: 'loader', source: 'own' } } });
    expect(gas.body.success).toBe(false);
    const ok = await admin.post(ADMIN.deviceAdd.path, { projectId: demo, device: { ...base, vehicle: { plate: 'SD-900', type: 'excavator', driver: 'Li Wei', source: 'subcontractor' } } });
    expect(ok.body.success).toBe(true);
    const listed = (await admin.post<VehicleState>(VEHICLES.state.path, { projectId: demo })).body.data!.vehicles.find((v) => v.sn === 'VH-NEW-1');
    expect(listed).toMatchObject({ plate: 'SD-900', type: 'excavator', driver: 'Li Wei', source: 'subcontractor', present: false });

    // editing keeps the same rule: a vehicle's fields change, a gas station cannot take them, a vehicle cannot drop them
    const edited = await admin.post(ADMIN.deviceEdit.path, { projectId: demo, sn: 'VH-NEW-1', device: { vehicle: { plate: 'SD-901', type: 'excavator', driver: 'Wang Hai', source: 'leased' } } });
    expect(edited.body.success).toBe(true);
    const relisted = (await admin.post<VehicleState>(VEHICLES.state.path, { projectId: demo })).body.data!.vehicles.find((v) => v.sn === 'VH-NEW-1');
    expect(relisted).toMatchObject({ plate: 'SD-901', driver: 'Wang Hai', source: 'leased' });
    const stripped = await admin.post(ADMIN.deviceEdit.path, { projectId: demo, sn: 'VH-NEW-1', device: { vehicle: null } });
    expect(stripped.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const gasEdit = await admin.post(ADMIN.deviceEdit.path, { projectId: demo, sn: 'GAS-LK-X-F', device: { vehicle: { plate: 'X', type: 'loader', driver: '', source: 'own' } } });
    expect(gasEdit.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });
});
