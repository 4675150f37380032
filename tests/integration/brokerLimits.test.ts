import { connect as tcpConnect, type Socket } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const gasTopic = (sn: string) => `zhgd/${demo}/gas/${sn}/telemetry`;
const gas = (co: number) => JSON.stringify({ ts: Date.now(), readings: { CO: co, O2: 20.9 } });
const MESSAGES_PER_SECOND = 50;
const CONNECTIONS_PER_MINUTE = 40;

/**
 * Opens a raw TCP connection and sends a CONNECT whose fixed header declares the largest remaining length
 * MQTT allows (268,435,455 bytes, "255 MB"), then streams filler with back-pressure until the server closes
 * the connection or `maxSendBytes` are sent. @returns the bytes the server let through before closing
 */
function hugeConnect(port: number, maxSendBytes: number): Promise<{ sent: number; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const socket: Socket = tcpConnect(port, '127.0.0.1');
    let sent = 0;
    let closed = false;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve({ sent, closedByServer: sent < maxSendBytes });
    });
    socket.on('connect', async () => {
      // CONNECT (0x10), remaining length 268,435,455 as a 4-byte variable byte integer
      socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]));
      while (!closed && sent < maxSendBytes) {
        const more = socket.write(chunk);
        sent += chunk.length;
        if (!more) await new Promise<void>((r) => (closed ? r() : socket.once('drain', () => r()).once('close', () => r())));
      }
      if (!closed) socket.destroy();
    });
  });
}

