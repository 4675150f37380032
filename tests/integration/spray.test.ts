import { connect as tcpConnect, type Socket } from 'node:net';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEVICES, ENVIRONMENT, sprayCommandSchema, type AuditPage, type DeviceKey, type SprayCommand, type SprayState } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { formatData, formatDataTime, formatQn, framePacket } from '../../server/hj212/codec';
import { DEMO_PROJECT } from '../../server/seed';
import { loadSprayRows } from '../../server/storage';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
/** The demo's fog cannon at the left entry portal, linked to the monitor there (PM10 over 150 µg/m³, 600 s hold). */
const CANNON = 'FOG-LK-E';
const STATION = 'ENV-LK-E';
const commandTopic = `zhgd/${demo}/fogCannon/${CANNON}/command`;
const telemetryTopic = `zhgd/${demo}/fogCannon/${CANNON}/telemetry`;

/** HJ 212 minute data (CN 2051) of the linked monitor with PM10 `pm10MgM3` (mg/m³, flag N) for the minute at `ts`. */
function pm10Minute(pw: string, ts: number, pm10MgM3: string): Uint8Array {
  return framePacket(formatData({ qn: formatQn(ts + 60_000), st: '22', cn: '2051', pw, mn: STATION, flag: 4, cp: [{ DataTime: formatDataTime(ts) }, { 'a34002-Avg': pm10MgM3, 'a34002-Flag': 'N' }] }));
}

