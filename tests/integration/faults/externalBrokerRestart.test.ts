import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { eventually } from '../../helpers/eventually';
import { startTestMosquitto, type TestMosquitto } from '../../helpers/mosquitto';
import { startTestServer } from '../../helpers/testServer';
import { expectEveryAckedStored, startCameraPublisher, type CameraPublisher } from './faultKit';

/**
 * Fault: the external broker (a real Mosquitto, persistence on) restarts while devices publish alarm
 * events. Every message Mosquitto acknowledged to a device must end up as an alarm row: the server's
 * persistent session (docs/operations.md) keeps the subscription and the queued messages across the restart.
 */
describe('fault: external broker restart', { timeout: 60_000 }, () => {
  let broker: TestMosquitto | null = null;
  let server: RunningServer | null = null;
  let publisher: CameraPublisher | null = null;
  afterEach(async () => {
    await publisher?.stop();
    await server?.close();
    await broker?.close();
    publisher = server = broker = null;
  });

  it('loses none of the alarm messages the broker acknowledged, across a Mosquitto restart mid-stream', async () => {
    broker = await startTestMosquitto();
    server = await startTestServer({ MQTT_URL: broker.url, NODE_ID: 'fault-broker-restart' });
    publisher = await startCameraPublisher(broker.url, { clientId: 'fault-cameras-a', everyMs: 4, max: 3_000 });
    const pub = publisher;

    await eventually(() => pub.acked.size >= 100, 15_000, '100 acknowledged before the restart');
    await broker.restart();
    const atRestart = pub.acked.size;
    await eventually(() => pub.acked.size >= atRestart + 200, 20_000, '200 acknowledged after the restart');
    await pub.stop();

    await expectEveryAckedStored(server.db, pub, 'fault: broker restart', 15_000);
    expect(server.live.ingestStats().mqttSession).toEqual({ lost: 0, lastLostAtMs: null }); // the broker kept the session
  });
});
