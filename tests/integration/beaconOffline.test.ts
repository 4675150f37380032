import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, PEOPLE, type DeviceInfo, type PersonDetail, type PersonList } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;

/**
 * "Online" follows the offline rule (docs/domain.md): a tag silent for more than 3 reporting periods is
 * offline in the device list, the people list and the person card, even while it still holds the warning
 * it last reported (a low battery), which used to read "Online" with a last report minutes old.
 */
describe('a beacon that stops reporting', () => {
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

  const fix = (sn: string, battery: number) =>
    device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: 300, battery, sos: false }), { qos: 1 });
  async function deviceRow(sn: string): Promise<DeviceInfo | undefined> {
    const r = await admin.post<DeviceInfo[]>(DEVICES.deviceList.path, { projectId: demo, kind: 'beacon' });
    return r.body.data!.find((d) => d.sn === sn);
  }
  async function personRow(sn: string) {
    const r = await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo });
    return r.body.data!.list.find((p) => p.beaconSn === sn);
  }
  async function card(sn: string): Promise<PersonDetail> {
    const r = await admin.post<PersonDetail>(PEOPLE.personDetail.path, { projectId: demo, beaconSn: sn });
    return r.body.data!;
  }

  it('is offline everywhere after 3 periods, whether it holds a warning or not', async () => {
    const low = 'BC0060'; // 15 %: a low-battery warning it keeps while silent
    const fine = 'BC0061';
    await fix(low, 15);
    await fix(fine, 80);
    await eventually(async () => (await deviceRow(low))?.status === 'warning', 5_000, 'low-battery warning');
    expect(await deviceRow(low)).toMatchObject({ online: true });
    expect(await deviceRow(fine)).toMatchObject({ status: 'online', online: true });
    expect(await personRow(low)).toMatchObject({ online: true, lowBattery: true });

    // 1 s reporting period: silent beyond 3 s is offline (the rules tick every second)
    await eventually(async () => (await deviceRow(low))?.online === false && (await deviceRow(fine))?.online === false, 10_000, 'offline in device/list');
    expect(await deviceRow(low)).toMatchObject({ status: 'warning', online: false });
    expect(await deviceRow(fine)).toMatchObject({ status: 'offline', online: false });
    expect(await personRow(low)).toMatchObject({ online: false, lowBattery: true });
    expect(await personRow(fine)).toMatchObject({ online: false });
    expect((await card(low)).person).toMatchObject({ online: false });
    const offlineOnly = await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo, status: 'offline' });
    expect(offlineOnly.body.data!.list.map((p) => p.beaconSn)).toEqual(expect.arrayContaining([low, fine]));

    // reporting again: online at once
    await fix(low, 15);
    await eventually(async () => (await personRow(low))?.online === true, 5_000, 'online again');
    expect(await deviceRow(low)).toMatchObject({ online: true });
  });
});