describe('spray linkage over a real HJ 212 monitor and a real MQTT fog cannon', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let key: DeviceKey;
  let cannon: MqttClient;
  let monitor: Socket;
  /** Commands the cannon received, in order. */
  const received: SprayCommand[] = [];
  /** Whether the cannon answers the commands it receives. */
  let answering = true;

  const state = async () => (await admin.post<SprayState[]>(ENVIRONMENT.sprayList.path, { projectId: demo })).body.data!.find((s) => s.sn === CANNON)!;
  const audit = async (action: string) => (await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, action })).body.data!.rows;

  beforeAll(async () => {
    // answers awaited 0.5 s, then 1 s: a command goes three times and is given up after 3.5 s
    server = await startTestServer({ HJ212_PORT: '0', SPRAY_ACK_TIMEOUT_S: '0.5', SPRAY_MAX_ATTEMPTS: '3' });
    admin = await loggedInClient(server.url);
    key = (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo })).body.data!;
    cannon = await connectDevice(server.live.mqttPort!, key);
    await cannon.subscribeAsync(commandTopic, { qos: 1 });
    cannon.on('message', (topic, payload) => {
      if (topic !== commandTopic) return;
      const c = sprayCommandSchema.parse(JSON.parse(payload.toString('utf8')));
      received.push(c);
      // a real cannon answers with its state and the command's id on its telemetry topic
      if (answering) cannon.publish(telemetryTopic, JSON.stringify({ ts: Date.now(), spraying: c.action === 'on', waterLevelPct: 80, ack: { commandId: c.commandId, ok: true } }), { qos: 1 });
    });
    monitor = tcpConnect(server.live.hj212Port!, '127.0.0.1');
    monitor.on('error', () => undefined);
    await new Promise<void>((r) => monitor.once('connect', () => r()));
  });

  afterAll(async () => {
    monitor?.destroy();
    await cannon?.endAsync();
    await server?.close();
  });

  it('lists the seeded cannon with its linkage, automatic and never commanded', async () => {
    expect(await state()).toMatchObject({ sn: CANNON, linkage: { stationSn: STATION, metric: 'pm10', onAbove: 150, holdS: 600 }, mode: 'auto', spraying: null, lastCommand: null });
  });

  it('commands the cannon on when PM10 at its monitor goes over the limit, takes its acknowledgement and audits both', async () => {
    const ts = Math.floor(Date.now() / 60_000) * 60_000 - 120_000;
    monitor.write(pm10Minute(key.password, ts, '0.120')); // 120 µg/m³: under the limit, nothing
    monitor.write(pm10Minute(key.password, ts + 60_000, '0.210')); // 210 µg/m³: over it
    const on = await eventually(() => received[0], 10_000, 'the on command');
    expect(on).toMatchObject({ action: 'on', source: 'auto' });
    const acked = await eventually(async () => {
      const s = await state();
      return s.lastCommand?.result === 'acked' && s;
    }, 10_000, 'the acknowledgement');
    expect(acked).toMatchObject({ spraying: true, mode: 'auto', lastCommand: { commandId: on.commandId, action: 'on', source: 'auto', by: 'linkage', attempts: 1 } });
    expect(received).toHaveLength(1);
    const sent = await eventually(async () => (await audit('spray.command')).find((r) => r.detail.includes(on.commandId)), 10_000, 'spray.command audited');
    expect(sent).toMatchObject({ username: 'linkage', target: CANNON });
    await eventually(async () => (await audit('spray.acked')).find((r) => r.detail.includes(on.commandId)), 10_000, 'spray.acked audited');
    // another minute over the limit: the cannon is on already, no second command
    monitor.write(pm10Minute(key.password, ts + 120_000, '0.230'));
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(1);
  });

  it('sends an unanswered manual command again with the same id, gives it up after its attempts, and audits it', async () => {
    answering = false;
    const before = received.length;
    const r = await admin.post<SprayState>(ENVIRONMENT.sprayCommand.path, { projectId: demo, sn: CANNON, action: 'off' });
    expect(r.body.data).toMatchObject({ mode: 'manual', lastCommand: { action: 'off', source: 'manual', by: 'admin', result: 'pending' } });
    const given = await eventually(async () => {
      const s = await state();
      return s.lastCommand?.result === 'unacknowledged' && s;
    }, 15_000, 'the command given up');
    const sends = received.slice(before);
    expect(sends).toHaveLength(3);
    expect(new Set(sends.map((c) => c.commandId))).toEqual(new Set([given.lastCommand!.commandId]));
    expect(given).toMatchObject({ spraying: true, mode: 'manual', lastCommand: { attempts: 3 } });
    await eventually(async () => (await audit('spray.unacknowledged')).find((a) => a.username === 'admin'), 10_000, 'spray.unacknowledged audited');
    await eventually(async () => (await audit('spray.manual')).length > 0, 10_000, 'the manual request audited');
  });

  it('leaves a manual cannon alone, and hands it back to the linkage with auto', async () => {
    answering = true;
    const before = received.length;
    const ts = Math.floor(Date.now() / 60_000) * 60_000;
    monitor.write(pm10Minute(key.password, ts, '0.040'));
    await new Promise((r) => setTimeout(r, 500));
    expect(received.length).toBe(before); // manual: the clean air does not switch it
    expect((await admin.post<SprayState>(ENVIRONMENT.sprayCommand.path, { projectId: demo, sn: CANNON, action: 'auto' })).body.data).toMatchObject({ mode: 'auto' });
    // told on was not acknowledged off: the linkage counts it as spraying; a dusty minute asks nothing, a clean one starts the hold
    monitor.write(pm10Minute(key.password, ts + 60_000, '0.300'));
    await new Promise((r) => setTimeout(r, 500));
    expect(received.length).toBe(before);
  });

  it('refuses a device publishing on a command topic, and answers NOT_FOUND for a device that is not a fog cannon', async () => {
    const intruder = await connectDevice(server.live.mqttPort!, key);
    const before = received.length;
    intruder.on('error', () => undefined);
    intruder.publish(commandTopic, JSON.stringify({ commandId: 'forged', action: 'on', source: 'manual', ts: Date.now() }), { qos: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(received.length).toBe(before);
    await intruder.endAsync(true).catch(() => undefined);
    const r = await admin.post(ENVIRONMENT.sprayCommand.path, { projectId: demo, sn: STATION, action: 'on' });
    expect(r.body).toMatchObject({ errorCode: 'NOT_FOUND' });
  });

  it('stores the linkage, mode and last command, which a restart reads back', async () => {
    await server.live.spray.flushed();
    const now = await state();
    const [row] = (await loadSprayRows(server.db, demo)).filter((r) => r.sn === CANNON);
    expect(row).toEqual({ projectId: demo, sn: CANNON, linkage: now.linkage, mode: now.mode, lastCommand: now.lastCommand });
  });
});
