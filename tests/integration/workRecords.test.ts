import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, FLEET, type DeviceKey, type WorkRecordPage } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const T0 = Date.now() - 60_000;

describe('work records against the real server', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  });
  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  it('turns a lift published over MQTT into one work record with its peaks', async () => {
    // Hook empty, a 3-reading lift peaking at 3.5 t / 70 %, hook empty again.
    const readings: Array<[number, number, number]> = [
      [0, 0, 0],
      [2_000, 2.0, 40],
      [4_000, 3.5, 70],
      [6_000, 2.5, 50],
      [8_000, 0, 0],
      [10_000, 0, 0],
    ];
    for (const [dt, loadT, momentPct] of readings) {
      const msg = { ts: T0 + dt, radiusM: 20, rotationDeg: 10, heightM: 30, momentPct, loadT, tiltDeg: 0.05, windSpeedMps: 2 };
      await device.publishAsync(`zhgd/${demo}/towerCrane/TC-02/telemetry`, JSON.stringify(msg), { qos: 1 });
    }
    const page = await eventually(async () => {
      const r = await admin.post<WorkRecordPage>(FLEET.workRecordList.path, { projectId: demo, sn: 'TC-02' });
      return r.body.data!.total > 0 && r.body.data!;
    }, 5_000, 'a work record');
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      sn: 'TC-02',
      kind: 'towerCrane',
      startedAtMs: T0 + 2_000,
      endedAtMs: T0 + 8_000,
      durationS: 6,
      peakLoadT: 3.5,
      peakMomentPct: 70,
    });
    const other = await admin.post<WorkRecordPage>(FLEET.workRecordList.path, { projectId: demo, sn: 'TC-01' });
    expect(other.body.data!.total).toBe(0);
  });
});
