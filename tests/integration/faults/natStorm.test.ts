import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICES as DEVICE_ROUTES, type DeviceKey } from '../../../protocol';
import type { RunningServer } from '../../../server/app';
import { DEMO_PROJECT } from '../../../server/seed';
import { toJson } from '../../../server/storage';
import { CO_THRESHOLD } from '../../helpers/alarmLatency';
import { eventually } from '../../helpers/eventually';
import { freeLoopbackPort } from '../../helpers/services';
import { loggedInClient, startTestServer } from '../../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
/** Devices of the site, all behind one address (loopback stands for the site's NAT). */
const DEVICES = 300;
/** Their report period (s): the kind's rule alone would call them offline 6 s after the server is back. */
const PERIOD_S = 2;
const sns = Array.from({ length: DEVICES }, (_, i) => `NAT-GAS-${String(i).padStart(3, '0')}`);

/**
 * A gas station as a field device: connects with the project's key, reconnects every second after a drop
 * (mqtt.js default), and publishes a reading every PERIOD_S while connected.
 */
function startStation(port: number, key: DeviceKey, sn: string): { client: MqttClient; stop(): void } {
  const client = connect(`mqtt://127.0.0.1:${port}`, { username: key.username, password: key.password, reconnectPeriod: 1_000, connectTimeout: 10_000 });
  client.on('error', () => undefined);
  const publish = () => {
    if (client.connected) client.publish(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 1, O2: 20.9 } }), { qos: 1 });
  };
  client.on('connect', publish);
  const timer = setInterval(publish, PERIOD_S * 1_000);
  return { client, stop: () => clearInterval(timer) };
}

/**
 * Fault: a power cut at a site whose devices share one address behind NAT. The server comes back and
 * every device reconnects at once: with the default limits (MQTT_CONNECTIONS_PER_MINUTE 120) they must
 * all be in within 10 s, and none may raise an offline alarm (docs/operations.md "A site behind NAT").
 */
describe('fault: a site behind one NAT reconnecting after a server restart', { timeout: 120_000 }, () => {
  let server: RunningServer | null = null;
  const stations: Array<ReturnType<typeof startStation>> = [];
  let dataDir: string | null = null;
  afterEach(async () => {
    for (const s of stations) s.stop();
    await Promise.all(stations.map((s) => s.client.endAsync(true)));
    stations.length = 0;
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    server = dataDir = null;
  });

  it(`connects all ${DEVICES} devices within 10 s at the default limits and raises no offline alarm`, async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'siteboard-nat-'));
    const env = { DATA_DIR: dataDir, MQTT_PORT: String(await freeLoopbackPort()) };
    server = await startTestServer(env);
    const admin = await loggedInClient(server.url);
    const key = (await admin.post<DeviceKey>(DEVICE_ROUTES.deviceKey.path, { projectId: demo })).body.data!;
    const row = { project_id: demo, kind: 'gas', position: 'test', tunnel_id: null, report_period_s: PERIOD_S, thresholds: toJson([CO_THRESHOLD]), status: 'unknown', last_seen_ms: null, latest: null };
    await server.db.insertInto('devices').values(sns.map((sn) => ({ ...row, sn, name: sn }))).execute();
    await server.live.reloadDevices(demo);
    for (const sn of sns) stations.push(startStation(server.mqttPort!, key, sn));
    const s1 = server;
    await eventually(() => sns.every((sn) => s1.live.deviceState(demo).get(sn)?.online), 90_000, 'every station seen before the power cut');

    await server.close();
    server = null;
    await eventually(() => stations.every((s) => !s.client.connected), 10_000, 'every station disconnected');
    server = await startTestServer(env);
    const backAt = performance.now();
    const connectedMs: number[] = [];
    for (const s of stations) {
      if (s.client.connected) connectedMs.push(0);
      else s.client.once('connect', () => connectedMs.push(performance.now() - backAt));
    }
    await eventually(() => connectedMs.length === DEVICES || undefined, 10_000, `all ${DEVICES} stations connected within 10 s (${connectedMs.length} were)`);
    const sorted = [...connectedMs].sort((a, b) => a - b);
    console.log(`${DEVICES} stations from one address back in ${sorted[DEVICES - 1].toFixed(0)} ms (p50 ${sorted[DEVICES >> 1].toFixed(0)} ms); refused meanwhile: ${server.live.ingestStats().broker!.connectionsRefused}`);

    // past both the kind's rule (3 periods) and the grace (OFFLINE_GRACE_PERIODS 6) after the restart
    const s2 = server;
    await new Promise((r) => setTimeout(r, (6 + 1) * PERIOD_S * 1_000));
    expect(sns.filter((sn) => !s2.live.deviceState(demo).get(sn)?.online)).toEqual([]);
    const offline = await s2.db.selectFrom('alarms').select('device_sn').where('kind', '=', 'offline').execute();
    expect(offline).toEqual([]);
  });
});
