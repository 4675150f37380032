import { describe, expect, it } from 'vitest';
import type { TelemetryBatch } from '../../protocol';
import { inProcessLiveLink } from '../../workers/telemetry/Live';
import { subjectFeeds } from '../test/fakeFeeds';
import { AlarmStore } from './AlarmStore';
import { DeviceStore } from './DeviceStore';
import { LiveStore, type PersonnelFrame } from './LiveStore';

const T0 = Date.UTC(2026, 10, 24, 2, 0, 0);
const beacons = (items: Array<[sn: string, chainageM: number]>, ts: number) =>
  ({ projectId: 'demo-tunnel', topic: 'beacon', items: items.map(([sn, chainageM]) => ({ sn, ts, tunnelId: 'LK', chainageM, battery: 80, sos: false })) }) as unknown as TelemetryBatch;

describe('LiveStore personnel frames', () => {
  it('hands the watcher every frame with its sns, as people move and join (sent as codes by the host)', () => {
    const feeds = subjectFeeds();
    let now = T0;
    const unused = () => Promise.reject(new Error('no REST in this test'));
    const devices = new DeviceStore(unused);
    const live = new LiveStore({ request: unused, createLink: inProcessLiveLink(feeds.factory, { now: () => now }), devices, alarms: new AlarmStore(unused), now: () => now });
    live.start('demo-tunnel');
    const hold = live.retainTelemetry('beacon');
    const frames: PersonnelFrame[] = [];
    const stop = live.watchPersonnel({ staleMs: 30_000, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: 2000 }] }, (f) => frames.push(f));
    feeds.pushTelemetry(beacons([['B1', 100], ['B2', 200]], now));
    now += 1000;
    feeds.pushTelemetry(beacons([['B2', 50], ['B3', 150]], now));
    const last = frames.at(-1)!;
    expect(last.tunnels[0].sns).toEqual(['B2', 'B1', 'B3']);
    expect([...last.tunnels[0].chainageM]).toEqual([50, 100, 150]);
    expect(frames.map((f) => f.tunnels[0].sns.join(','))).toEqual(['', 'B1,B2', 'B2,B1,B3']);
    stop();
    hold();
    live.stop();
  });
});
