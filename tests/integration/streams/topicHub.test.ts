import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstValueFrom, type Subscription } from 'rxjs';
import { encodeTelemetryFrame, frameBatch, type Alarm, type TelemetryBatch, type TelemetryFrame } from '../../../protocol';
import { createLiveConnection, type LiveConnection } from '../../../streams/connection';
import { TopicHub, TopicRefusedError } from '../../../streams/topicHub';
import { startTestGateway, type TestGateway } from '../../helpers/testGateway';

/** How long a wait may take before it fails: it ends as soon as its condition holds (the default 1 s gave up on a busy machine). */
const WAIT = { timeout: 15_000 };

let gw: TestGateway;
let conn: LiveConnection;
let hub: TopicHub;
const subs: Subscription[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openHub(graceMs = 100, ackTimeoutMs?: number): Promise<void> {
  conn = createLiveConnection({ socketFactory: gw.socketFactory });
  hub = new TopicHub(conn, { graceMs, ackTimeoutMs });
  await vi.waitFor(() => expect(conn.socket.connected).toBe(true), WAIT);
}

/** The gateway's binary frame of a batch, as it goes on the wire. */
function frameOf(batch: TelemetryBatch): Buffer {
  return Buffer.from(encodeTelemetryFrame(batch));
}

function gasBatch(projectId: string, co: number): TelemetryBatch {
  return { projectId, topic: 'gas', items: [{ sn: 'G1', ts: 1_750_000_000_000, readings: { CO: co } }] };
}

beforeEach(async () => {
  gw = await startTestGateway();
});
afterEach(async () => {
  for (const s of subs.splice(0)) s.unsubscribe();
  hub?.dispose();
  conn?.close();
  await gw.close();
});

describe('TopicHub', () => {
  it('shares one server subscription between subscribers of a topic and delivers to all', async () => {
    await openHub();
    const a: TelemetryFrame[] = [];
    const b: TelemetryFrame[] = [];
    subs.push(hub.telemetry$('P1', 'gas').subscribe((x) => a.push(x)));
    subs.push(hub.telemetry$('P1', 'gas').subscribe((x) => b.push(x)));
    subs.push(hub.telemetry$('P1', 'beacon').subscribe());
    await vi.waitFor(() => expect(gw.callsOf('subscribe')).toHaveLength(2), WAIT);
    await sleep(50);
    expect(gw.callsOf('subscribe', 'P1:gas')).toHaveLength(1);
    expect(hub.activeTopics().sort()).toEqual(['P1:beacon', 'P1:gas']);

    gw.io.to('P1:gas').emit('telemetry.frame', frameOf(gasBatch('P1', 7)));
    gw.io.to('P1:gas').emit('telemetry.frame', frameOf(gasBatch('P2', 99))); // another project's frame: not routed to P1
    await vi.waitFor(() => expect(a).toHaveLength(1), WAIT);
    expect(b).toEqual(a);
    expect(frameBatch(a[0])).toEqual(gasBatch('P1', 7));
  });

  it('waits for the connection before subscribing, and subscribes once', async () => {
    conn = createLiveConnection({ socketFactory: gw.socketFactory });
    hub = new TopicHub(conn, { graceMs: 100 });
    expect(conn.socket.connected).toBe(false);
    subs.push(hub.deviceStatus$('P1').subscribe());
    await vi.waitFor(() => expect(gw.callsOf('subscribe', 'P1:deviceStatus')).toHaveLength(1), WAIT);
    await sleep(100);
    expect(gw.callsOf('subscribe')).toHaveLength(1);
  });

  it('unsubscribes only after the grace period following the last subscriber', async () => {
    await openHub(300);
    const s1 = hub.alarms$('P1').subscribe();
    const s2 = hub.alarms$('P1').subscribe();
    await vi.waitFor(() => expect(gw.callsOf('subscribe')).toHaveLength(1), WAIT);
    s1.unsubscribe();
    const leftAt = Date.now();
    s2.unsubscribe();
    expect(hub.activeTopics()).toEqual(['P1:alarm']);
    await vi.waitFor(() => expect(gw.callsOf('unsubscribe', 'P1:alarm')).toHaveLength(1), WAIT);
    expect(gw.callsOf('unsubscribe')[0].atMs - leftAt).toBeGreaterThanOrEqual(290);
    expect(hub.activeTopics()).toEqual([]);
  });

  it('a new subscriber within the grace period cancels the unsubscribe', async () => {
    await openHub(200);
    const alarms: Alarm[] = [];
    hub.alarms$('P1').subscribe().unsubscribe();
    await sleep(50);
    subs.push(hub.alarms$('P1').subscribe((a) => alarms.push(a)));
    await sleep(400);
    expect(gw.callsOf('unsubscribe')).toHaveLength(0);
    expect(gw.callsOf('subscribe')).toHaveLength(1);
    const alarm = { alarmId: 1, projectId: 'P1', state: 'active' } as Alarm;
    gw.io.to('P1:alarm').emit('alarm.changed', alarm);
    await vi.waitFor(() => expect(alarms).toEqual([alarm]), WAIT);
  });

  it.each([
    ['the server disconnects the sockets', (g: TestGateway) => g.io.disconnectSockets(true)],
    ['the transport closes', (g: TestGateway) => g.io.sockets.sockets.forEach((s) => s.conn.close())],
  ])('resubscribes every active topic after %s, and data flows again', async (_name, drop) => {
    await openHub();
    const got: TelemetryFrame[] = [];
    subs.push(hub.telemetry$('P1', 'gas').subscribe((x) => got.push(x)));
    subs.push(hub.deviceStatus$('P1').subscribe());
    await vi.waitFor(() => expect(gw.callsOf('subscribe')).toHaveLength(2), WAIT);
    const firstSocket = gw.calls[0].socketId;

    drop(gw);
    await vi.waitFor(() => expect(gw.callsOf('subscribe')).toHaveLength(4), WAIT);
    const again = gw.calls.slice(2);
    expect(again.every((c) => c.event === 'subscribe' && c.socketId !== firstSocket)).toBe(true);
    expect(again.map((c) => `${c.projectId}:${c.topic}`).sort()).toEqual(['P1:deviceStatus', 'P1:gas']);

    gw.io.to('P1:gas').emit('telemetry.frame', frameOf(gasBatch('P1', 3)));
    await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
  });

  it('surfaces a refusal as TopicRefusedError with the server message, and forgets the topic', async () => {
    await openHub();
    gw.refuse.set('P9', 'FORBIDDEN: not a member of project P9');
    const err = await firstValueFrom(hub.telemetry$('P9', 'towerCrane')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TopicRefusedError);
    expect((err as TopicRefusedError).message).toBe('FORBIDDEN: not a member of project P9');
    expect((err as TopicRefusedError).topic).toBe('towerCrane');
    expect(hub.activeTopics()).toEqual([]);

    gw.refuse.clear();
    subs.push(hub.telemetry$('P9', 'towerCrane').subscribe());
    await vi.waitFor(() => expect(gw.callsOf('subscribe', 'P9:towerCrane')).toHaveLength(2), WAIT);
    expect(hub.activeTopics()).toEqual(['P9:towerCrane']);
  });

  it('asks again when the server does not acknowledge a subscribe', async () => {
    await openHub(100, 100);
    gw.stallAcks = true;
    subs.push(hub.alarms$('P1').subscribe());
    await vi.waitFor(() => expect(gw.callsOf('subscribe', 'P1:alarm').length).toBeGreaterThanOrEqual(2), WAIT);
    gw.stallAcks = false;
    const settled = gw.callsOf('subscribe').length;
    await sleep(300);
    expect(gw.callsOf('subscribe').length).toBeLessThanOrEqual(settled + 1);
    expect(hub.activeTopics()).toEqual(['P1:alarm']);
  });

  it('asks again with back-off after a transient refusal (UNAVAILABLE, INTERNAL), and data flows once accepted', async () => {
    conn = createLiveConnection({ socketFactory: gw.socketFactory });
    hub = new TopicHub(conn, { graceMs: 100, retryMs: 20 });
    await vi.waitFor(() => expect(conn.socket.connected).toBe(true), WAIT);
    const errors: unknown[] = [];
    const got: TelemetryFrame[] = [];
    gw.refuse.set('P1', 'UNAVAILABLE: the session could not be checked, try again');
    subs.push(hub.telemetry$('P1', 'gas').subscribe({ next: (x) => got.push(x), error: (e) => errors.push(e) }));
    await vi.waitFor(() => expect(gw.callsOf('subscribe', 'P1:gas').length).toBeGreaterThanOrEqual(2), WAIT);
    gw.refuse.set('P1', 'INTERNAL');
    const before = gw.callsOf('subscribe', 'P1:gas').length;
    await vi.waitFor(() => expect(gw.callsOf('subscribe', 'P1:gas').length).toBeGreaterThan(before), WAIT);
    expect(errors).toEqual([]);
    expect(hub.activeTopics()).toEqual(['P1:gas']);
    gw.refuse.clear();
    await vi.waitFor(async () => {
      gw.io.to('P1:gas').emit('telemetry.frame', frameOf(gasBatch('P1', 5)));
      await sleep(20);
      expect(got.length).toBeGreaterThan(0);
    }, WAIT);
    expect(errors).toEqual([]);
  });

  it('reports each accepted subscribe on joined$ (the first connect and every reconnect), none for a refused one', async () => {
    await openHub(100, 100);
    const joined: string[] = [];
    subs.push(hub.joined$.subscribe((room) => joined.push(room)));
    gw.stallAcks = true;
    subs.push(hub.alarms$('P1').subscribe());
    await vi.waitFor(() => expect(gw.callsOf('subscribe', 'P1:alarm').length).toBeGreaterThanOrEqual(1), WAIT);
    await sleep(50);
    expect(joined).toEqual([]); // asked, not yet accepted: alarms raised now would not reach the page
    gw.stallAcks = false;
    await vi.waitFor(() => expect(joined).toEqual(['P1:alarm']), WAIT);
    gw.refuse.set('P2', 'FORBIDDEN: not a member of project P2');
    subs.push(hub.alarms$('P2').subscribe({ error: () => undefined }));
    await vi.waitFor(() => expect(gw.callsOf('subscribe', 'P2:alarm')).toHaveLength(1), WAIT);
    conn.socket.io.engine.close(); // the transport drops; socket.io reconnects and the hub subscribes again
    await vi.waitFor(() => expect(joined).toEqual(['P1:alarm', 'P1:alarm']), WAIT);
  });

  it('reports a terminal refusal to every holder at once, without asking again', async () => {
    await openHub();
    gw.refuse.set('P9', 'FORBIDDEN: not a member of project P9');
    const a: unknown[] = [];
    const b: unknown[] = [];
    subs.push(hub.alarms$('P9').subscribe({ error: (e) => a.push(e) }));
    subs.push(hub.alarms$('P9').subscribe({ error: (e) => b.push(e) }));
    await vi.waitFor(() => expect(a).toHaveLength(1), WAIT);
    expect(b).toHaveLength(1);
    expect((a[0] as TopicRefusedError).code).toBe('FORBIDDEN');
    await sleep(200);
    expect(gw.callsOf('subscribe', 'P9:alarm')).toHaveLength(1);
    expect(gw.callsOf('unsubscribe')).toHaveLength(0);
  });

  it('errors at once on an invalid projectId, without asking the server', async () => {
    await openHub();
    const err = await firstValueFrom(hub.alarms$('')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    await sleep(50);
    expect(gw.calls).toHaveLength(0);
  });

  it('drops malformed frames and keeps delivering good ones', async () => {
    await openHub();
    const got: TelemetryFrame[] = [];
    subs.push(hub.telemetry$('P1', 'gas').subscribe((x) => got.push(x)));
    await vi.waitFor(() => expect(gw.callsOf('subscribe')).toHaveLength(1), WAIT);
    gw.io.to('P1:gas').emit('telemetry.frame', { projectId: 'P1', topic: 'gas', items: [] } as never); // JSON, not a frame
    gw.io.to('P1:gas').emit('telemetry.frame', null as never);
    gw.io.to('P1:gas').emit('telemetry.frame', frameOf(gasBatch('P1', 1)).subarray(0, 20)); // truncated
    gw.io.to('P1:gas').emit('telemetry.frame', frameOf(gasBatch('P1', 1)));
    await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
    expect(got[0].rows).toBe(1);
    expect(hub.droppedFrames).toBe(3);
  });

  it('dispose() unsubscribes and completes every topic', async () => {
    await openHub();
    let completed = false;
    subs.push(hub.alarms$('P1').subscribe({ complete: () => (completed = true) }));
    await vi.waitFor(() => expect(gw.callsOf('subscribe')).toHaveLength(1), WAIT);
    hub.dispose();
    expect(completed).toBe(true);
    expect(hub.activeTopics()).toEqual([]);
    await vi.waitFor(() => expect(gw.callsOf('unsubscribe', 'P1:alarm')).toHaveLength(1), WAIT);
  });
});