describe('embedded broker limits and listeners (real server, real MQTT)', () => {
  let server: RunningServer;
  let key: DeviceKey;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      HOST: '127.0.0.1',
      MQTT_TLS: 'on',
      MQTT_TLS_PORT: '0',
      MQTT_WS: 'on',
      MQTT_WS_PORT: '0',
      MQTT_MESSAGES_PER_SECOND: String(MESSAGES_PER_SECOND),
      MQTT_CONNECTIONS_PER_MINUTE: String(CONNECTIONS_PER_MINUTE),
    });
    const admin = await loggedInClient(server.url);
    key = (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo })).body.data!;
  });

  afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await server?.close();
  });

  it('binds every listener to HOST', () => {
    expect(server.live.mqttListeners).toMatchObject({ address: '127.0.0.1' });
    expect(server.live.mqttListeners?.tlsPort).toBeGreaterThan(0);
    expect(server.live.mqttListeners?.wsPort).toBeGreaterThan(0);
  });

  it('cuts off connections declaring a 255 MB CONNECT before buffering it, and a normal device still connects', async () => {
    const rssBefore = process.memoryUsage().rss;
    const before = server.live.ingestStats();
    // the attack: six connections at once; each would be allowed to send up to 32 MB here
    const results = await Promise.all(Array.from({ length: 6 }, () => hugeConnect(server.mqttPort!, 32 * 1024 * 1024)));
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    const sentKb = results.map((r) => Math.round(r.sent / 1024));
    console.log(`255 MB CONNECT x6: server closed each after ${sentKb.join(', ')} KiB sent; RSS growth ${rssGrowthMb.toFixed(1)} MB`);
    for (const r of results) expect(r.closedByServer).toBe(true);
    // only what was already in flight (kernel socket buffers) got through before the close
    for (const r of results) expect(r.sent).toBeLessThan(16 * 1024 * 1024);
    expect(rssGrowthMb).toBeLessThan(24);
    const after = server.live.ingestStats();
    expect(after.broker!.packetsTooLarge - before.broker!.packetsTooLarge).toBe(6);
    expect(after.rejected['packet-too-large'] - before.rejected['packet-too-large']).toBe(6);

    const device = await connectDevice(server.mqttPort!, key);
    clients.push(device);
    await device.publishAsync(gasTopic('GAS-LK-E-F'), gas(1), { qos: 1 });
    expect(server.live.deviceState(demo).get('GAS-LK-E-F')?.latest).toMatchObject({ CO: 1 });
  });

  it('accepts a device over TLS that verifies the generated certificate', async () => {
    const ca = server.live.mqttListeners!.tlsCertificate!;
    expect(ca).toContain('BEGIN CERTIFICATE');
    const device = await connectAsync(`mqtts://127.0.0.1:${server.live.mqttListeners!.tlsPort}`, {
      ca,
      rejectUnauthorized: true,
      username: key.username,
      password: key.password,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    clients.push(device);
    await device.publishAsync(gasTopic('GAS-LK-E-L'), gas(2), { qos: 1 });
    expect(server.live.deviceState(demo).get('GAS-LK-E-L')?.latest).toMatchObject({ CO: 2 });
    // and refuses a client that does not trust it
    await expect(
      connectAsync(`mqtts://127.0.0.1:${server.live.mqttListeners!.tlsPort}`, { rejectUnauthorized: true, username: key.username, password: key.password, reconnectPeriod: 0, connectTimeout: 5_000 }),
    ).rejects.toThrow(/self-signed|certificate/);
  });

  it('accepts a device over WebSocket with the same credentials, and refuses wrong ones', async () => {
    const url = `ws://127.0.0.1:${server.live.mqttListeners!.wsPort}/mqtt`;
    const device = await connectAsync(url, { username: key.username, password: key.password, reconnectPeriod: 0, connectTimeout: 5_000 });
    clients.push(device);
    await device.publishAsync(gasTopic('GAS-LK-E-P'), gas(3), { qos: 1 });
    expect(server.live.deviceState(demo).get('GAS-LK-E-P')?.latest).toMatchObject({ CO: 3 });
    await expect(connectAsync(url, { username: key.username, password: 'wrong', reconnectPeriod: 0, connectTimeout: 5_000 })).rejects.toThrow(/Bad username or password|Not authorized/);
  });

  it('sends the PUBACK of an alarm-raising QoS 1 message only after the alarm row is written', async () => {
    const device = await connectDevice(server.mqttPort!, key);
    clients.push(device);
    // PGlite has one connection: an open transaction holds the alarm INSERT back until it ends
    let release!: () => void;
    const stalled = new Promise<void>((r) => (release = r));
    let databaseReleased = false;
    const tx = server.db.transaction().execute(() => stalled);
    const acked = device
      .publishAsync(`zhgd/${demo}/camera/CAM-05/alarm`, JSON.stringify({ ts: Date.now(), algType: 'fall', picUrl: '/captures/puback.jpg' }), { qos: 1 })
      .then(() => databaseReleased);
    setTimeout(() => {
      databaseReleased = true;
      release();
    }, 300);
    // the old broker acknowledged at once, while the database was still held
    expect(await acked).toBe(true);
    await tx;
    const row = await server.db.selectFrom('alarms').select(['device_sn', 'metric']).where('pic_url', '=', '/captures/puback.jpg').executeTakeFirst();
    expect(row).toEqual({ device_sn: 'CAM-05', metric: 'fall' });
  });

  it('slows a device publishing faster than its message rate, without losing a message', async () => {
    const device = await connectDevice(server.mqttPort!, key);
    clients.push(device);
    const before = server.live.ingestStats();
    const count = 3 * MESSAGES_PER_SECOND; // burst of 2 s worth, then 1 s at the rate
    const started = performance.now();
    await Promise.all(Array.from({ length: count }, (_, i) => device.publishAsync(gasTopic('GAS-RK-E-F'), gas(i % 10), { qos: 1 })));
    const elapsedMs = performance.now() - started;
    const after = server.live.ingestStats();
    console.log(`${count} messages at a limit of ${MESSAGES_PER_SECOND}/s took ${elapsedMs.toFixed(0)} ms`);
    expect(after.accepted - before.accepted).toBe(count);
    expect(after.broker!.publishesThrottled - before.broker!.publishesThrottled).toBeGreaterThan(0);
    expect(elapsedMs).toBeGreaterThan(800); // (count - burst) / rate = 1 s, less timer granularity
  });

  it('counts a publication to a topic with a wildcard, which closes the connection, as topic-grammar', async () => {
    const device = await connectDevice(server.mqttPort!, key);
    clients.push(device);
    const before = server.live.ingestStats().rejected['topic-grammar'];
    const closed = new Promise<void>((r) => device.once('close', () => r()));
    device.publish(`zhgd/${demo}/gas/#`, gas(1), { qos: 0 });
    await closed;
    const after = await eventually(() => {
      const n = server.live.ingestStats().rejected['topic-grammar'];
      return n > before ? n : undefined;
    }, 5_000, 'the refused publication counted');
    expect(after - before).toBe(1);
    expect(server.live.ingestStats().lastRejects.at(-1)).toMatchObject({ topic: `zhgd/${demo}/gas/#`, reason: 'topic-grammar' });
  });

  it('closes new connections of an address beyond its rate per minute', async () => {
    const before = server.live.ingestStats().broker!.connectionsRefused;
    const sockets = await Promise.all(
      Array.from({ length: CONNECTIONS_PER_MINUTE + 5 }, () => new Promise<Socket>((resolve) => {
        const s = tcpConnect(server.mqttPort!, '127.0.0.1', () => resolve(s));
        s.on('error', () => undefined);
      })),
    );
    const refused = await eventually(() => {
      const n = server.live.ingestStats().broker!.connectionsRefused - before;
      return n >= 5 ? n : undefined;
    }, 5_000, 'refused connections');
    for (const s of sockets) s.destroy();
    expect(refused).toBeGreaterThanOrEqual(5);
  });
});
