import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ALARMS, DEVICES, type Alarm, type AlarmPage, type AuditPage, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { hashPassword } from '../../server/http/passwords';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/** Alarm shelving against the real server, MQTT broker, socket and database (docs/api.md "alarm/shelve"). */
const demo = DEMO_PROJECT.projectId;
const HOUR_MS = 3_600_000;

describe('alarm shelving (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let viewer: ApiClient;
  let device: MqttClient;
  let socket: LiveSocket;
  const pushed: Alarm[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    await server.db.insertInto('users').values({ username: 'watcher', display_name: 'Watcher', password_hash: await hashPassword('watcher-pw'), is_admin: false, created_at_ms: Date.now() }).execute();
    await server.db.insertInto('memberships').values({ username: 'watcher', project_id: demo, mid: 'watcher@demo', role: 'viewer' }).execute();
    viewer = await loggedInClient(server.url, 'watcher', 'watcher-pw');
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    socket = await connectLiveSocket(server.url, admin.cookie);
    socket.on('alarm.changed', (a) => pushed.push(a));
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
  });

  afterAll(async () => {
    socket?.close();
    await device?.endAsync();
    await server?.close();
  });

  /** Raises a gas alarm on `sn` (QoS 1: stored once acknowledged) and returns it. */
  async function gasAlarm(sn: string, readings: Record<string, number>): Promise<Alarm> {
    await device.publishAsync(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), readings }), { qos: 1 });
    const page = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: sn, dealStatus: 0 });
    return page.body.data!.list[0];
  }

  async function sosAlarm(sn: string): Promise<Alarm> {
    await device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: 420, battery: 80, sos: true }), { qos: 1 });
    const page = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: sn, kind: 'sos' });
    return page.body.data!.list[0];
  }

  const lastPush = (alarmId: number) => pushed.filter((a) => a.alarmId === alarmId).at(-1);

  it('shelves with who, why and until when, pushes it, lists it under the shelved filter and audits it; unshelving undoes it', async () => {
    const co = await gasAlarm('GAS-LK-E-F', { CO: 30 });
    const before = Date.now();
    const r = await admin.post<Alarm[]>(ALARMS.alarmShelve.path, { alarmIds: [co.alarmId], minutes: 60, reason: 'Sensor being recalibrated' });
    expect(r.body.errorMessage).toBeUndefined();
    const [shelved] = r.body.data!;
    expect(shelved).toMatchObject({ alarmId: co.alarmId, shelvedBy: 'admin', shelveReason: 'Sensor being recalibrated', state: 'active', dealStatus: 0 });
    expect(shelved.shelvedUntilMs).toBeGreaterThanOrEqual(before + HOUR_MS);
    expect(shelved.shelvedUntilMs).toBeLessThanOrEqual(Date.now() + HOUR_MS);
    await eventually(() => lastPush(co.alarmId)?.shelvedBy === 'admin', 5_000, 'the shelving pushed');

    const list = async (shelvedFilter: boolean) =>
      (await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, shelved: shelvedFilter, pageSize: 500 })).body.data!.list.map((a) => a.alarmId);
    expect(await list(true)).toEqual([co.alarmId]);
    expect(await list(false)).not.toContain(co.alarmId);

    const audit = await eventually(
      async () => (await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, limit: 50 })).body.data!.rows.find((row) => row.action === 'alarm.shelve'),
      5_000,
      'the audit entry',
    );
    expect(audit.detail).toContain('Sensor being recalibrated');

    const un = await admin.post<Alarm[]>(ALARMS.alarmUnshelve.path, { alarmIds: [co.alarmId] });
    expect(un.body.data![0]).toMatchObject({ alarmId: co.alarmId, shelvedUntilMs: null, shelvedBy: null, shelveReason: null });
    await eventually(() => lastPush(co.alarmId)?.shelvedUntilMs === null, 5_000, 'the unshelving pushed');
    expect(await list(true)).toEqual([]);
  });

  it('refuses SOS alarms by id and changes nothing of the request; refuses a viewer', async () => {
    const gas = await gasAlarm('GAS-LK-E-L', { CO: 30 });
    const sos = await sosAlarm('BC0007');
    const r = await admin.post(ALARMS.alarmShelve.path, { alarmIds: [gas.alarmId, sos.alarmId], minutes: 15, reason: 'Maintenance' });
    expect(r.body.errorCode).toBe('VALIDATION');
    expect(r.body.errorMessage).toContain(`#${sos.alarmId}`);
    const page = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, shelved: true });
    expect(page.body.data!.total).toBe(0);

    const refused = await viewer.post(ALARMS.alarmShelve.path, { alarmIds: [gas.alarmId], minutes: 15, reason: 'Maintenance' });
    expect(refused.body.errorCode).toBe('FORBIDDEN');
    const tooLong = await admin.post(ALARMS.alarmShelve.path, { alarmIds: [gas.alarmId], minutes: 8 * 60 + 1, reason: 'Maintenance' });
    expect(tooLong.body.errorCode).toBe('VALIDATION');
  });

  it('handling an alarm drops its shelving', async () => {
    const h2s = await gasAlarm('GAS-RK-E-F', { H2S: 12 });
    await admin.post(ALARMS.alarmShelve.path, { alarmIds: [h2s.alarmId], minutes: 15, reason: 'Maintenance' });
    const dealt = await admin.post<Alarm>(ALARMS.alarmDeal.path, { alarmId: h2s.alarmId, dealStatus: 1, dealRemark: 'Checked on site, back to normal' });
    expect(dealt.body.data).toMatchObject({ dealStatus: 1, shelvedUntilMs: null, shelvedBy: null });
    const again = await admin.post(ALARMS.alarmShelve.path, { alarmIds: [h2s.alarmId], minutes: 15, reason: 'Maintenance' });
    expect(again.body.errorCode).toBe('VALIDATION');
  });

  it('unshelves by itself once the time has passed, and pushes it', async () => {
    const o2 = await gasAlarm('GAS-RK-E-L', { O2: 19.2 });
    await admin.post(ALARMS.alarmShelve.path, { alarmIds: [o2.alarmId], minutes: 15, reason: 'Ventilation work' });
    // the quarter of an hour passes: the shelving's end is moved to the past
    await server.db.updateTable('alarms').set({ shelved_until_ms: Date.now() - 1 }).where('alarm_id', '=', o2.alarmId).execute();
    await eventually(() => lastPush(o2.alarmId)?.shelvedUntilMs === null, 15_000, 'the sweep to unshelve and push it', 100);
    const row = await server.db.selectFrom('alarms').selectAll().where('alarm_id', '=', o2.alarmId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ shelved_until_ms: null, shelved_by: null, shelve_reason: null, deal_status: 0 });
  });
});
