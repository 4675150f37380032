import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTelemetryFrame, DEVICES, frameBatch, OPERATIONS, type Alarm, type DeviceKey, type DeviceStatusBatch, type IngestStats, type LiveTopic, type RejectReason, type SubscribeAck, type TelemetryBatch } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { BRIDGE_USER, DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { readRaw } from '../../server/storage/telemetryStore';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startTestServer, TEST_DEMO_PASSWORD } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;

const waitFor = <T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 3_000, what = 'condition') => eventually(check, timeoutMs, what, 10);
const mqttConnect = (server: RunningServer, key: DeviceKey): Promise<MqttClient> => connectDevice(server.mqttPort!, key);
const socketFor = (server: RunningServer, cookie: string | null): Promise<LiveSocket> => connectLiveSocket(server.url, cookie, { reconnect: true });

function subscribe(socket: LiveSocket, projectId: string, topic: LiveTopic): Promise<SubscribeAck> {
  return socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId, topic });
}

const gas = (readings: Record<string, number>) => JSON.stringify({ ts: Date.now(), readings });
const gasTopic = (sn: string, projectId: string = demo) => `zhgd/${projectId}/gas/${sn}/telemetry`;

describe('live pipeline against the real server', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let demoKey: DeviceKey;
  let device: MqttClient;
  const cleanup: Array<() => unknown> = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    expect(key.body.success).toBe(true);
    demoKey = key.body.data!;
    device = await mqttConnect(server, demoKey);
  });

  afterAll(async () => {
    for (const c of cleanup) await c();
    await device?.endAsync();
    await server?.close();
  });

  async function adminSocket(): Promise<LiveSocket> {
    const s = await socketFor(server, admin.cookie);
    cleanup.push(() => s.close());
    return s;
  }

  async function ingestStats(): Promise<IngestStats> {
    const r = await admin.post<IngestStats>(OPERATIONS.ingestStats.path, {});
    expect(r.body.success).toBe(true);
    return r.body.data!;
  }

  it('persists an over-limit CO reading as an alarm and pushes it to a subscribed browser within 1 s', async () => {
    const socket = await adminSocket();
    expect(await subscribe(socket, demo, 'alarm')).toEqual({ ok: true });
    expect(await subscribe(socket, demo, 'deviceStatus')).toEqual({ ok: true });
    const statuses: DeviceStatusBatch[] = [];
    socket.on('device.status', (b) => statuses.push(b));
    const received = new Promise<{ alarm: Alarm; atMs: number; rowAtPush: unknown }>((resolve) => {
      socket.on('alarm.changed', (alarm) => {
        if (alarm.deviceSn !== 'GAS-LK-E-F' || alarm.metric !== 'CO') return;
        const atMs = performance.now();
        // the row must already be there when the push arrives: persisted before pushed
        void server.db
          .selectFrom('alarms')
          .selectAll()
          .where('alarm_id', '=', alarm.alarmId)
          .executeTakeFirst()
          .then((rowAtPush) => resolve({ alarm, atMs, rowAtPush }));
      });
    });

    const sentAt = performance.now();
    await device.publishAsync(gasTopic('GAS-LK-E-F'), gas({ CO: 60, O2: 20.9 }), { qos: 1 });
    const { alarm, atMs, rowAtPush } = await received;

    expect(atMs - sentAt).toBeLessThan(1_000);
    expect(alarm).toMatchObject({
      projectId: demo,
      deviceSn: 'GAS-LK-E-F',
      kind: 'threshold',
      level: 'alarm',
      metric: 'CO',
      value: 60,
      threshold: 24,
      unit: 'ppm',
      state: 'active',
      dealStatus: 0,
    });
    expect(rowAtPush).toMatchObject({ alarm_id: alarm.alarmId, state: 'active', level: 'alarm', value: 60 });
    const batch = await waitFor(() => statuses.flatMap((b) => b.items).find((i) => i.sn === 'GAS-LK-E-F'), 2_000, 'status');
    expect(batch.status).toBe('alarm');
    expect(server.live.deviceState(demo).get('GAS-LK-E-F')).toMatchObject({ status: 'alarm', latest: { CO: 60, O2: 20.9 } });
  });

  it('fans telemetry out in batches: several device messages, fewer socket frames', async () => {
    const socket = await adminSocket();
    expect(await subscribe(socket, demo, 'gas')).toEqual({ ok: true });
    const frames: TelemetryBatch[] = [];
    // Binary columnar frames (protocol/telemetryFrame.ts); decoded here to compare items.
    socket.on('telemetry.frame', (bytes) => frames.push(frameBatch(decodeTelemetryFrame(bytes))));
    const sns = ['GAS-LK-E-L', 'GAS-LK-E-P', 'GAS-RK-E-L'];
    const sent = 12;
    await Promise.all(
      Array.from({ length: sent }, (_, i) => device.publishAsync(gasTopic(sns[i % sns.length]), gas({ CO: 1 + i / 10, O2: 20.9 }), { qos: 1 })),
    );
    const items = await waitFor(() => {
      const all = frames.flatMap((f): Array<{ sn: string }> => f.items).filter((i) => sns.includes(i.sn));
      return all.length >= sent ? all : undefined;
    }, 3_000, 'telemetry items');
    expect(items).toHaveLength(sent);
    expect(frames.every((f) => f.projectId === demo && f.topic === 'gas')).toBe(true);
    expect(frames.length).toBeLessThan(sent);
    expect(items[0]).toMatchObject({ sn: 'GAS-LK-E-L', readings: { CO: 1, O2: 20.9 } });

    // and the history is written in batches too
    const rows = await waitFor(async () => {
      // per-minute chunks: the open minute is read from the writer's memory until it is sealed
      const bySn = await readRaw(server.db, demo, { sns }, 0, Date.now() + 60_000);
      const r = [...bySn.values()].flatMap((s) => s.ts);
      return r.length >= sent ? r : undefined;
    }, 3_000, 'telemetry rows');
    expect(rows).toHaveLength(sent);
  });

  it('counts bad messages per reason and keeps ingesting', async () => {
    const before = await ingestStats();
    const bad: Array<[RejectReason, string, string]> = [
      ['not-json', gasTopic('GAS-LK-X-P'), 'CO=5'],
      ['schema', gasTopic('GAS-LK-X-P'), JSON.stringify({ ts: Date.now(), readings: { CO: 'five' } })],
      ['schema', gasTopic('GAS-LK-X-P'), JSON.stringify({ ts: Date.now(), readings: { CO: -3 } })],
      ['unknown-device', gasTopic('GAS-NOPE'), gas({ CO: 1 })],
      ['topic-kind', `zhgd/${demo}/boiler/GAS-LK-X-P/telemetry`, gas({ CO: 1 })],
      ['topic-grammar', `zhgd/${demo}/gas/GAS-LK-X-P`, gas({ CO: 1 })],
      ['wrong-kind', `zhgd/${demo}/beacon/GAS-LK-X-P/telemetry`, gas({ CO: 1 })],
    ];
    for (const [, topic, payload] of bad) await device.publishAsync(topic, payload, { qos: 1 });
    await device.publishAsync(gasTopic('GAS-LK-X-P'), gas({ CO: 4.5 }), { qos: 1 });

    await waitFor(() => server.live.deviceState(demo).get('GAS-LK-X-P')?.latest?.CO === 4.5, 2_000, 'good message after bad ones');
    const after = await ingestStats();
    const expected: Partial<Record<RejectReason, number>> = {};
    for (const [reason] of bad) expected[reason] = (expected[reason] ?? 0) + 1;
    for (const reason of Object.keys(after.rejected) as RejectReason[]) {
      expect(after.rejected[reason] - before.rejected[reason], reason).toBe(expected[reason] ?? 0);
    }
    expect(after.accepted - before.accepted).toBe(1);
    expect(after.lastRejects.at(-1)).toMatchObject({ reason: 'wrong-kind', topic: `zhgd/${demo}/beacon/GAS-LK-X-P/telemetry` });
    expect(device.connected).toBe(true);
  });

  it("refuses a publication under another project's topic and drops that connection", async () => {
    const before = await ingestStats();
    const intruder = await mqttConnect(server, demoKey);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(gasTopic('GAS-B-1', OTHER_PROJECT.projectId), gas({ CO: 1 }), { qos: 1 });
    await closed;
    intruder.end(true);
    const after = await ingestStats();
    expect(after.rejected['topic-forbidden'] - before.rejected['topic-forbidden']).toBe(1);
    expect(after.accepted).toBe(before.accepted);
  });

  it('refuses devices with wrong credentials', async () => {
    await expect(mqttConnect(server, { username: demoKey.username, password: 'wrong' })).rejects.toThrow(/bad username or password|not authorized/i);
    await expect(mqttConnect(server, { username: 'nobody', password: demoKey.password })).rejects.toThrow();
  });

  it('authenticates the socket and refuses subscribing to projects the user is not a member of', async () => {
    await expect(socketFor(server, null)).rejects.toThrow('UNAUTHENTICATED');
    await expect(socketFor(server, 'sb_session=forged')).rejects.toThrow('UNAUTHENTICATED');

    const bridge = await loggedInClient(server.url, BRIDGE_USER.username, TEST_DEMO_PASSWORD);
    const socket = await socketFor(server, bridge.cookie);
    cleanup.push(() => socket.close());
    const refused = await subscribe(socket, demo, 'alarm');
    expect(refused.ok).toBe(false);
    expect(await subscribe(socket, OTHER_PROJECT.projectId, 'alarm')).toEqual({ ok: true });
    const invalid = await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'secrets' } as never);
    expect(invalid.ok).toBe(false);

    // a refused subscriber gets nothing of that project
    const leaked: Alarm[] = [];
    socket.on('alarm.changed', (a) => leaked.push(a));
    await device.publishAsync(gasTopic('GAS-RK-X-F'), gas({ H2S: 9 }), { qos: 1 });
    await waitFor(() => server.live.deviceState(demo).get('GAS-RK-X-F')?.status === 'alarm', 2_000, 'H2S alarm');
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toEqual([]);
  });

  it('accepts a re-subscribe after the socket reconnects, and pushes to it', async () => {
    const socket = await adminSocket();
    expect(await subscribe(socket, demo, 'alarm')).toEqual({ ok: true });
    const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
    socket.io.engine.close();
    await reconnected;
    expect(await subscribe(socket, demo, 'alarm')).toEqual({ ok: true });
    const got = new Promise<Alarm>((resolve) =>
      socket.on('alarm.changed', (a) => {
        if (a.deviceSn === 'GAS-LK-X-F') resolve(a);
      }),
    );
    await device.publishAsync(gasTopic('GAS-LK-X-F'), gas({ CH4: 1.2 }), { qos: 1 });
    expect(await got).toMatchObject({ metric: 'CH4', level: 'alarm', threshold: 1.0 });
  });
});

