import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { eventually } from '../../helpers/eventually';
import { startTestMosquitto, type TestMosquitto } from '../../helpers/mosquitto';
import { startTestServer } from '../../helpers/testServer';
import { expectEveryAckedStored, startCameraPublisher, startNetwork, type CameraPublisher } from './faultKit';

/**
 * Fault: the server's own MQTT connection to the external broker goes away (here: the server restarts,
 * on the same database and NODE_ID) while devices keep publishing alarm events. The broker queues them in
 * the server's persistent session; every message it acknowledged to a device must end up as an alarm row.
 */
describe('fault: server away from the external broker', { timeout: 60_000 }, () => {
  let broker: TestMosquitto | null = null;
  let server: RunningServer | null = null;
  let publisher: CameraPublisher | null = null;
  let dataDir: string | null = null;
  let link: Awaited<ReturnType<typeof startNetwork>> | null = null;
  afterEach(async () => {
    await publisher?.stop();
    await server?.close();
    await link?.close();
    link = null;
    await broker?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    publisher = server = broker = dataDir = null;
  });

  it('loses none of the alarm messages the broker acknowledged while the server restarted', async () => {
    broker = await startTestMosquitto();
    dataDir = mkdtempSync(path.join(tmpdir(), 'siteboard-fault-'));
    const env = { MQTT_URL: broker.url, NODE_ID: 'fault-server-restart', DATA_DIR: dataDir };
    server = await startTestServer(env);
    publisher = await startCameraPublisher(broker.url, { clientId: 'fault-cameras-b', everyMs: 4, max: 4_000 });
    const pub = publisher;

    await eventually(() => pub.acked.size >= 100, 15_000, '100 acknowledged before the server stops');
    await server.close();
    server = null;
    const whileAway = pub.acked.size;
    await eventually(() => pub.acked.size >= whileAway + 200, 15_000, '200 acknowledged while the server is away');
    const ackedWhileAway = pub.acked.size - whileAway;
    server = await startTestServer(env);
    const afterBack = pub.acked.size;
    await eventually(() => pub.acked.size >= afterBack + 100, 15_000, '100 acknowledged after the server is back');
    await pub.stop();

    await expectEveryAckedStored(server.db, pub, 'fault: server restart', 15_000, ` (${ackedWhileAway} while the server was away)`);
  });

  it('loses none of the alarm messages the broker acknowledged while the server\'s own link to it was down', async () => {
    broker = await startTestMosquitto();
    link = await startNetwork(broker.port);
    server = await startTestServer({ MQTT_URL: `mqtt://127.0.0.1:${link.port}`, NODE_ID: 'fault-link-drop' });
    publisher = await startCameraPublisher(broker.url, { clientId: 'fault-cameras-c', everyMs: 4, max: 4_000 });
    const pub = publisher;

    await eventually(() => pub.acked.size >= 100, 15_000, '100 acknowledged before the link drops');
    await link.drop(); // the server's connection is cut; devices still reach the broker
    const atDrop = pub.acked.size;
    await eventually(() => pub.acked.size >= atDrop + 200, 15_000, '200 acknowledged while the link is down');
    await link.restore();
    const atRestore = pub.acked.size;
    await eventually(() => pub.acked.size >= atRestore + 100, 15_000, '100 acknowledged after the link is back');
    await pub.stop();

    await expectEveryAckedStored(server.db, pub, 'fault: server link drop', 20_000);
  });
});
