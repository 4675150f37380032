import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, FLEET, OPERATIONS, type Alarm, type RegistryDevice, type SystemStatus, type ThresholdAuditPage, type ThresholdView } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { addCoStation } from '../helpers/alarmLatency';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const SN = 'GAS-CO-ONLY';
const gas = (readings: Record<string, number>) => JSON.stringify({ ts: Date.now(), readings });
const topic = `zhgd/${demo}/gas/${SN}/telemetry`;

/**
 * A gas station registered with CO only reports CH4 and O2 (docs/domain.md "Unconfigured metrics"): both
 * are judged on the kind's defaults at once, the device is flagged in the registry, the status page and
 * /metrics, across a restart, until the administrator confirms the defaults (audited).
 */
describe('metrics with no configured threshold, against the real server', () => {
  let dir: string;
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;
  let socket: LiveSocket;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-unconfigured-'));
    server = await startTestServer({ DATA_DIR: dir });
    admin = await loggedInClient(server.url);
    await addCoStation(server, demo, SN);
    const key = await server.db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', demo).executeTakeFirstOrThrow();
    device = await connectDevice(server.mqttPort!, { username: key.mqtt_username, password: key.mqtt_password });
    socket = await connectLiveSocket(server.url, admin.cookie);
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
  });

  afterAll(async () => {
    socket?.close();
    await device?.endAsync();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function ok<T>(client: ApiClient, route: string, body: unknown): Promise<T> {
    const r = await client.post<T>(route, body);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.data as T;
  }
  const registryRow = async () => (await ok<RegistryDevice[]>(admin, ADMIN.deviceRegistryList.path, { projectId: demo })).find((d) => d.sn === SN);
  const statusRow = async () => (await ok<SystemStatus>(admin, OPERATIONS.systemStatus.path, {})).unconfiguredMetrics.find((d) => d.sn === SN);
  const metricsText = async () => (await fetch(`${server.url}/metrics`, { headers: { cookie: admin.cookie! } })).text();

  function nextAlarm(metric: string): Promise<Alarm> {
    return new Promise((resolve) => {
      const on = (a: Alarm) => {
        if (a.deviceSn !== SN || a.metric !== metric) return;
        socket.off('alarm.changed', on);
        resolve(a);
      };
      socket.on('alarm.changed', on);
    });
  }

  it('raises a CH4 alarm on the default limit and pushes it within 1.5 s', async () => {
    const pushed = nextAlarm('CH4');
    const sentAt = performance.now();
    await device.publishAsync(topic, gas({ CO: 2, CH4: 1.2 }), { qos: 1 });
    const alarm = await pushed;
    expect(performance.now() - sentAt).toBeLessThan(1_500);
    expect(alarm).toMatchObject({ kind: 'threshold', level: 'alarm', side: 'over', value: 1.2, threshold: 1.0, unit: '%vol', state: 'active', limitSource: 'default' });
  });

  it('raises a below-limit O2 alarm on the default limit', async () => {
    const pushed = nextAlarm('O2');
    await device.publishAsync(topic, gas({ O2: 19.0 }), { qos: 1 });
    expect(await pushed).toMatchObject({ level: 'alarm', side: 'below', value: 19.0, threshold: 19.5, limitSource: 'default' });
  });

  it('flags the device in the registry, the status page and /metrics, and keeps the flag across a restart', async () => {
    await eventually(async () => (await registryRow())?.unconfiguredMetrics.length === 2, 5_000, 'flag stored');
    expect((await registryRow())?.unconfiguredMetrics).toEqual(['CH4', 'O2']);
    expect(await statusRow()).toMatchObject({ projectId: demo, kind: 'gas', metrics: ['CH4', 'O2'] });
    const text = await metricsText();
    expect(text).toContain(`siteboard_device_unconfigured_metric{project="${demo}",sn="${SN}",kind="gas",metric="CH4"} 1`);
    expect(text).toContain(`siteboard_device_unconfigured_metric{project="${demo}",sn="${SN}",kind="gas",metric="O2"} 1`);

    await device.endAsync();
    await server.close();
    server = await startTestServer({ DATA_DIR: dir });
    admin = await loggedInClient(server.url);
    expect((await registryRow())?.unconfiguredMetrics).toEqual(['CH4', 'O2']);
    const key = await server.db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', demo).executeTakeFirstOrThrow();
    device = await connectDevice(server.mqttPort!, { username: key.mqtt_username, password: key.mqtt_password });
    socket.close();
    socket = await connectLiveSocket(server.url, admin.cookie);
  });

  it('drops the flag once the administrator confirms the defaults, with an audit entry per metric', async () => {
    const view = await ok<ThresholdView>(admin, FLEET.thresholdReset.path, { projectId: demo, target: { sn: SN }, metrics: ['CH4', 'O2'] });
    expect(view.entries.map((e) => e.threshold.metric).sort()).toEqual(['CH4', 'CO', 'O2']);
    expect((await registryRow())?.unconfiguredMetrics).toEqual([]);
    expect(await statusRow()).toBeUndefined();
    expect(await metricsText()).not.toContain(`sn="${SN}"`);

    const audit = await ok<ThresholdAuditPage>(admin, FLEET.thresholdAudit.path, { projectId: demo, target: { sn: SN } });
    expect(audit.entries.map((e) => [e.metric, e.action, e.oldThreshold, e.newThreshold?.alarmLow ?? e.newThreshold?.alarmHigh, e.changedBy]).sort()).toEqual([
      ['CH4', 'reset', null, 1.0, 'admin'],
      ['O2', 'reset', null, 19.5, 'admin'],
    ]);

    // the next reading is judged on the device's own threshold now, and the flag stays gone
    await device.publishAsync(topic, gas({ CH4: 1.3 }), { qos: 1 });
    await eventually(() => server.live.deviceState(demo).get(SN)?.latest?.CH4 === 1.3, 5_000, 'reading');
    const rows = await server.db.selectFrom('alarms').selectAll().where('device_sn', '=', SN).where('metric', '=', 'CH4').execute();
    expect(rows).toHaveLength(1);
    expect((await registryRow())?.unconfiguredMetrics).toEqual([]);
  });
});
