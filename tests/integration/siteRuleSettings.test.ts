import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, PEOPLE, type AlarmPage, type AlarmRecord, type DeviceKey, type Zone } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const MIN = 60_000;

/**
 * A site's own rule limits from the server's environment (docs/configuration.md) reach the live rules through
 * real MQTT: a CO reading stuck for 3 s (SENSOR_STUCK_MIN, default 30 min), a device clock 2 min ahead
 * (CLOCK_SKEW_MIN 1, default 5), a zone edge crossed with no margin and no dwell (ZONE_EDGE_MARGIN_M 0,
 * ZONE_EDGE_DWELL_S 0; defaults 0.5 m and 2 s). None of them would alarm on the defaults.
 */
describe('site rule settings against the real server', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers({ SENSOR_STUCK_MIN: 'CO=0.05', CLOCK_SKEW_MIN: '1', ZONE_EDGE_MARGIN_M: '0', ZONE_EDGE_DWELL_S: '0' }));
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  const gas = (sn: string, readings: Record<string, number>, ts = Date.now()) =>
    device.publishAsync(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts, readings }), { qos: 1 });
  async function alarmsOf(deviceSn: string, metric: string): Promise<AlarmRecord[]> {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn, metric, pageSize: 50 });
    expect(r.body.success).toBe(true);
    return r.body.data!.list as AlarmRecord[];
  }
  const first = (deviceSn: string, metric: string, what: string) =>
    eventually(async () => (await alarmsOf(deviceSn, metric))[0] ?? false, 5_000, what);

  it('judges CO stuck after the configured window', async () => {
    await gas('GAS-LK-E-F', { CO: 3.3 });
    await new Promise((r) => setTimeout(r, 3_500));
    await gas('GAS-LK-E-F', { CO: 3.3 });
    expect(await first('GAS-LK-E-F', 'CO', 'stuck CO fault')).toMatchObject({ kind: 'fault', level: 'warning', state: 'active', value: 3.3, unit: 'ppm' });
  });

  it('raises a clock fault beyond the configured skew', async () => {
    const at = Date.now() + 2 * MIN;
    for (let i = 0; i < 3; i++) await gas('GAS-RK-E-F', { CO: 1 + i, O2: 20.9 }, at + i * 10_000);
    expect(await first('GAS-RK-E-F', 'clockSkew', 'clock fault at 2 min ahead')).toMatchObject({ kind: 'fault', state: 'active', unit: 'min', threshold: 1 });
  });

  it('counts a zone entry at the first fix past the edge with no margin and no dwell', async () => {
    const zone = await admin.post<Zone>(PEOPLE.zoneAdd.path, {
      projectId: demo,
      zone: { name: 'Edge zone', kind: 'danger', tunnelId: 'RK', fromM: 100, toM: 150, entryAlarm: true, authorizedTeams: ['Drilling team'], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null },
    });
    expect(zone.body.errorMessage).toBeUndefined();
    // BC0005 is in the blasting team (server/seed/demoPeople.ts): not authorised here
    const fix = (chainageM: number) =>
      device.publishAsync(`zhgd/${demo}/beacon/BC0005/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM, battery: 80, sos: false }), { qos: 1 });
    await fix(90);
    await fix(100.3); // 0.3 m inside, once: on the defaults neither far enough nor long enough
    expect(await first('BC0005', 'zoneEntry', 'entry at the first fix')).toMatchObject({ kind: 'zone', level: 'alarm', state: 'active', value: 100.3 });
  });
});
