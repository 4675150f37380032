import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeviceMessage, parseDeviceTopic } from '../../../../protocol';
import { startSimulator } from '../../../../server/simulator/index';

const USER = 'demo-device';
const PASS = 'demo-secret';

let broker: Aedes;
let server: Server;
let url: string;

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => {
      if (username === USER && password?.toString() === PASS) return done(null, true);
      done(Object.assign(new Error('bad credentials'), { returnCode: 4 }) as AuthenticateError, null);
    },
  });
  server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function subscriber(): Promise<{ client: MqttClient; received: { topic: string; payload: Buffer }[] }> {
  const client = await connectAsync(url, { username: USER, password: PASS, reconnectPeriod: 0 });
  const received: { topic: string; payload: Buffer }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, payload }));
  await client.subscribeAsync('zhgd/demo-tunnel/#');
  return { client, received };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startSimulator against a real broker', () => {
  it('publishes parseable device messages on the project topics, and stops cleanly', async () => {
    const { client, received } = await subscriber();
    const sim = await startSimulator({ url, username: USER, password: PASS, projectId: 'demo-tunnel', speed: 20 });
    await sleep(1_200);
    await sim.stop();
    await sleep(200);
    const countAtStop = received.length;

    const kinds = new Set<string>();
    const problems: string[] = [];
    for (const m of received) {
      const topic = parseDeviceTopic(m.topic);
      if ('error' in topic) {
        problems.push(`${m.topic}: ${topic.error}`);
        continue;
      }
      kinds.add(topic.kind);
      const msg = parseDeviceMessage(topic.kind, m.payload);
      if ('reason' in msg) problems.push(`${m.topic}: ${msg.detail}`);
    }
    expect(problems).toEqual([]);
    expect(kinds).toEqual(new Set(['gas', 'beacon', 'towerCrane', 'constructionElevator', 'gantryCrane', 'environment', 'cycleStage', 'tunnelProgress', 'vehicle', 'gate', 'fogCannon']));
    // ~20 simulated seconds: every on-shift beacon about 20 times, every face station about twice.
    expect(received.length).toBeGreaterThan(1_000);
    expect(sim.stats().published).toBe(received.length);

    await sleep(300);
    expect(received.length).toBe(countAtStop); // nothing after stop
    expect(broker.connectedClients).toBe(1); // only our subscriber
    await sim.stop(); // idempotent
    await client.endAsync();
  });

  it('reconnects on its own after the broker drops it', async () => {
    const { client, received } = await subscriber();
    const simClient = new Promise<Client>((resolve) => {
      const onReady = (c: Client) => {
        if (!c.id.startsWith('siteboard-sim-')) return;
        broker.off('clientReady', onReady);
        resolve(c);
      };
      broker.on('clientReady', onReady);
    });
    const sim = await startSimulator({ url, username: USER, password: PASS, projectId: 'demo-tunnel', speed: 5 });
    await sleep(300);
    (await simClient).close();
    await sleep(2_800); // reconnect period is 2 s
    const before = received.length;
    await sleep(400);
    expect(received.length).toBeGreaterThan(before);
    await sim.stop();
    await client.endAsync();
  });

  it('rejects with a clear error when the broker refuses the credentials', async () => {
    await expect(startSimulator({ url, username: USER, password: 'wrong', projectId: 'demo-tunnel' })).rejects.toThrow(
      /refused the simulator's credentials/,
    );
    await sleep(50);
    expect(broker.connectedClients).toBe(0);
  });

  it('rejects invalid options before connecting', async () => {
    await expect(startSimulator({ url: 'http://example.com', projectId: 'demo-tunnel' })).rejects.toThrow(/option url/);
    await expect(startSimulator({ url, projectId: 'demo/tunnel' })).rejects.toThrow(/option projectId/);
    await expect(startSimulator({ url, projectId: 'demo-tunnel', speed: 0 })).rejects.toThrow(/option speed/);
  });
});
