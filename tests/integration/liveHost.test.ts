import type { MqttClient } from 'mqtt';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, deviceTopic, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { LiveSocket } from '../../streams/connection';
import { socketFeeds } from '../../streams/feeds';
import { decodeSns, LiveHost } from '../../workers/telemetry/LiveHost';
import type { LiveEvent } from '../../workers/telemetry/liveTypes';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const GAS = 'GAS-RK-X-L';
/** BC0001 works in the left bore LK (server/seed/demoProject.ts). */
const BEACON = 'BC0001';

/**
 * The live host as the SharedWorker runs it (workers/telemetry/live.shared.ts), on this thread: real
 * socket.io to the real server, real MQTT devices. Two sessions stand for two tabs.
 */
describe('LiveHost: one connection and one set of ring buffers for every tab', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  }, 60_000);
  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  it('shares one socket between sessions, pushes each only what it shows, and closes the socket with the last session', async () => {
    const sockets: LiveSocket[] = [];
    const host = new LiveHost({
      createFeeds: socketFeeds({
        socketFactory: (_url, o) => {
          const s = io(server.url, { ...o, forceNew: true, extraHeaders: { cookie: admin.cookie ?? '' } }) as LiveSocket;
          sockets.push(s);
          return s;
        },
      }),
      latestEveryMs: 50,
    });
    const eventsA: LiveEvent[] = [];
    const eventsB: LiveEvent[] = [];
    // Each tab decodes the sn codes of its personnel frames (as LiveStore does), into its own table.
    const receiver = (events: LiveEvent[], table: string[] = []) => (e: LiveEvent) => {
      if (e.type === 'personnel') decodeSns(table, e.frame, e.sns);
      events.push(e);
    };
    const a = host.session(receiver(eventsA));
    const b = host.session(receiver(eventsB));
    a.start(demo);
    b.start(demo);
    expect(sockets).toHaveLength(1);
    await eventually(() => eventsA.some((e) => e.type === 'connected' && e.up) && eventsB.some((e) => e.type === 'connected' && e.up), 10_000, 'both sessions see the connection');

    // A charts the station and shows the left bore; B only holds the topics (a gas table, say).
    a.hold(1, 'gas');
    a.hold(2, 'beacon');
    b.hold(1, 'gas');
    a.openSeries(3, GAS);
    a.watchPersonnel(4, { staleMs: 60_000, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: 3050 }] });
    // Subscriptions are acknowledged before frames flow: publish until the first frame arrives.
    const ts = Date.now();
    await eventually(
      async () => {
        await device.publishAsync(deviceTopic(demo, 'gas', GAS), JSON.stringify({ ts: Date.now(), readings: { CO: 7.5 } }), { qos: 1 });
        await device.publishAsync(deviceTopic(demo, 'beacon', BEACON), JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: 120, battery: 90, sos: false }), { qos: 1 });
        return eventsA.some((e) => e.type === 'versions' && e.sns.includes(GAS));
      },
      10_000,
      'a version of the charted station',
    );
    await eventually(
      () =>
        eventsA.some((e) => e.type === 'personnel' && e.id === 4 && e.frame.tunnels[0].sns.includes(BEACON)) &&
        eventsB.some((e) => e.type === 'latest' && e.batch.topic === 'gas' && e.batch.items.some((i) => i.sn === GAS)),
      10_000,
      'the pushed personnel frame and the latest values',
    );
    // B charts nothing and watches no map: no versions, no personnel frames.
    expect(eventsB.filter((e) => e.type === 'versions' || e.type === 'personnel')).toEqual([]);
    // The frames were folded into the one set of ring buffers: both sessions read them.
    const frame = await b.window({ sn: GAS, metrics: ['CO'], fromMs: ts - 1_000, toMs: Date.now() + 1_000, widthPx: 100 });
    expect(Array.from(frame.ys[0])).toContain(7.5);
    const personnel = eventsA.find((e) => e.type === 'personnel' && e.frame.tunnels[0].sns.includes(BEACON));
    expect(personnel?.type === 'personnel' && personnel.frame.latestTs).toBeGreaterThanOrEqual(ts);

    a.stop();
    expect(sockets[0].connected).toBe(true); // B still uses it
    await expect(a.window({ sn: GAS, metrics: ['CO'], fromMs: 0, toMs: 1, widthPx: 1 })).rejects.toThrow('stopped');
    b.stop(); // the last session (a logout stops them all)
    expect(sockets[0].connected).toBe(false);
    expect(host.sessionCount).toBe(0);
    expect(host.openProjects()).toEqual([]);
    // No live data outlives the sessions.
    const again = host.session(() => {});
    expect((await again.window({ sn: GAS, metrics: ['CO'], fromMs: 0, toMs: Date.now(), widthPx: 10 })).rawCount).toBe(0);
    again.stop();
  });

  it('pushes a watch with everyMs at most once per period, while a map without it gets every beacon frame', async () => {
    const host = new LiveHost({
      createFeeds: socketFeeds({ socketFactory: (_url, o) => io(server.url, { ...o, forceNew: true, extraHeaders: { cookie: admin.cookie ?? '' } }) as LiveSocket }),
    });
    const at: Record<number, number[]> = { 1: [], 2: [] };
    const table: string[] = [];
    const s = host.session((e) => {
      if (e.type !== 'personnel') return;
      decodeSns(table, e.frame, e.sns);
      if (e.frame.tunnels[0].sns.includes(BEACON)) at[e.id].push(performance.now());
    });
    s.start(demo);
    s.hold(1, 'beacon');
    const tunnels = [{ tunnelId: 'LK', lengthM: 3050 }];
    s.watchPersonnel(1, { staleMs: 60_000, binM: 20, tunnels }); // the map
    s.watchPersonnel(2, { staleMs: 60_000, binM: 100, tunnels, everyMs: 1_000 }); // the headline
    const fix = (m: number) => device.publishAsync(deviceTopic(demo, 'beacon', BEACON), JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: m, battery: 90, sos: false }), { qos: 1 });
    await eventually(async () => (await fix(200), at[1].length > 0), 10_000, 'the first frame with the beacon');
    const from = performance.now();
    for (let i = 0; i < 30; i++) {
      await fix(200 + i);
      await new Promise((r) => setTimeout(r, 100));
    }
    await eventually(() => at[2].some((t) => t > from + 2_000), 5_000, 'the headline still refreshed');
    const elapsed = performance.now() - from;
    const map = at[1].filter((t) => t >= from).length;
    const headline = at[2].filter((t) => t >= from);
    // at most one a second (the timer may push a few ms early), and fewer than the map's
    expect(headline.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1_000) + 1);
    for (let i = 1; i < headline.length; i++) expect(headline[i] - headline[i - 1]).toBeGreaterThan(900);
    expect(map).toBeGreaterThan(headline.length);
    s.stop();
  });
});
