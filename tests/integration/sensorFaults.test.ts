import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, OPERATIONS, type AlarmPage, type IngestStats } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const MIN = 60_000;

/** Sensor faults through real MQTT (docs/domain.md "Sensor faults"): an out-of-range streak and a device clock off. */
describe('sensor faults against the real server', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    const key = await server.db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', demo).executeTakeFirstOrThrow();
    device = await connectDevice(server.mqttPort!, { username: key.mqtt_username, password: key.mqtt_password });
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  const publish = (sn: string, readings: Record<string, number>, ts = Date.now()) =>
    device.publishAsync(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts, readings }), { qos: 1 });
  async function faults(sn: string, metric: string) {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, kind: 'fault', deviceSn: sn, page: 1, pageSize: 50 });
    expect(r.body.success).toBe(true);
    return r.body.data!.list.filter((a) => a.metric === metric);
  }
  async function schemaRejections(): Promise<number> {
    const r = await admin.post<IngestStats>(OPERATIONS.ingestStats.path, {});
    return r.body.data!.rejected.schema ?? 0;
  }

  it('raises a sensor fault after 3 readings out of the physical range in a row, still refused and counted; a valid reading clears it', async () => {
    const sn = 'GAS-LK-E-F';
    const before = await schemaRejections();
    await publish(sn, { CO: 20_000 }); // CO range is 0…10 000 ppm
    await publish(sn, { CO: 20_000 });
    await eventually(async () => (await schemaRejections()) === before + 2, 5_000, 'two rejections');
    expect(await faults(sn, 'outOfRange')).toEqual([]);

    await publish(sn, { CO: 20_000 });
    const [fault] = await eventually(async () => {
      const list = await faults(sn, 'outOfRange');
      return list.length > 0 && list;
    }, 5_000, 'out-of-range fault');
    expect(fault).toMatchObject({ kind: 'fault', level: 'warning', state: 'active', value: 3, threshold: 3 });
    expect(await schemaRejections()).toBe(before + 3);
    expect(server.live.deviceState(demo).get(sn)?.latest?.CO).not.toBe(20_000); // nothing of it was stored

    await publish(sn, { CO: 2, O2: 20.9 });
    await eventually(async () => (await faults(sn, 'outOfRange'))[0]?.state === 'cleared', 5_000, 'fault cleared');
  });

  it('raises "clock off" for 3 timestamps in a row 12 min ahead, judges them at the receive time, and clears when the clock is right', async () => {
    const sn = 'GAS-RK-E-F';
    const sentAt = Date.now();
    await publish(sn, { CO: 2.5, O2: 20.9 }, sentAt + 12 * MIN);
    await publish(sn, { CO: 2.5, O2: 20.9 }, sentAt + 12 * MIN + 10_000);
    await eventually(() => server.live.deviceState(demo).get(sn)?.latest?.CO === 2.5, 5_000, 'two readings');
    expect(await faults(sn, 'clockSkew')).toEqual([]);
    await publish(sn, { CO: 2.5, O2: 20.9 }, sentAt + 12 * MIN + 20_000);
    const [fault] = await eventually(async () => {
      const list = await faults(sn, 'clockSkew');
      return list.length > 0 && list;
    }, 5_000, 'clock fault');
    expect(fault).toMatchObject({ kind: 'fault', level: 'warning', state: 'active', unit: 'min', threshold: 5 });
    expect(fault.value!).toBeGreaterThan(11.5);
    expect(fault.value!).toBeLessThan(12.5);

    // the rules ran on the server's receive time, not 12 min in the future
    const lastSeenMs = server.live.deviceState(demo).get(sn)?.lastSeenMs;
    expect(lastSeenMs).toBeGreaterThanOrEqual(sentAt);
    expect(lastSeenMs).toBeLessThan(sentAt + MIN);
    expect(fault.raisedAtMs).toBeLessThan(sentAt + MIN);

    await publish(sn, { CO: 2.5, O2: 20.9 });
    await eventually(async () => (await faults(sn, 'clockSkew'))[0]?.state === 'cleared', 5_000, 'clock fault cleared');
  });
});
