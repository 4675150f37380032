import { connect as tcpConnect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, decodeTelemetryFrame, DEVICES, frameBatch, HISTORY, OPERATIONS, type Alarm, type DeviceKey, type IngestStats, type RejectReason, type TelemetryBatch, type TelemetryHistory } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { formatData, formatDataTime, formatQn, framePacket, Hj212Framer, parsePacket } from '../../server/hj212/codec';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { eventually } from '../helpers/eventually';
import { connectDevice } from '../helpers/devices';
import { connectLiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
/** A seeded environment monitor of the demo tunnel (server/seed/demoProject.ts). */
const SN = 'ENV-LK-E';
const MAX_CONNECTIONS = 4;

/** A TCP client of the HJ 212 listener that collects the packets the server sends back and notices the close. */
class Hj212Client {
  readonly socket: Socket;
  readonly received: string[] = [];
  closed = false;
  private readonly framer = new Hj212Framer();

  constructor(port: number) {
    this.socket = tcpConnect(port, '127.0.0.1');
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('data', (chunk) => {
      for (const e of this.framer.push(chunk as Buffer)) if ('data' in e) this.received.push(e.data);
    });
  }

  connected(): Promise<void> {
    return new Promise((resolve) => (this.socket.connecting ? this.socket.once('connect', () => resolve()) : resolve()));
  }

  send(bytes: Uint8Array | string): void {
    this.socket.write(bytes);
  }

  end(): void {
    this.socket.destroy();
  }
}

/** Minute data (CN 2051) of `mn` with PW `pw` for the minute starting at `ts`; `cp` the factor groups. */
function minuteData(mn: string, pw: string, ts: number, cp: Array<Record<string, string>>, flag = 5): string {
  return formatData({ qn: formatQn(ts + 60_000), st: '22', cn: '2051', pw, mn, flag, cp: [{ DataTime: formatDataTime(ts) }, ...cp] });
}

describe('HJ 212-2017 over TCP (real server, real sockets)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let key: DeviceKey;
  let port: number;
  const clients: Hj212Client[] = [];

  const client = async () => {
    const c = new Hj212Client(port);
    clients.push(c);
    await c.connected();
    return c;
  };
  const stats = async () => (await admin.post<IngestStats>(OPERATIONS.ingestStats.path, {})).body.data!;
  /** Waits until `reason` was counted `n` more times than in `before`. */
  const counted = (before: IngestStats, reason: RejectReason, n = 1) =>
    eventually(async () => (await stats()).rejected[reason] >= before.rejected[reason] + n, 10_000, `${reason} counted`);

  beforeAll(async () => {
    server = await startTestServer({ HJ212_PORT: '0', HJ212_MAX_CONNECTIONS: String(MAX_CONNECTIONS), HJ212_IDLE_S: '2', HJ212_PACKET_S: '1' });
    port = server.live.hj212Port!;
    admin = await loggedInClient(server.url);
    key = (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo })).body.data!;
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) c.end();
    // the listener counts a connection until it has seen it close
    await eventually(() => server.live.hj212Connections() === 0, 10_000, 'connections closed');
  });

  afterAll(async () => {
    for (const c of clients) c.end();
    await server?.close();
  });

  it('turns minute data into readings over REST and socket.io, answers it with CN 9014, and judges PM on µg/m³', async () => {
    const socket = await connectLiveSocket(server.url, admin.cookie, { reconnect: false });
    try {
      expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'environment' })).toEqual({ ok: true });
      expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
      const batches: TelemetryBatch[] = [];
      const alarms: Alarm[] = [];
      socket.on('telemetry.frame', (bytes) => batches.push(frameBatch(decodeTelemetryFrame(bytes))));
      socket.on('alarm.changed', (a) => alarms.push(a));

      const c = await client();
      const ts = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
      const data = minuteData(SN, key.password, ts, [
        { 'a34004-Avg': '0.120', 'a34004-Flag': 'N' }, // 120 µg/m³: over PM2.5's 115 alarm limit
        { 'a34002-Avg': '0.160', 'a34002-Flag': 'D' }, // over PM10's 150 but faulty: stored, not judged
        { 'a34001-Avg': '0.310', 'a34001-Flag': 'N' },
        { 'LA-Avg': '58.2', 'LA-Flag': 'N' },
        { 'a01001-Avg': '21.5', 'a01002-Avg': '63', 'a01007-Avg': '2.4', 'a01008-Avg': '225' },
      ]);
      c.send(framePacket(data));

      // the data answer: same QN, CN 9014, ST 91, Flag 4 (HJ 212-2017 §6.3)
      const answer = await eventually(() => c.received[0], 10_000, 'CN 9014');
      expect(parsePacket(answer)).toMatchObject({ qn: (parsePacket(data) as { qn: string }).qn, st: '91', cn: '9014', mn: SN, pw: key.password, flag: 4, cp: [] });

      const items = () => batches.flatMap((b) => b.items as Array<{ sn: string }>);
      const live = await eventually(() => items().find((i) => i.sn === SN), 10_000, 'live item');
      // the live item is the environment kind's MQTT payload: flags other than N by reading
      expect(live).toMatchObject({ ts, pm25: 120, pm10: 160, flags: { pm10: 'D' }, tsp: 0.31, noise: 58.2, temperature: 21.5, humidity: 63, windSpeed: 2.4, windDirection: 225 });
      expect(live).not.toHaveProperty('flags.pm25');

      const history = await eventually(async () => {
        const r = await admin.post<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: [SN], fromMs: ts - 1, toMs: ts + 1 });
        const s = r.body.data?.series[0];
        return s && s.ts.length > 0 ? s : undefined;
      }, 10_000, 'history');
      expect(history.ts).toEqual([ts]);
      expect(history.values).toMatchObject({ pm25: [120], pm10: [160], pm10Flag: [4], pm25Flag: [0], noise: [58.2] });

      const pm = await eventually(() => alarms.find((a) => a.deviceSn === SN), 10_000, 'PM2.5 alarm');
      expect(pm).toMatchObject({ metric: 'pm25', level: 'alarm', value: 120, threshold: 115, unit: 'µg/m³' });
      expect(alarms.filter((a) => a.deviceSn === SN && a.metric === 'pm10')).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('takes the same readings over MQTT (the environment payload), flags included, and judges noise on its limit', async () => {
    const mqtt = await connectDevice(server.mqttPort!, key);
    try {
      const sn = 'ENV-RK-E';
      const ts = Date.now();
      await mqtt.publishAsync(`zhgd/${demo}/environment/${sn}/telemetry`, JSON.stringify({ ts, pm10: 40, noise: 90, humidity: 55, flags: { humidity: 'M' } }), { qos: 1 });
      const history = await eventually(async () => {
        const r = await admin.post<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: [sn], fromMs: ts - 1, toMs: ts + 1 });
        const s = r.body.data?.series[0];
        return s && s.ts.length > 0 ? s : undefined;
      }, 10_000, 'history');
      expect(history.values).toMatchObject({ pm10: [40], pm10Flag: [0], noise: [90], humidity: [55], humidityFlag: [2] });
      // 90 dB(A) is over the day (70) and the night (55) limit: an alarm whatever the hour
      const alarms = await eventually(async () => {
        const r = await admin.post<{ list: Alarm[] }>(ALARMS.alarmList.path, { projectId: demo, deviceSn: sn });
        const list = r.body.data?.list ?? [];
        return list.length > 0 ? list : undefined;
      }, 10_000, 'noise alarm');
      expect(alarms).toMatchObject([{ metric: 'noise', level: 'alarm', value: 90, unit: 'dB(A)' }]);
    } finally {
      await mqtt.endAsync();
    }
  });

  it('sends no answer when Flag does not ask for one, and answers a time calibration request with CN 1012', async () => {
    const c = await client();
    c.send(framePacket(minuteData(SN, key.password, Math.floor(Date.now() / 60_000) * 60_000, [{ 'LA-Avg': '50.0' }], 4)));
    c.send(framePacket(formatData({ qn: formatQn(Date.now()), st: '22', cn: '1013', pw: key.password, mn: SN, flag: 4, cp: [] })));
    const reply = await eventually(() => c.received[0], 10_000, 'CN 1012');
    const p = parsePacket(reply);
    expect(p).toMatchObject({ cn: '1012', mn: SN });
    expect(c.received).toHaveLength(1); // the minute data went unanswered
  });

  it('refuses a bad CRC, a length that does not match, bytes outside a packet, a malformed packet and a device of another kind, counting each, and keeps the connection', async () => {
    const before = await stats();
    const c = await client();
    const good = new TextDecoder().decode(framePacket(minuteData(SN, key.password, Date.now() - 120_000, [{ 'LA-Avg': '51.0' }])));
    c.send(good.replace(/[0-9A-F]{4}\r\n$/, (crc) => `${crc === '0000' ? '0001' : '0000'}\r\n`));
    c.send(good.replace(/^##(\d{4})/, (_m, n: string) => `##${String(Number(n) - 1).padStart(4, '0')}`));
    c.send(framePacket('ST=22;CN=2051;PW=x;MN=y;Flag=4'));
    c.send(framePacket(minuteData(SN, key.password, Date.now(), [{ 'LA-Avg': 'loud' }])));
    c.send('GET / HTTP/1.1\r\n\r\n');
    // a registered device of a kind that does not speak HJ 212 (a gas station), with the right PW
    c.send(framePacket(minuteData('GAS-LK-E-F', key.password, Date.now(), [{ 'LA-Avg': '50' }])));
    await counted(before, 'hj212-framing', 2);
    await counted(before, 'wrong-kind');
    await counted(before, 'hj212-crc');
    await counted(before, 'hj212-length');
    await counted(before, 'hj212-packet', 2);
    // the same connection still delivers a good packet
    c.send(good);
    await eventually(() => c.received.length > 0, 10_000, 'answer after refusals');
    expect(c.closed).toBe(false);
  });

  it('closes the connection of an unknown MN, a wrong PW and an announced data segment over 1024 bytes', async () => {
    const before = await stats();
    const unknown = await client();
    unknown.send(framePacket(minuteData('ENV-NOPE', key.password, Date.now(), [{ 'LA-Avg': '50' }])));
    const wrongPw = await client();
    wrongPw.send(framePacket(minuteData(SN, `${key.password}x`, Date.now(), [{ 'LA-Avg': '50' }])));
    const huge = await client();
    huge.send(`##1025QN=${'9'.repeat(500)}`);
    await counted(before, 'unknown-device');
    await counted(before, 'hj212-password');
    await counted(before, 'hj212-too-large');
    await eventually(() => unknown.closed && wrongPw.closed && huge.closed, 10_000, 'connections closed');
    expect(unknown.received).toEqual([]);
    expect(wrongPw.received).toEqual([]);
  });

  it('closes a connection idle too long and one whose packet does not arrive in time', async () => {
    const before = await stats();
    const idle = await client();
    const slow = await client();
    slow.send('##0101QN=2016'); // and nothing more
    await eventually(() => idle.closed && slow.closed, 10_000, 'timeouts');
    await counted(before, 'hj212-timeout', 2);
    const last = (await stats()).lastRejects.filter((r) => r.reason === 'hj212-timeout').map((r) => r.detail);
    expect(last.some((d) => /no packet for 2 s/.test(d))).toBe(true);
    expect(last.some((d) => /not complete within 1 s/.test(d))).toBe(true);
  });

  it('closes connections over HJ212_MAX_CONNECTIONS at once and takes new ones after others close', async () => {
    const before = await stats();
    const open = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => client()));
    const extra = await client();
    await eventually(() => extra.closed, 10_000, 'extra connection closed');
    await counted(before, 'hj212-connections');
    expect(open.every((c) => !c.closed)).toBe(true);
    open[0].end();
    await eventually(async () => {
      const again = await client();
      await new Promise((r) => setTimeout(r, 200));
      return !again.closed;
    }, 10_000, 'a free slot');
  });
});
