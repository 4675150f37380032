import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, type AlarmPage, type AlarmRecord, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { renderCapturePng } from '../../server/simulator/capturePicture';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

/**
 * AI capture pictures against the real server, MQTT broker and database (docs/api.md "alarm/capture"): a
 * camera alarm with its picture over MQTT → the alarm's picUrl serves those bytes to a member only.
 */
const demo = DEMO_PROJECT.projectId;

describe('AI alarm capture pictures (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let device: MqttClient;
  const png = renderCapturePng('noHelmet', 0.3);
  const ts = Date.now() - 1_000;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    const camera = (sn: string, body: Record<string, unknown>) => device.publishAsync(`zhgd/${demo}/camera/${sn}/alarm`, JSON.stringify(body), { qos: 1 });
    // QoS 1: acknowledged once the alarm and its picture are stored
    await camera('CAM-03', { ts, algType: 'noHelmet', pic: Buffer.from(png).toString('base64') });
    // base64 that is no picture: the alarm is raised with the camera's own picUrl, nothing stored
    await camera('CAM-04', { ts, algType: 'smoking', pic: Buffer.from('<svg onload="alert(1)"/>').toString('base64'), picUrl: 'https://cam.example/4.jpg' });
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  async function aiAlarm(sn: string): Promise<AlarmRecord> {
    return eventually(async () => {
      const page = (await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, kind: 'ai', text: sn })).body.data!;
      return page.list.length === 1 ? (page.list[0] as AlarmRecord) : undefined;
    }, 5_000, `the AI alarm of ${sn}`);
  }

  function get(url: string, cookie: string | null): Promise<Response> {
    return fetch(server.url + url, { headers: cookie ? { cookie } : {} });
  }

  it('serves the uploaded picture at the alarm picUrl to a member, bytes equal, as image/png', async () => {
    const alarm = await aiAlarm('CAM-03');
    expect(alarm.picUrl).toBe(`${ALARMS.alarmCapture.path}?projectId=${demo}&name=CAM-03-${ts}.png`);
    const res = await get(alarm.picUrl!, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('private');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it('refuses the picture to a non-member and to an anonymous client', async () => {
    const alarm = await aiAlarm('CAM-03');
    expect((await get(alarm.picUrl!, bridge.cookie)).status).toBe(403);
    expect((await get(alarm.picUrl!, null)).status).toBe(401);
    // the bridge user's own project does not hold it either
    const other = alarm.picUrl!.replace(`projectId=${demo}`, 'projectId=demo-bridge');
    expect((await get(other, bridge.cookie)).status).toBe(404);
  });

  it('refuses bad names before any lookup, and answers NOT_FOUND for an unknown one', async () => {
    const bad = ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', 'CAM-03-1.svg', 'CAM-03-abc.png', '.png', 'CAM%2F03-1.png', `CAM-03-${ts}.png%00`, 'x'.repeat(100) + '-1.png'];
    for (const name of bad) {
      const res = await get(`${ALARMS.alarmCapture.path}?projectId=${demo}&name=${name}`, admin.cookie);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { errorCode: string }).errorCode, name).toBe('VALIDATION');
    }
    expect((await get(`${ALARMS.alarmCapture.path}?projectId=${demo}`, admin.cookie)).status).toBe(400);
    expect((await get(`${ALARMS.alarmCapture.path}?projectId=${demo}&name=CAM-03-1.png`, admin.cookie)).status).toBe(404);
  });

  it('keeps the camera picUrl and stores nothing when pic is not a JPEG or PNG', async () => {
    const alarm = await aiAlarm('CAM-04');
    expect(alarm.picUrl).toBe('https://cam.example/4.jpg');
    const rows = await server.db.selectFrom('alarm_captures').select('name').where('device_sn', '=', 'CAM-04').execute();
    expect(rows).toEqual([]);
  });
});
