import { describe, expect, it } from 'vitest';
import { ALARMS, HISTORY, type AlarmPage, type TelemetryHistory } from '../../../../protocol';
import { createInProcessTelemetry } from '../../../../workers/telemetry/Telemetry';
import { subjectFeeds } from '../../../../src/test/fakeFeeds';
import { gasBatch, makeAlarm, T0 } from '../../../../src/test/builders';
import { eventually, KEEP_OLD_TELEMETRY, useRealServer } from '../../../../src/test/realServer';
import { RootStore } from '../../../../src/stores/RootStore';

const real = useRealServer(KEEP_OLD_TELEMETRY);
const settle = () => new Promise((r) => setTimeout(r, 0));
const demo = 'demo-tunnel';
/** A seeded gas station (server/seed/demoProject.ts). */
const G1 = 'GAS-RK-X-L';

async function setup() {
  const feeds = subjectFeeds();
  let now = T0;
  const client = await real().signIn();
  const root = new RootStore({ fetch: client.fetch, createFeeds: feeds.factory, createTelemetry: createInProcessTelemetry, now: () => now });
  const sent = (route: string) => client.calls.filter((c) => c.route === route).map((c) => c.body);
  return { root, feeds, sent, advance: (ms: number) => (now += ms) };
}

async function serverAlarmIds(): Promise<number[]> {
  const page = await real().admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, page: 1, pageSize: 200 });
  return page.list.map((a) => a.alarmId);
}

/** Publishes CO readings of G1 at the given times and waits until the server has stored them all. */
async function storeReadings(points: Array<[tsMs: number, co: number]>): Promise<void> {
  const device = await real().device();
  for (const [ts, co] of points) await device.publish('gas', G1, { ts, readings: { CO: co } });
  const tss = points.map(([ts]) => ts);
  await eventually(async () => {
    const h = await real().admin.call<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: [G1], fromMs: Math.min(...tss), toMs: Math.max(...tss), metrics: ['CO'] });
    return (h.series.find((s) => s.sn === G1)?.ts.length ?? 0) >= points.length;
  }, 5_000, 'stored readings');
  // Readable above may still mean in memory only: wait until their chunks are committed, so the reads
  // below come from the database (the writer seals and writes each second).
  const minutes = [...new Set(tss.map((t) => Math.floor(t / 60_000) * 60_000))];
  await eventually(async () => {
    const rows = await real().server.db.selectFrom('telemetry_chunks').select('start_ms').where('sn', '=', G1).where('start_ms', 'in', minutes).execute();
    return new Set(rows.map((r) => r.start_ms)).size === minutes.length;
  }, 10_000, 'readings committed to telemetry_chunks');
}

