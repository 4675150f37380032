import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { ALARMS, ALG_TYPES, DEVICES, type Alarm, type AlarmPage, type DeviceKey } from '../../../protocol';
import type { RunningServer } from '../../../server/app';
import { DEMO_PROJECT } from '../../../server/seed';
import type { ApiClient } from '../../helpers/apiClient';
import { connectDevice } from '../../helpers/devices';
import { eventually } from '../../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../../helpers/liveSocket';
import { loggedInClient, startTestServer } from '../../helpers/testServer';
import { startNetwork } from './faultKit';

const demo = DEMO_PROJECT.projectId;

/** Every alarm of the project with alarmId > afterId, paging alarm/list as a client catching up does. */
async function alarmsAfter(client: ApiClient, afterId: number): Promise<Alarm[]> {
  const all: Alarm[] = [];
  for (let page = 1; page <= 100; page++) {
    const r = await client.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, afterId, page, pageSize: 20 });
    expect(r.body.success).toBe(true);
    all.push(...r.body.data!.list);
    if (all.length >= r.body.data!.total || r.body.data!.list.length === 0) break;
  }
  return all;
}

/**
 * Fault: a browser loses its network while alarms are raised. The app's protocol (src/stores/AlarmStore.ts,
 * streams/connection.ts, streams/topicHub.ts): live `alarm.changed` pushes while connected; after a reconnect
 * it subscribes again and reads alarm/list for what it missed. Together they must give every alarm raised,
 * none missing, whatever happened while it was away.
 */
describe('fault: a browser client loses its network', { timeout: 60_000 }, () => {
  const cleanup: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('catches up on every alarm raised while it was away through alarm/list afterId', async () => {
    const server: RunningServer = await startTestServer();
    cleanup.push(() => server.close());
    const admin = await loggedInClient(server.url);
    const key = (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo })).body.data!;
    const camera: MqttClient = await connectDevice(server.mqttPort!, key);
    cleanup.push(() => camera.endAsync(true));
    const net = await startNetwork(server.port);
    cleanup.push(() => net.close());

    const socket: LiveSocket = await connectLiveSocket(`http://127.0.0.1:${net.port}`, admin.cookie, { reconnect: true });
    cleanup.push(() => socket.close());
    const seen = new Map<number, Alarm>();
    let maxSeenId = 0;
    const take = (a: Alarm) => {
      if (a.projectId !== demo) return;
      seen.set(a.alarmId, a);
      maxSeenId = Math.max(maxSeenId, a.alarmId);
    };
    socket.on('alarm.changed', take);
    let connects = 0;
    socket.on('connect', () => connects++);
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });

    let n = 0;
    const raise = async (count: number) => {
      const picUrls: string[] = [];
      for (let i = 0; i < count; i++, n++) {
        const picUrl = `https://oss.example.com/drop/${n}.jpg`;
        picUrls.push(picUrl);
        // a new (camera, algorithm) pair each time: a repeat of an open AI alarm counts on it instead of raising another
        const algType = ALG_TYPES[Math.floor(n / 9) % ALG_TYPES.length];
        await camera.publishAsync(`zhgd/${demo}/camera/CAM-0${(n % 9) + 1}/alarm`, JSON.stringify({ ts: Date.now(), algType, picUrl }), { qos: 1 });
      }
      return picUrls;
    };
    const stored = async (picUrls: string[]) => {
      const rows = await server.db.selectFrom('alarms').select(['alarm_id', 'pic_url']).where('pic_url', 'in', picUrls).execute();
      return rows.length === picUrls.length ? rows.map((r) => r.alarm_id) : false;
    };

    // connected: alarms arrive live
    const before = await raise(5);
    await eventually(() => [...seen.values()].filter((a) => before.includes(a.picUrl ?? '')).length === 5, 5_000, 'the first 5 alarms live');

    // the network drops; alarms keep being raised and stored
    await net.drop();
    await eventually(() => !socket.connected, 5_000, 'the socket noticing the drop');
    const away = await raise(45);
    const awayIds = await eventually(() => stored(away), 10_000, '45 alarms stored while away');
    expect(awayIds.filter((id) => seen.has(id))).toEqual([]); // nothing got through while away

    // back: reconnect, subscribe again, then catch up (the app's order: a raise between the two is in both)
    await net.restore();
    await eventually(() => socket.connected && connects >= 1, 10_000, 'the socket reconnected');
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
    const after = await raise(5);
    for (const a of await alarmsAfter(admin, maxSeenId)) take(a);

    // every alarm raised before, during and after the drop is known to the client, exactly as stored
    const afterIds = await eventually(() => stored(after), 10_000, 'the last 5 alarms stored');
    await eventually(() => afterIds.every((id) => seen.has(id)), 5_000, 'the last 5 alarms at the client');
    const all = await server.db.selectFrom('alarms').selectAll().where('project_id', '=', demo).where('kind', '=', 'ai').execute();
    expect(all).toHaveLength(55);
    expect(all.filter((r) => !seen.has(r.alarm_id)).map((r) => r.pic_url)).toEqual([]);
    for (const r of all) expect(seen.get(r.alarm_id)).toMatchObject({ picUrl: r.pic_url, state: r.state, dealStatus: r.deal_status });

    // the newest page the app's AlarmStore re-reads after a reconnect holds the same alarms
    const newest = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, page: 1, pageSize: 200 });
    expect(new Set(newest.body.data!.list.map((a) => a.alarmId))).toEqual(new Set(all.map((r) => r.alarm_id)));
  });
});
