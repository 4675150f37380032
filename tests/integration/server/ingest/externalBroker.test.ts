import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../helpers/eventually';
import { startTestMosquitto, type TestMosquitto } from '../../../helpers/mosquitto';
import { DELIVERIES_PER_TURN, reconnectDelayMs, startExternalBroker, type ExternalBroker, type ExternalBrokerOptions } from '../../../../server/ingest/externalBroker';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('reconnectDelayMs', () => {
  it('doubles from the minimum up to the maximum, with at most 20 % jitter off', () => {
    expect([0, 1, 2, 3, 10, 100].map((a) => reconnectDelayMs(a, 500, 15_000, 0))).toEqual([500, 1_000, 2_000, 4_000, 15_000, 15_000]);
    expect(reconnectDelayMs(0, 500, 15_000, 0.999)).toBe(400);
    expect(reconnectDelayMs(50, 500, 15_000, 0.5)).toBe(13_500);
  });
});

describe('external broker consumer (real Mosquitto)', { timeout: 30_000 }, () => {
  let broker: TestMosquitto | null = null;
  const toClose: Array<{ close(): Promise<void> }> = [];
  const devices: MqttClient[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.endAsync(true);
    for (const c of toClose.splice(0).reverse()) await c.close();
    await broker?.close();
    broker = null;
  });

  async function consumer(onMessage: ExternalBrokerOptions['onMessage'], nodeId = 'test-node', more: Partial<ExternalBrokerOptions> = {}): Promise<ExternalBroker> {
    const c = await startExternalBroker({ url: broker!.url, nodeId, onMessage, log: quiet, reconnectMinMs: 50, reconnectMaxMs: 200, closeDrainMs: 100, ...more });
    toClose.push(c);
    return c;
  }
  async function device(): Promise<MqttClient> {
    const d = await mqtt.connectAsync(broker!.url, { reconnectPeriod: 50, clientId: `dev-${devices.length}`, clean: false });
    devices.push(d);
    return d;
  }

  it('receives the device topics of every project and nothing else', async () => {
    broker = await startTestMosquitto();
    const received: string[] = [];
    await consumer((topic, payload) => void received.push(`${topic} ${payload.toString()}`));
    const d = await device();
    await d.publishAsync('zhgd/p1/gas/G1/telemetry', 'a', { qos: 1 });
    await d.publishAsync('zhgd/p2/camera/C1/alarm', 'b', { qos: 1 });
    await d.publishAsync('other/topic', 'c', { qos: 1 });
    await d.publishAsync('zhgd/p1/gas/G1/telemetry', 'd', { qos: 0 });
    await eventually(() => received.length >= 3, 15_000, 'three messages');
    expect(received).toEqual(['zhgd/p1/gas/G1/telemetry a', 'zhgd/p2/camera/C1/alarm b', 'zhgd/p1/gas/G1/telemetry d']);
  });

  it('keeps its session while the server is away: what devices published meanwhile arrives on return', async () => {
    broker = await startTestMosquitto();
    const received: string[] = [];
    const first = await consumer((_t, p) => void received.push(p.toString()));
    await first.close();
    const d = await device();
    for (let i = 0; i < 50; i++) await d.publishAsync('zhgd/p1/camera/C1/alarm', `away-${i}`, { qos: 1 });
    await consumer((_t, p) => void received.push(p.toString()));
    await eventually(() => received.length >= 50, 15_000, '50 queued messages');
    expect(received).toEqual(Array.from({ length: 50 }, (_, i) => `away-${i}`));
  });

  it('takes a backlog in slices of at most DELIVERIES_PER_TURN per event-loop turn, in order, so timers and sockets run between them', async () => {
    broker = await startTestMosquitto();
    const first = await consumer(() => undefined);
    await first.close();
    const d = await device();
    const BACKLOG = 3_000;
    await Promise.all(Array.from({ length: BACKLOG }, (_, i) => d.publishAsync('zhgd/p1/beacon/B1/telemetry', `m-${i}`, { qos: 1 })));
    // a ticker counts the event-loop turns (its setImmediate runs once per turn); the handler notes the turn
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const perTurn = new Map<number, number>();
    const received: string[] = [];
    try {
      await consumer((_t, p) => {
        received.push(p.toString());
        perTurn.set(turns, (perTurn.get(turns) ?? 0) + 1);
      });
      await eventually(() => received.length >= BACKLOG, 15_000, 'the backlog');
    } finally {
      ticking = false;
    }
    expect(received).toEqual(Array.from({ length: BACKLOG }, (_, i) => `m-${i}`));
    // between two ticks the budget can be renewed once (both are setImmediate callbacks of a turn)
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(2 * DELIVERIES_PER_TURN);
    expect(perTurn.size).toBeGreaterThanOrEqual(BACKLOG / (2 * DELIVERIES_PER_TURN));
  });

  it('acknowledges a message only once the handler resolved: an unfinished one is delivered again', async () => {
    broker = await startTestMosquitto();
    const firstSeen: string[] = [];
    const first = await consumer((_t, p) => {
      firstSeen.push(p.toString());
      return new Promise<void>(() => undefined); // never persists
    });
    const d = await device();
    await d.publishAsync('zhgd/p1/camera/C1/alarm', 'in-flight', { qos: 1 });
    await eventually(() => firstSeen.length === 1, 15_000, 'first delivery');
    await first.close();

    const again: string[] = [];
    await consumer((_t, p) => void again.push(p.toString()));
    await eventually(() => again.length >= 1, 15_000, 'redelivery');
    expect(again).toEqual(['in-flight']);
  });

  it('loses nothing across a broker restart, and reconnects with a bounded back-off', async () => {
    broker = await startTestMosquitto();
    const received = new Set<string>();
    const lost: number[] = [];
    const reconnected: number[] = [];
    await consumer((_t, p) => void received.add(p.toString()), 'test-node', { onSessionLost: (at) => lost.push(at), onReconnected: (at) => reconnected.push(at) });
    const d = await device();
    const acked: string[] = [];
    let stop = false;
    const publishing = (async () => {
      for (let i = 0; !stop && i < 2_000; i++) {
        const body = `m-${i}`;
        try {
          await d.publishAsync('zhgd/p1/camera/C1/alarm', body, { qos: 1 });
          acked.push(body);
        } catch {
          // not acknowledged by the broker: not counted
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await eventually(() => acked.length >= 50, 10_000, '50 acknowledged before the restart');
    await broker.restart();
    const afterRestart = acked.length;
    await eventually(() => acked.length >= afterRestart + 50, 10_000, '50 acknowledged after the restart');
    stop = true;
    await publishing;
    await eventually(() => acked.every((m) => received.has(m)), 10_000, 'every acknowledged message at the consumer');
    expect(reconnected).toHaveLength(1);
    expect(lost).toEqual([]); // a broker with persistence kept the session: nothing to say
  });

  it('says aloud a session the broker lost in a restart without persistence, and subscribes again at once', async () => {
    broker = await startTestMosquitto({ persistence: false });
    const received = new Set<string>();
    const lost: number[] = [];
    const warnings: string[] = [];
    const log = { ...quiet, warn: (_o: object, msg?: string) => void warnings.push(msg ?? '') };
    await consumer((_t, p) => void received.add(p.toString()), 'test-node', { log, onSessionLost: (at) => lost.push(at) });
    await broker.restart();
    await eventually(() => lost.length === 1, 10_000, 'the lost session reported');
    expect(warnings.some((w) => w.includes("lost this server's persistent session"))).toBe(true);
    const d = await device();
    await d.publishAsync('zhgd/p1/camera/C1/alarm', 'after', { qos: 1 });
    await eventually(() => received.has('after'), 10_000, 'a message after the restart');
    expect(lost).toHaveLength(1);
  });

  it('reports a session missing at start when it expected one, and not otherwise', async () => {
    broker = await startTestMosquitto();
    const lost: number[] = [];
    await consumer(() => undefined, 'fresh-node', { onSessionLost: (at) => lost.push(at) });
    expect(lost).toEqual([]); // first start: no session expected
    await consumer(() => undefined, 'known-node', { expectSession: true, onSessionLost: (at) => lost.push(at) });
    expect(lost).toHaveLength(1);
  });

  it('does not handle again a redelivery of a message it stored whose PUBACK the broker never got', async () => {
    broker = await startTestMosquitto();
    const handled: string[] = [];
    let release: () => void = () => undefined;
    await consumer((_t, p) => {
      handled.push(p.toString());
      return handled.length === 1 ? new Promise<void>((r) => (release = r)) : undefined;
    });
    const d = await device();
    d.publish('zhgd/p1/camera/C1/alarm', 'once', { qos: 1 });
    await eventually(() => handled.length === 1, 15_000, 'first delivery');
    await broker.stop(); // the connection goes before the PUBACK
    release(); // ... and the message is stored after all
    await broker.restart(); // the broker sends it again (DUP) in the resumed session
    await d.publishAsync('zhgd/p1/camera/C1/alarm', 'next', { qos: 1 });
    await eventually(() => handled.includes('next'), 10_000, 'the next message');
    expect(handled).toEqual(['once', 'next']);
  });

  it('acknowledges a message whose handler fails (0x80) and goes on with the next', async () => {
    broker = await startTestMosquitto();
    const received: string[] = [];
    await consumer((_t, p) => {
      if (p.toString() === 'bad') return Promise.reject(new Error('boom'));
      received.push(p.toString());
      return Promise.resolve();
    });
    const d = await device();
    await d.publishAsync('zhgd/p1/camera/C1/alarm', 'bad', { qos: 1 });
    await d.publishAsync('zhgd/p1/camera/C1/alarm', 'good', { qos: 1 });
    await eventually(() => received.length >= 1, 15_000, 'the good message');
    expect(received).toEqual(['good']);
  });

  it('fails the start when the broker cannot be reached', async () => {
    broker = await startTestMosquitto();
    await broker.stop();
    await expect(startExternalBroker({ url: broker.url, nodeId: 'n', onMessage: () => undefined, log: quiet })).rejects.toThrow();
  });
  it('handles the messages after one still being stored, and acknowledges them only after it, in arrival order', async () => {
    broker = await startTestMosquitto();
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const first = await consumer((_t, p) => {
      seen.push(p.toString());
      // the first message waits for its (alarm) write, like a message that changed an alarm
      return p.toString() === 'slow' ? new Promise<void>((r) => (release = r)) : undefined;
    });
    const d = await device();
    for (const m of ['slow', 'm1', 'm2', 'm3']) await d.publishAsync('zhgd/p1/camera/C1/alarm', m, { qos: 1 });
    // one message at a time, m1 would wait for the slow one's write
    await eventually(() => seen.length === 4, 15_000, 'the messages after the slow one handled while it is pending');
    expect(seen).toEqual(['slow', 'm1', 'm2', 'm3']);
    await first.close(); // closeDrainMs 100: the slow one is still pending, so none is acknowledged

    const again: string[] = [];
    let releaseAgain: () => void = () => undefined;
    const second = await consumer((_t, p) => {
      again.push(p.toString());
      return p.toString() === 'slow' ? new Promise<void>((r) => (releaseAgain = r)) : undefined;
    });
    await eventually(() => again.length >= 4, 15_000, 'every unacknowledged message redelivered');
    expect(again).toEqual(['slow', 'm1', 'm2', 'm3']);
    releaseAgain();
    release();
    await second.close(); // all stored now: acknowledged before DISCONNECT

    const third: string[] = [];
    await consumer((_t, p) => void third.push(p.toString()));
    await d.publishAsync('zhgd/p1/camera/C1/alarm', 'after', { qos: 1 });
    await eventually(() => third.length >= 1, 15_000, 'a new message');
    expect(third).toEqual(['after']);
  });

  it('cluster hooks: a partition session of its own subscribes only its filters, skips what was already stored, and stays away when told', async () => {
    broker = await startTestMosquitto();
    const received: string[] = [];
    let allowReconnect = true;
    const stored = new Set(['seen-before']);
    const dups: boolean[] = [];
    const partition = await startExternalBroker({
      url: broker.url,
      nodeId: 'n1',
      clientId: 'siteboard-p5',
      subscriptions: () => ['zhgd/p1/gas/G1/+'],
      onMessage: (_t, p) => void received.push(p.toString()),
      alreadyStored: async (_t, p, redelivered) => {
        dups.push(redelivered);
        return stored.has(p.toString());
      },
      mayReconnect: async () => allowReconnect,
      log: quiet,
      reconnectMinMs: 50,
      reconnectMaxMs: 200,
      closeDrainMs: 100,
    });
    toClose.push(partition);
    const d = await device();
    await d.publishAsync('zhgd/p1/gas/G2/telemetry', 'other-device', { qos: 1 });
    await d.publishAsync('zhgd/p1/gas/G1/telemetry', 'seen-before', { qos: 1 });
    await d.publishAsync('zhgd/p1/gas/G1/telemetry', 'new', { qos: 1 });
    await eventually(() => received.length >= 1, 15_000, 'the new message');
    expect(received).toEqual(['new']);
    expect(dups).toEqual([false, false]);

    // more filters later (a device added to the partition)
    await partition.subscribe(['zhgd/p1/gas/G2/+']);
    await d.publishAsync('zhgd/p1/gas/G2/telemetry', 'added', { qos: 1 });
    await eventually(() => received.includes('added'), 15_000, 'the added device');

    // the session moved to another node: after the drop it is not taken back
    allowReconnect = false;
    await broker.restart();
    await d.publishAsync('zhgd/p1/gas/G1/telemetry', 'while-elsewhere', { qos: 1 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(received).not.toContain('while-elsewhere');
    // ...and the next holder of the session gets it
    const next: string[] = [];
    toClose.push(await startExternalBroker({ url: broker.url, nodeId: 'n2', clientId: 'siteboard-p5', onMessage: (_t, p) => void next.push(p.toString()), log: quiet }));
    await eventually(() => next.includes('while-elsewhere'), 15_000, 'the queued message at the next holder');
  });
});