describe('LiveStore', () => {
  it('tracks connection state and routes status and alarms to their stores', async () => {
    const raised = (await (await real().device()).gas('GAS-LK-E-F', { CO: 31.5 }, { metric: 'CO', state: 'active' }))!;
    const { root, feeds } = await setup();
    await root.openProject(demo);
    expect(feeds.opened).toEqual([demo]);
    expect(root.live.connected).toBeNull();
    feeds.connected.next(true);
    expect(root.live.connected).toBe(true);
    feeds.status.next({ projectId: demo, items: [{ sn: G1, status: 'warning', atMs: T0 }] });
    expect(root.devices.get(G1)!.status).toBe('warning');
    feeds.alarms.next(makeAlarm({ alarmId: raised.alarmId + 1, level: 'alarm' }));
    expect(root.alarms.alarms.map((a) => a.alarmId)).toEqual([raised.alarmId + 1, raised.alarmId]);
    root.closeProject();
    expect(feeds.closed).toBe(1);
  });

  it('an alarm raised after the page read the list and before the server joined it to the alarm room shows once the join is confirmed', async () => {
    const { root, feeds } = await setup();
    await root.openProject(demo);
    feeds.connected.next(true);
    // raised on the server while the subscribe was on its way: no alarm.changed reaches this page
    const late = (await (await real().device()).gas('GAS-LK-E-L', { CO: 31.5 }, { metric: 'CO', state: 'active' }))!;
    expect(root.alarms.alarms.some((a) => a.alarmId === late.alarmId)).toBe(false);
    feeds.alarmsJoined.next();
    await eventually(() => root.alarms.alarms[0]?.alarmId === late.alarmId, 10_000, 'the late alarm caught up');
    root.closeProject();
  });

  it('a join confirmed while the list is still loading reads the list again after it, not before', async () => {
    const { root, feeds, sent } = await setup();
    const opened = root.openProject(demo);
    feeds.alarmsJoined.next();
    await opened;
    await eventually(() => sent(ALARMS.alarmList.path).length === 4, 10_000, 'the catch-up after the load');
    expect(root.alarms.alarms.map((x) => x.alarmId)).toEqual(await serverAlarmIds());
    root.closeProject();
  });

  it('shares one telemetry subscription per topic and feeds the worker', async () => {
    const { root, feeds } = await setup();
    await root.openProject(demo);
    const release1 = root.live.retainTelemetry('gas');
    const release2 = root.live.retainTelemetry('gas');
    expect(feeds.telemetryObserved('gas')).toBe(true);
    const close = root.live.openWindow({ sn: G1, metrics: ['CO'], windowMs: 60_000 });
    await eventually(() => root.live.versionOf(G1) > 0, 15_000, 'history loaded');
    const loaded = root.live.versionOf(G1);
    feeds.pushTelemetry(gasBatch([{ sn: G1, ts: T0 - 1000, readings: { CO: 7 } }]));
    expect(root.live.versionOf(G1)).toBe(loaded + 1); // the charted device's new point, at once
    expect(root.devices.get(G1)).toBeDefined();
    await settle();
    const frame = await root.live.window({ sn: G1, metrics: ['CO'], fromMs: T0 - 60_000, toMs: T0, widthPx: 100 });
    expect(Array.from(frame.ys[0])).toEqual([7]);
    release1();
    expect(feeds.telemetryObserved('gas')).toBe(true);
    release2();
    expect(feeds.telemetryObserved('gas')).toBe(false);
    close();
    root.closeProject();
  });

  it('after a reconnect fetches missed alarms and refills open chart windows', async () => {
    await storeReadings([
      [T0 - 20 * 60_000, 4],
      [T0 - 10 * 60_000, 5],
    ]);
    const { root, feeds, sent, advance } = await setup();
    await root.openProject(demo);
    const close = root.live.openWindow({ sn: G1, metrics: ['CO'], windowMs: 30 * 60_000 });
    await eventually(() => root.live.versionOf(G1) > 0, 15_000, 'history loaded');
    expect(sent(HISTORY.telemetryHistory.path)).toHaveLength(1);
    expect(sent(HISTORY.telemetryHistory.path)[0]).toMatchObject({ projectId: demo, sns: [G1], metrics: ['CO'], toMs: T0, fromMs: T0 - 1_800_000 });

    // While the socket was away: two alarms were raised and G1 reported twice more.
    const device = await real().device();
    const a = (await device.gas('GAS-LK-X-F', { CO: 31.5 }, { metric: 'CO', state: 'active' }))!;
    const b = (await device.gas('GAS-RK-E-F', { CO: 31.5 }, { metric: 'CO', state: 'active' }))!;
    await storeReadings([
      [T0 + 60_000, 4.5],
      [T0 + 120_000, 5.5],
    ]);
    advance(5 * 60_000);
    const before = root.live.versionOf(G1);
    feeds.reconnected.next(1);
    feeds.alarmsJoined.next();
    await eventually(() => root.live.versionOf(G1) > before && root.alarms.maxSeenId >= b.alarmId, 15_000, 'catch-up');

    // each load asks for the newest page and for the open alarms beyond it (AlarmStore.fetchWindow): two loads
    const newestPages = sent(ALARMS.alarmList.path).filter((b) => !(b as { state?: string }).state);
    expect(newestPages).toHaveLength(2);
    expect(sent(ALARMS.alarmList.path)).toHaveLength(4);
    expect(root.alarms.alarms.map((x) => x.alarmId)).toEqual(await serverAlarmIds());
    expect(root.alarms.alarms.slice(0, 2).map((x) => x.alarmId)).toEqual([b.alarmId, a.alarmId]);
    expect(root.live.reconnects).toBe(1);
    expect(sent(HISTORY.telemetryHistory.path)).toHaveLength(2);
    expect(sent(HISTORY.telemetryHistory.path)[1]).toMatchObject({ toMs: T0 + 300_000 });
    const frame = await root.live.window({ sn: G1, metrics: ['CO'], fromMs: T0 - 1_800_000, toMs: T0 + 300_000, widthPx: 200 });
    expect(frame.rawCount).toBe(4); // two history loads, points at different times
    close();
    root.closeProject();
  });

  it('rejects window requests once stopped', async () => {
    const { root } = await setup();
    await root.openProject(demo);
    root.closeProject();
    await expect(root.live.window({ sn: G1, metrics: ['CO'], fromMs: 0, toMs: 1, widthPx: 10 })).rejects.toThrow();
  });
});