describe('alarm state across a restart', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-live-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps hysteresis: an alarm raised before a restart is not raised again, and clears below 50 %', async () => {
    const sn = 'GAS-RK-E-F';
    const rowsOf = (server: RunningServer) =>
      server.db.selectFrom('alarms').selectAll().where('device_sn', '=', sn).where('metric', '=', 'CO').execute();

    let server = await startTestServer({ DATA_DIR: dir });
    try {
      const key = await server.db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', demo).executeTakeFirstOrThrow();
      const creds = { username: key.mqtt_username, password: key.mqtt_password };
      let client = await mqttConnect(server, creds);
      await client.publishAsync(gasTopic(sn), gas({ CO: 40 }), { qos: 1 });
      await waitFor(async () => (await rowsOf(server)).length === 1, 3_000, 'alarm row');
      await client.endAsync();
      await server.close();

      server = await startTestServer({ DATA_DIR: dir });
      client = await mqttConnect(server, creds);
      await client.publishAsync(gasTopic(sn), gas({ CO: 20 }), { qos: 1 }); // under the limit, above the clear level
      await waitFor(() => server.live.deviceState(demo).get(sn)?.latest?.CO === 20, 2_000, 'reading');
      await new Promise((r) => setTimeout(r, 200));
      let rows = await rowsOf(server);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ state: 'active', level: 'alarm' });
      expect(server.live.deviceState(demo).get(sn)?.status).toBe('alarm');

      await client.publishAsync(gasTopic(sn), gas({ CO: 3 }), { qos: 1 });
      rows = await waitFor(async () => {
        const r = await rowsOf(server);
        return r[0]?.state === 'cleared' ? r : undefined;
      }, 3_000, 'clear');
      expect(rows).toHaveLength(1);
      expect(rows[0].cleared_at_ms).not.toBeNull();
      await client.endAsync();
    } finally {
      await server.close();
    }
  });
});
