import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startExternalBroker, type ExternalBroker } from './externalBroker';

/** A plain aedes broker standing in for Mosquitto/EMQX. */
async function startPlainBroker(port = 0): Promise<{ port: number; close(): Promise<void> }> {
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle as (s: import('node:net').Socket) => void);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('external broker consumer (real MQTT broker)', () => {
  const toClose: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const c of toClose.splice(0).reverse()) await c.close();
  });

  it('receives device topics of every project, and again after the broker restarts', async () => {
    let broker = await startPlainBroker();
    const port = broker.port;
    const received: string[] = [];
    const consumer: ExternalBroker = await startExternalBroker({
      url: `mqtt://127.0.0.1:${port}`,
      onMessage: (topic, payload) => received.push(`${topic} ${payload.toString()}`),
      log: quiet,
    });
    toClose.push(consumer);

    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    await device.publishAsync('zhgd/p1/gas/G1/telemetry', 'a', { qos: 1 });
    await device.publishAsync('zhgd/p2/camera/C1/alarm', 'b', { qos: 1 });
    await device.publishAsync('other/topic', 'c', { qos: 1 });
    await waitFor(() => received.length >= 2, 2_000);
    expect(received).toEqual(['zhgd/p1/gas/G1/telemetry a', 'zhgd/p2/camera/C1/alarm b']);
    await device.endAsync(true);

    await broker.close();
    broker = await startPlainBroker(port);
    toClose.unshift(broker);
    const again = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    // the consumer reconnects every 2 s and resubscribes
    await waitFor(() => {
      again.publish('zhgd/p1/gas/G1/telemetry', 'after', { qos: 1 });
      return received.some((r) => r.endsWith(' after'));
    }, 8_000);
    await again.endAsync(true);
  });

  it('fails the start when the broker cannot be reached', async () => {
    const broker = await startPlainBroker();
    const port = broker.port;
    await broker.close();
    await expect(startExternalBroker({ url: `mqtt://127.0.0.1:${port}`, onMessage: () => undefined, log: quiet })).rejects.toThrow();
  });
});
