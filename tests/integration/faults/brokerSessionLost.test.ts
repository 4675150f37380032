import { afterEach, describe, expect, it } from 'vitest';
import { OPERATIONS, type SystemStatus } from '../../../protocol';
import type { RunningServer } from '../../../server/app';
import { eventually } from '../../helpers/eventually';
import { startTestMosquitto, type TestMosquitto } from '../../helpers/mosquitto';
import { loggedInClient, startTestServer } from '../../helpers/testServer';
import { compareEvents, startCameraPublisher, storedAiEvents, type CameraPublisher } from './faultKit';

/**
 * Fault: the external broker restarts without persistence (Mosquitto `persistence false`, or a persistence
 * directory it cannot write) while devices publish. The broker comes back without the server's session:
 * what it acknowledged to devices before the server subscribed again is lost, and the server must say so
 * (warning, /metrics, the status page) instead of logging it at info level.
 */
describe('fault: the external broker loses the server\'s session', { timeout: 60_000 }, () => {
  let broker: TestMosquitto | null = null;
  let server: RunningServer | null = null;
  let publisher: CameraPublisher | null = null;
  afterEach(async () => {
    await publisher?.stop();
    await server?.close();
    await broker?.close();
    publisher = server = broker = null;
  });

  it('counts the lost session on /metrics and the status page, and takes messages again at once', async () => {
    broker = await startTestMosquitto({ persistence: false });
    server = await startTestServer({ MQTT_URL: broker.url, NODE_ID: 'fault-session-lost' });
    const admin = await loggedInClient(server.url);
    const status = async () => (await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {})).body.data!;
    expect((await status()).mqttSession).toEqual({ lost: 0, lastLostAtMs: null });
    publisher = await startCameraPublisher(broker.url, { clientId: 'fault-cameras-lost', everyMs: 4, max: 3_000 });
    const pub = publisher;
    const s = server;
    await eventually(() => pub.acked.size >= 100, 15_000, '100 acknowledged before the restart');

    const restartAt = Date.now();
    await broker.restart();
    const atRestart = pub.acked.size;
    await eventually(() => pub.acked.size >= atRestart + 200, 20_000, '200 acknowledged after the restart');
    await pub.stop();
    // settled: what the server stored stops moving once the last acknowledged messages are in
    let previous = -1;
    const { lost } = await eventually(async () => {
      const seen = compareEvents(pub.ackedBySn, await storedAiEvents(s.db));
      const settled = seen.lost === previous;
      previous = seen.lost;
      return settled ? seen : undefined;
    }, 15_000, 'stored events settled', 500);
    console.log(`broker restart without persistence: ${lost} of ${pub.acked.size} acknowledged messages lost (the server warned, counted and re-subscribed)`);
    expect(lost).toBeLessThan(pub.acked.size - atRestart); // subscribed again: most of those after the restart are stored

    const after = await status();
    expect(after.mqttSession?.lost).toBe(1);
    expect(after.mqttSession!.lastLostAtMs!).toBeGreaterThanOrEqual(restartAt);
    const metrics = await (await fetch(`${s.url}/metrics`, { headers: { cookie: admin.cookie! } })).text();
    expect(metrics).toMatch(/^siteboard_mqtt_sessions_lost_total 1$/m);
  });
});
