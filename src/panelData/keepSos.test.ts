import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../protocol';
import type { PersonnelFrame } from './types';
import { makeAlarm, T0 } from '../test/builders';
import { keepSosPeople, rememberSosFixes, untreatedSos, type SosFix } from './keepSos';

const frame = (atMs: number, people: Array<[sn: string, chainageM: number, sos: 0 | 1]>): PersonnelFrame => ({
  atMs,
  latestTs: atMs,
  tunnels: [
    {
      tunnelId: 'LK',
      sns: people.map((p) => p[0]),
      chainageM: Float64Array.from(people, (p) => p[1]),
      sos: Uint8Array.from(people, (p) => p[2]),
      heat: new Uint16Array(10),
    },
  ],
});
const sosAlarm = (p: { dealStatus?: 0 | 1 | 2; lastSeenMs?: number } = {}) =>
  makeAlarm({ alarmId: 7, kind: 'sos', deviceKind: 'beacon', deviceSn: 'B-ZW', deviceName: 'Zhang Wei', metric: 'sos', value: null, threshold: null, side: null, level: 'alarm', lastSeenMs: T0, ...p });
const zhang: DeviceInfo = { sn: 'B-ZW', kind: 'beacon', name: 'Zhang Wei', position: 'Zhang Wei', tunnelId: 'LK', reportPeriodS: 5, status: 'offline', lastSeenMs: T0, latest: { chainageM: 90 }, thresholds: [] };
const deviceOf = (sn: string) => (sn === 'B-ZW' ? zhang : undefined);

describe('a person in SOS stays on the tunnel map until the alarm is handled', () => {
  it('keeps the SOS mark when the button is released and the tag still reports', () => {
    const sos = untreatedSos([sosAlarm()]);
    const out = keepSosPeople(frame(T0 + 5000, [['B-1', 50, 0], ['B-ZW', 105, 0]]), sos, new Map(), deviceOf);
    expect([...out.frame.tunnels[0].sos]).toEqual([0, 1]);
    expect(out.kept).toEqual([]);
  });

  it('puts a silent tag back at its last fix on the map, with the time of that fix', () => {
    const sos = untreatedSos([sosAlarm()]);
    const memory = new Map<string, SosFix>();
    const fixed = frame(T0 + 2000, [['B-1', 50, 0], ['B-ZW', 105, 1], ['B-2', 300, 0]]);
    rememberSosFixes(memory, fixed, sos);
    // the tag falls silent: later frames no longer have it
    const later = frame(T0 + 120_000, [['B-1', 52, 0], ['B-2', 301, 0]]);
    const out = keepSosPeople(later, sos, memory, deviceOf);
    const t = out.frame.tunnels[0];
    expect(t.sns).toEqual(['B-1', 'B-ZW', 'B-2']);
    expect([...t.chainageM]).toEqual([52, 105, 301]);
    expect([...t.sos]).toEqual([0, 1, 0]);
    expect(out.kept).toEqual([{ sn: 'B-ZW', tunnelId: 'LK', chainageM: 105, fixMs: T0 + 2000 }]);
    // the raw frame is not changed (the worker's buffers)
    expect(later.tunnels[0].sns).toEqual(['B-1', 'B-2']);
  });

  it('falls back to the device list place when the map never saw the fix (board opened later)', () => {
    const out = keepSosPeople(frame(T0 + 60_000, []), untreatedSos([sosAlarm({ lastSeenMs: T0 + 1000 })]), new Map(), deviceOf);
    expect(out.kept).toEqual([{ sn: 'B-ZW', tunnelId: 'LK', chainageM: 90, fixMs: T0 + 1000 }]);
    expect(out.frame.tunnels[0].sns).toEqual(['B-ZW']);
  });

  it('lets go once the SOS is handled (processed or misinformation), and forgets the fix', () => {
    const memory = new Map<string, SosFix>([['B-ZW', { tunnelId: 'LK', chainageM: 105, fixMs: T0 }]]);
    for (const dealStatus of [1, 2] as const) {
      const handled = untreatedSos([sosAlarm({ dealStatus })]);
      const f = frame(T0 + 60_000, [['B-1', 50, 0]]);
      expect(keepSosPeople(f, handled, memory, deviceOf).frame).toBe(f);
      rememberSosFixes(memory, f, handled);
      expect(memory.size).toBe(0);
    }
  });

  it('gives a person put back an empty trail in replay, keeping the others\' trails in place', () => {
    const f = frame(T0, [['B-1', 50, 0], ['B-2', 300, 0]]);
    f.tunnels[0].trails = { starts: Uint32Array.from([0, 2, 4]), chainageM: Float64Array.from([48, 49, 298, 299]) };
    const out = keepSosPeople(f, untreatedSos([sosAlarm()]), new Map(), deviceOf);
    const trails = out.frame.tunnels[0].trails!;
    expect(out.frame.tunnels[0].sns).toEqual(['B-1', 'B-ZW', 'B-2']);
    expect([...trails.starts]).toEqual([0, 2, 2, 4]);
    expect([...trails.chainageM]).toEqual([48, 49, 298, 299]);
  });
});
