import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, type Alarm, type AlarmPage, type AlarmRecord, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/**
 * Alarm lifecycle against the real server, MQTT broker and database (docs/api.md "Alarm lifecycle").
 * Every message is published with QoS 1: the broker acknowledges it only once the alarm changes it caused
 * are stored, so the alarm list read right after reflects it (no timing).
 */
const demo = DEMO_PROJECT.projectId;
const gasTopic = (sn: string) => `zhgd/${demo}/gas/${sn}/telemetry`;
const beaconTopic = (sn: string) => `zhgd/${demo}/beacon/${sn}/telemetry`;
const cameraTopic = (sn: string) => `zhgd/${demo}/camera/${sn}/alarm`;

describe('alarm lifecycle (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  const gas = (sn: string, readings: Record<string, number>) => device.publishAsync(gasTopic(sn), JSON.stringify({ ts: Date.now(), readings }), { qos: 1 });
  const beacon = (sn: string, extra: Record<string, unknown>) =>
    device.publishAsync(beaconTopic(sn), JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: 420, battery: 80, sos: false, ...extra }), { qos: 1 });
  const camera = (sn: string, algType: string, picUrl: string) => device.publishAsync(cameraTopic(sn), JSON.stringify({ ts: Date.now(), algType, picUrl }), { qos: 1 });

  async function alarmsOf(deviceSn: string, metric: string): Promise<AlarmRecord[]> {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn, metric, pageSize: 100 });
    expect(r.body.success).toBe(true);
    return r.body.data!.list as AlarmRecord[];
  }
  async function deal(alarmId: number, remark = 'checked on site') {
    return admin.post<Alarm>(ALARMS.alarmDeal.path, { alarmId, dealStatus: 1, dealRemark: remark });
  }

  it('makes one alarm with a repeat count of crossings while it is unhandled, and a new one after handling', async () => {
    const sn = 'GAS-LK-X-F';
    await gas(sn, { CO: 20 }); // warning (17 ppm)
    await gas(sn, { CO: 3 }); // cleared (under 8.5 = 17 × 0.5)
    await gas(sn, { CO: 21 });
    await gas(sn, { CO: 2 });
    await gas(sn, { CO: 19 });
    let list = await alarmsOf(sn, 'CO');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'threshold', side: 'over', state: 'active', repeatCount: 3, value: 19, peakValue: 21, level: 'warning' });
    expect(list[0].lastSeenMs).toBeGreaterThan(list[0].firstSeenMs);
    expect(list[0].firstSeenMs).toBe(list[0].raisedAtMs);

    await gas(sn, { CO: 1 });
    const handled = await deal(list[0].alarmId);
    expect(handled.body.data).toMatchObject({ dealStatus: 1, dealtBy: 'admin', state: 'cleared' });
    await gas(sn, { CO: 22 });
    list = await alarmsOf(sn, 'CO');
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ state: 'active', repeatCount: 1, dealStatus: 0 });
    expect(list[1]).toMatchObject({ state: 'cleared', repeatCount: 3, dealStatus: 1 });
  });

  it('escalates one alarm and keeps its peak level and value when the reading eases', async () => {
    const sn = 'GAS-LK-X-L';
    await gas(sn, { CO: 18 });
    await gas(sn, { CO: 30 }); // alarm (24 ppm)
    await gas(sn, { CO: 13 }); // held at alarm: 13 ≥ 24 × 0.5
    let [a] = await alarmsOf(sn, 'CO');
    expect(a).toMatchObject({ level: 'alarm', peakLevel: 'alarm', peakValue: 30, threshold: 24, repeatCount: 1 });
    await gas(sn, { CO: 10 }); // under 12: back to warning (10 ≥ 8.5)
    const list = await alarmsOf(sn, 'CO');
    expect(list).toHaveLength(1);
    [a] = list;
    expect(a).toMatchObject({ level: 'warning', peakLevel: 'alarm', peakValue: 30, threshold: 17, state: 'active', repeatCount: 1 });
  });

  it('clears only past the hysteresis', async () => {
    const sn = 'GAS-LK-X-P';
    await gas(sn, { CO: 20 });
    await gas(sn, { CO: 12 }); // under the limit, above 8.5: still active
    expect((await alarmsOf(sn, 'CO'))[0]).toMatchObject({ state: 'active', clearedAtMs: null });
    await gas(sn, { CO: 8 });
    const [a] = await alarmsOf(sn, 'CO');
    expect(a.state).toBe('cleared');
    expect(a.clearedAtMs).toBeGreaterThanOrEqual(a.raisedAtMs);
  });

  it('names the side: O2 19.2 %vol and a heart rate of 55 bpm are below their limits, O2 24 %vol over', async () => {
    const sn = 'GAS-RK-X-F';
    await gas(sn, { O2: 19.2 });
    let list = await alarmsOf(sn, 'O2');
    expect(list).toEqual([expect.objectContaining({ side: 'below', level: 'alarm', threshold: 19.5, value: 19.2 })]);
    await gas(sn, { O2: 24 }); // straight to hyperoxia: the below alarm clears, an over alarm opens
    list = await alarmsOf(sn, 'O2');
    expect(list).toHaveLength(2);
    expect(list.find((a) => a.side === 'over')).toMatchObject({ state: 'active', level: 'alarm', threshold: 23.5 });
    expect(list.find((a) => a.side === 'below')).toMatchObject({ state: 'cleared' });

    await beacon('BC0003', { heartRate: 55 });
    const [hr] = await alarmsOf('BC0003', 'heartRate');
    expect(hr).toMatchObject({ side: 'below', level: 'warning', threshold: 55, value: 55 });
  });

  it('never clears an SOS by itself; acknowledging is once, handling clears it', async () => {
    const sn = 'BC0004';
    await beacon(sn, { sos: true });
    await beacon(sn, { sos: false });
    await beacon(sn, { sos: false });
    let [sos] = await alarmsOf(sn, 'sos');
    expect(sos).toMatchObject({ kind: 'sos', state: 'active', repeatCount: 1, ackedBy: null });
    await beacon(sn, { sos: true });
    const list = await alarmsOf(sn, 'sos');
    expect(list).toHaveLength(1);
    expect(list[0].repeatCount).toBe(2);

    const acked = await admin.post<Alarm>(ALARMS.alarmAck.path, { alarmId: sos.alarmId });
    expect(acked.body.data).toMatchObject({ ackedBy: 'admin', state: 'active', dealStatus: 0 });
    expect(acked.body.data!.ackedAtMs).toBeGreaterThan(0);
    const again = await admin.post(ALARMS.alarmAck.path, { alarmId: sos.alarmId });
    expect(again.body).toMatchObject({ success: false, errorCode: 'CONFLICT' });
    const bad = await admin.post(ALARMS.alarmAck.path, { alarmId: 'x' });
    expect(bad.body.success).toBe(false);

    await beacon(sn, { sos: false });
    const handled = await deal(sos.alarmId, 'worker found, button pressed by mistake');
    expect(handled.body.data).toMatchObject({ state: 'cleared', dealStatus: 1, ackedBy: 'admin' });
    const twice = await deal(sos.alarmId);
    expect(twice.body).toMatchObject({ success: false, errorCode: 'CONFLICT' });
    [sos] = await alarmsOf(sn, 'sos');
    expect(sos).toMatchObject({ state: 'cleared', dealRemark: 'worker found, button pressed by mistake' });
    await beacon(sn, { sos: true });
    expect(await alarmsOf(sn, 'sos')).toHaveLength(2);
  });

  it('never clears an AI alarm by itself: repeated events count on one alarm until it is handled', async () => {
    const sn = 'CAM-02';
    await camera(sn, 'noVest', '/captures/a.jpg');
    await camera(sn, 'noVest', '/captures/b.jpg');
    await camera(sn, 'smoking', '/captures/c.jpg');
    const [ai] = await alarmsOf(sn, 'noVest');
    expect(ai).toMatchObject({ kind: 'ai', state: 'active', repeatCount: 2, picUrl: '/captures/b.jpg', side: null });
    expect(await alarmsOf(sn, 'smoking')).toHaveLength(1);
    const handled = await deal(ai.alarmId);
    expect(handled.body.data).toMatchObject({ state: 'cleared', dealStatus: 1 });
    await camera(sn, 'noVest', '/captures/d.jpg');
    const list = await alarmsOf(sn, 'noVest');
    expect(list.map((a) => [a.state, a.repeatCount, a.dealStatus])).toEqual([
      ['active', 1, 0],
      ['cleared', 2, 1],
    ]);
  });
});
