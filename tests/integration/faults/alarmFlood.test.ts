import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, type Alarm, type AlarmPage, type DeviceKey } from '../../../protocol';
import type { RunningServer } from '../../../server/app';
import { DEMO_PROJECT } from '../../../server/seed';
import { connectDevice, DEMO_CAMERAS } from '../../helpers/devices';
import { eventually } from '../../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../../helpers/liveSocket';
import { loggedInClient, startTestServer } from '../../helpers/testServer';

/**
 * A flood of repeats of a few open alarms (AI camera events, each one repeatCount + 1 on its camera's
 * open alarm) against the real server with the product's repeat rate (ALARM_REPEAT_PUSH_MS 1000;
 * docs/api.md "Alarm repeat rate"): a screen is told about each alarm about once a second, not once per
 * event, yet the final count in the database and in the last push is exact, and a restart keeps it.
 */
const demo = DEMO_PROJECT.projectId;
const CAMERAS = DEMO_CAMERAS.slice(0, 3);
const FLOOD_MS = 4_000;
const RATE = { ALARM_REPEAT_PUSH_MS: '1000' };

describe('alarm repeat flood (real server, PGlite on disk)', () => {
  let dataDir: string;
  let server: RunningServer | null = null;
  let device: MqttClient | null = null;
  let socket: LiveSocket | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'siteboard-flood-'));
  });

  afterAll(async () => {
    socket?.close();
    await device?.endAsync(true);
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pushes about one alarm.changed per alarm per second; the final count is exact, also after a restart', { timeout: 120_000 }, async () => {
    server = await startTestServer({ DATA_DIR: dataDir, ...RATE });
    const admin = await loggedInClient(server.url);
    const key = (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo })).body.data!;
    device = await connectDevice(server.mqttPort!, key);
    socket = await connectLiveSocket(server.url, admin.cookie);
    const pushes: Array<{ atMs: number; alarm: Alarm }> = [];
    socket.on('alarm.changed', (alarm) => pushes.push({ atMs: Date.now(), alarm }));
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });

    const acked = new Map<string, number>(CAMERAS.map((sn) => [sn, 0]));
    let n = 0;
    const event = (sn: string) =>
      device!.publishAsync(`zhgd/${demo}/camera/${sn}/alarm`, JSON.stringify({ ts: Date.now(), algType: 'noHelmet', picUrl: `/captures/flood-${n++}.jpg` }), { qos: 1 }).then(() => {
        acked.set(sn, acked.get(sn)! + 1);
      });
    // a burst of one event per camera every 10 ms (about 100 repeats a second per alarm) for FLOOD_MS
    const startMs = Date.now();
    while (Date.now() - startMs < FLOOD_MS) {
      await Promise.all(CAMERAS.map(event));
      await new Promise((r) => setTimeout(r, 10));
    }
    const floodS = (Date.now() - startMs) / 1_000;
    const total = [...acked.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(CAMERAS.length * 50);

    const alarmIdOf = new Map<string, number>();
    for (const sn of CAMERAS) {
      const page = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: sn, kind: 'ai' });
      expect(page.body.data!.total).toBe(1);
      alarmIdOf.set(sn, page.body.data!.list[0].alarmId);
    }
    // the held repeats are written within a second: database and last push then agree, exactly
    for (const sn of CAMERAS) {
      const id = alarmIdOf.get(sn)!;
      await eventually(
        async () => {
          const row = await server!.db.selectFrom('alarms').select('repeat_count').where('alarm_id', '=', id).executeTakeFirstOrThrow();
          const last = pushes.filter((p) => p.alarm.alarmId === id).at(-1);
          return row.repeat_count === acked.get(sn) && last?.alarm.repeatCount === acked.get(sn);
        },
        10_000,
        `${sn}: the database and the last push at ${acked.get(sn)} repeats`,
        50,
      );
      const mine = pushes.filter((p) => p.alarm.alarmId === id);
      // raised once, then at most one write a second, plus the last held one
      expect(mine.length, `${sn}: ${mine.length} pushes for ${acked.get(sn)} events in ${floodS.toFixed(1)} s`).toBeLessThanOrEqual(Math.ceil(floodS) + 3);
      console.log(`[alarm flood] ${sn}: ${acked.get(sn)} events in ${floodS.toFixed(1)} s → ${mine.length} alarm.changed`);
    }

    // a last few events, then a restart at once: the held repeats are written on shutdown
    const sn = CAMERAS[0];
    for (let i = 0; i < 5; i++) await event(sn);
    socket.close();
    socket = null;
    await device.endAsync();
    device = null;
    await server.close();
    server = await startTestServer({ DATA_DIR: dataDir, ...RATE });
    const again = await loggedInClient(server.url);
    const page = await again.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: sn, kind: 'ai' });
    expect(page.body.data!.list.map((a) => [a.alarmId, a.repeatCount])).toEqual([[alarmIdOf.get(sn), acked.get(sn)]]);
  });
});
