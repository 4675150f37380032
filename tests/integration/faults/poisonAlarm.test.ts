import type { MqttClient } from 'mqtt';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, OPERATIONS, type DeviceKey, type IngestStats } from '../../../protocol';
import type { RunningServer } from '../../../server/app';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../../server/seed';
import { addCoStation, coAlarmLatencyMs } from '../../helpers/alarmLatency';
import type { ApiClient } from '../../helpers/apiClient';
import { connectDevice } from '../../helpers/devices';
import { eventually } from '../../helpers/eventually';
import { loggedInClient, startTestServer } from '../../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const other = OTHER_PROJECT.projectId;
const POISON_COUNT = 10;

const cameraTopic = (sn: string) => `zhgd/${demo}/camera/${sn}/alarm`;
const coTopic = (sn: string) => `zhgd/${other}/gas/${sn}/telemetry`;
const coReading = () => JSON.stringify({ ts: Date.now(), readings: { CO: 60 } });

/**
 * A message that cannot be stored must not hold back other projects' alarms. Before the
 * fix, a camera event with a NUL in `picUrl` passed the schema, failed the INSERT and was retried forever
 * with a 1 s pause: a CO alarm of another project took about 1 s per such message (10.8 s after ten).
 */
describe('poison messages (real server, real MQTT, real database)', () => {
  let server: RunningServer;
  let camera: MqttClient;
  let gas: MqttClient;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    const key = async (projectId: string) => (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId })).body.data!;
    for (const sn of ['GAS-B-BASE', 'GAS-B-NUL', 'GAS-B-DB']) await addCoStation(server, other, sn);
    camera = await connectDevice(server.mqttPort!, await key(demo));
    gas = await connectDevice(server.mqttPort!, await key(other));
  });

  afterAll(async () => {
    await camera?.endAsync();
    await gas?.endAsync();
    await server?.close();
  });

  it('refuses a NUL or a lone surrogate in picUrl at the edge, and another project\'s CO alarm is not delayed', async () => {
    const baselineMs = await coAlarmLatencyMs(server, 'GAS-B-BASE', () => gas.publishAsync(coTopic('GAS-B-BASE'), coReading(), { qos: 1 }));
    const before = server.live.ingestStats();

    for (let i = 0; i < POISON_COUNT; i++) {
      const picUrl = i % 2 === 0 ? `/captures/poison-${i}\u0000.jpg` : `/captures/poison-${i}\ud800.jpg`;
      camera.publish(cameraTopic('CAM-01'), JSON.stringify({ ts: Date.now(), algType: 'noHelmet', picUrl }), { qos: 1 });
    }
    const withPoisonMs = await coAlarmLatencyMs(server, 'GAS-B-NUL', () => gas.publishAsync(coTopic('GAS-B-NUL'), coReading(), { qos: 1 }));
    console.log(`CO alarm latency: ${baselineMs.toFixed(0)} ms alone, ${withPoisonMs.toFixed(0)} ms after ${POISON_COUNT} NUL/surrogate picUrls`);
    expect(baselineMs).toBeLessThan(1_000);
    expect(withPoisonMs).toBeLessThan(1_000);

    const after = await eventually(() => {
      const s = server.live.ingestStats();
      return s.rejected.schema - before.rejected.schema >= POISON_COUNT ? s : undefined;
    }, 5_000, 'schema rejections');
    expect(after.rejected.schema - before.rejected.schema).toBe(POISON_COUNT);
    expect(after.accepted - before.accepted).toBe(1); // the CO reading only
    expect(after.lastRejects.at(-1)).toMatchObject({ reason: 'schema', detail: expect.stringMatching(/^picUrl: must not contain/) });
    const rows = await server.db.selectFrom('alarms').select('alarm_id').where('device_sn', '=', 'CAM-01').execute();
    expect(rows).toEqual([]);
  });

  it('dead-letters messages whose alarm the database refuses, counts them, and keeps other projects\' alarms fast', async () => {
    // A message that passes every check yet fails the INSERT for a data reason (SQLSTATE class 23 here,
    // as class 22 was for the NUL): the database itself refuses CAM-02's alarm rows.
    await sql`ALTER TABLE alarms ADD CONSTRAINT test_poison_cam CHECK (device_sn <> 'CAM-02')`.execute(server.db);
    const before = server.live.ingestStats();

    const poisonAcks = Array.from({ length: POISON_COUNT }, (_, i) =>
      camera.publishAsync(cameraTopic('CAM-02'), JSON.stringify({ ts: Date.now(), algType: 'noVest', picUrl: `/captures/db-${i}.jpg` }), { qos: 1 }),
    );
    const withPoisonMs = await coAlarmLatencyMs(server, 'GAS-B-DB', () => gas.publishAsync(coTopic('GAS-B-DB'), coReading(), { qos: 1 }));
    console.log(`CO alarm latency: ${withPoisonMs.toFixed(0)} ms behind ${POISON_COUNT} messages the database refuses`);
    expect(withPoisonMs).toBeLessThan(1_000);
    await Promise.all(poisonAcks); // dead-lettered messages are acknowledged: sending them again cannot help

    const letters = await eventually(async () => {
      const r = await server.db.selectFrom('dead_letters').selectAll().where('device_sn', '=', 'CAM-02').orderBy('dead_letter_id').execute();
      return r.length >= POISON_COUNT ? r : undefined;
    }, 5_000, 'dead letters');
    expect(letters).toHaveLength(POISON_COUNT);
    expect(letters[0]).toMatchObject({ project_id: demo, topic: cameraTopic('CAM-02'), reason: expect.stringMatching(/^23514 .*test_poison_cam/) });
    expect(letters[0].payload).toContain('/captures/db-0.jpg');
    expect(JSON.parse(letters[0].draft!)).toMatchObject({ deviceSn: 'CAM-02', kind: 'ai', metric: 'noVest', alarmId: null });

    // as administrators see it
    const after = (await admin.post<IngestStats>(OPERATIONS.ingestStats.path, {})).body.data!;
    expect(after.rejected['dead-letter'] - before.rejected['dead-letter']).toBe(POISON_COUNT);
    expect(after.accepted - before.accepted).toBe(1); // the CO reading, not the poison
    expect(after.alarmWrites).toMatchObject({ pending: 0 });
    expect(after.alarmWrites!.deadLettered).toBeGreaterThanOrEqual(POISON_COUNT);
    await sql`ALTER TABLE alarms DROP CONSTRAINT test_poison_cam`.execute(server.db);
  });
});
