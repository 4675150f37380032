import { describe, expect, it } from 'vitest';
import { ROUTES, type AlarmPage } from '../../protocol';
import { createInProcessTelemetry } from '../../workers/telemetry/Telemetry';
import { fakeApi } from '../test/fakeApi';
import { subjectFeeds } from '../test/fakeFeeds';
import { gasBatch, makeAlarm, makeGasDevice, T0 } from '../test/builders';
import { RootStore } from './RootStore';

const settle = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  const feeds = subjectFeeds();
  let now = T0;
  const alarmBodies: Array<Record<string, unknown>> = [];
  const historyBodies: Array<Record<string, unknown>> = [];
  let alarms = [makeAlarm({ alarmId: 10 })];
  const api = fakeApi({
    [ROUTES.deviceList]: () => [makeGasDevice({ sn: 'G1' })],
    [ROUTES.tunnelList]: () => [],
    [ROUTES.alarmList]: (b): AlarmPage => {
      alarmBodies.push(b);
      const list = alarms.filter((a) => a.alarmId > ((b.afterId as number) ?? 0));
      return { total: list.length, page: 1, pageSize: 200, list };
    },
    [ROUTES.telemetryHistory]: (b) => {
      historyBodies.push(b);
      const from = b.fromMs as number;
      return { series: [{ sn: 'G1', ts: [from + 60_000, from + 120_000], values: { CO: [4, 5] } }] };
    },
  });
  const root = new RootStore({ fetch: api.fetch, createFeeds: feeds.factory, createTelemetry: createInProcessTelemetry, now: () => now });
  return {
    root,
    feeds,
    alarmBodies,
    historyBodies,
    setAlarms: (a: typeof alarms) => (alarms = a),
    advance: (ms: number) => (now += ms),
  };
}

describe('LiveStore', () => {
  it('tracks connection state and routes status and alarms to their stores', async () => {
    const { root, feeds } = setup();
    await root.openProject('demo-tunnel');
    expect(feeds.opened).toEqual(['demo-tunnel']);
    expect(root.live.connected).toBeNull();
    feeds.connected.next(true);
    expect(root.live.connected).toBe(true);
    feeds.status.next({ projectId: 'demo-tunnel', items: [{ sn: 'G1', status: 'warning', atMs: T0 }] });
    expect(root.devices.get('G1')!.status).toBe('warning');
    feeds.alarms.next(makeAlarm({ alarmId: 11, level: 'alarm' }));
    expect(root.alarms.alarms.map((a) => a.alarmId)).toEqual([11, 10]);
    root.closeProject();
    expect(feeds.closed).toBe(1);
  });

  it('shares one telemetry subscription per topic and feeds the worker', async () => {
    const { root, feeds } = setup();
    await root.openProject('demo-tunnel');
    const release1 = root.live.retainTelemetry('gas');
    const release2 = root.live.retainTelemetry('gas');
    expect(feeds.telemetryObserved('gas')).toBe(true);
    feeds.pushTelemetry(gasBatch([{ sn: 'G1', ts: T0 - 1000, readings: { CO: 7 } }]));
    expect(root.live.versionOf('G1')).toBe(1);
    await settle();
    const frame = await root.live.window({ sn: 'G1', metrics: ['CO'], fromMs: T0 - 60_000, toMs: T0, widthPx: 100 });
    expect(Array.from(frame.ys[0])).toEqual([7]);
    release1();
    expect(feeds.telemetryObserved('gas')).toBe(true);
    release2();
    expect(feeds.telemetryObserved('gas')).toBe(false);
    root.closeProject();
  });

  it('after a reconnect fetches missed alarms and refills open chart windows', async () => {
    const { root, feeds, alarmBodies, historyBodies, setAlarms, advance } = setup();
    await root.openProject('demo-tunnel');
    const close = root.live.openWindow({ sn: 'G1', metrics: ['CO'], windowMs: 30 * 60_000 });
    await settle();
    expect(historyBodies).toHaveLength(1);
    expect(historyBodies[0]).toMatchObject({ projectId: 'demo-tunnel', sns: ['G1'], metrics: ['CO'], toMs: T0, fromMs: T0 - 1_800_000 });

    setAlarms([makeAlarm({ alarmId: 12 }), makeAlarm({ alarmId: 11 }), makeAlarm({ alarmId: 10 })]);
    advance(5 * 60_000);
    const before = root.live.versionOf('G1');
    feeds.reconnected.next(1);
    for (let i = 0; i < 5; i++) await settle();

    expect(alarmBodies).toHaveLength(2);
    expect(root.alarms.alarms.map((a) => a.alarmId)).toEqual([12, 11, 10]);
    expect(root.live.reconnects).toBe(1);
    expect(historyBodies).toHaveLength(2);
    expect(historyBodies[1]).toMatchObject({ toMs: T0 + 300_000 });
    expect(root.live.versionOf('G1')).toBeGreaterThan(before);
    const frame = await root.live.window({ sn: 'G1', metrics: ['CO'], fromMs: T0 - 1_800_000, toMs: T0 + 300_000, widthPx: 200 });
    expect(frame.rawCount).toBe(4); // two history loads, points at different times
    close();
    root.closeProject();
  });

  it('rejects window requests once stopped', async () => {
    const { root } = setup();
    await root.openProject('demo-tunnel');
    root.closeProject();
    await expect(root.live.window({ sn: 'G1', metrics: ['CO'], fromMs: 0, toMs: 1, widthPx: 10 })).rejects.toThrow();
  });
});
