import { describe, expect, it } from 'vitest';
import type { DeviceInfo, TunnelInfo } from '../../protocol';
import type { PersonnelFrame } from './types';
import { makeAlarm, T0 } from '../test/builders';
import { HistoryImpl } from '../../workers/telemetry/HistoryImpl';
import { untreatedSos, type SosFix } from './keepSos';
import { atPortal, FRESH_FIX_MS, PORTAL_EXIT_M, PRESENCE_MS, underground } from './underground';

const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 0, lengthM: 3000, headings: [{ headingId: 'RK-X', portal: 'exit', faceM: 2900, rockGrade: null } as TunnelInfo['headings'][number]] },
];
type Person = [sn: string, chainageM: number, fixAgoMs: number, sos?: 0 | 1];
const AT = T0 + 3_600_000;
const bore = (tunnelId: string, people: Person[], atMs = AT): PersonnelFrame['tunnels'][number] => ({
  tunnelId,
  sns: people.map((p) => p[0]),
  chainageM: Float64Array.from(people, (p) => p[1]),
  sos: Uint8Array.from(people, (p) => p[3] ?? 0),
  fixMs: Float64Array.from(people, (p) => atMs - p[2]),
  heat: new Uint16Array(30),
});
const frame = (lk: Person[], rk: Person[] = [], atMs = AT): PersonnelFrame => ({ atMs, tunnels: [bore('LK', lk, atMs), bore('RK', rk, atMs)] });
const sosAlarm = (dealStatus: 0 | 1 | 2 = 0) =>
  makeAlarm({ alarmId: 7, kind: 'sos', deviceKind: 'beacon', deviceSn: 'B-ZW', deviceName: 'Zhang Wei', metric: 'sos', value: null, threshold: null, side: null, level: 'alarm', lastSeenMs: AT - 400_000, dealStatus });
const nobody = () => undefined as DeviceInfo | undefined;
const run = (f: PersonnelFrame, alarms = [] as ReturnType<typeof sosAlarm>[], memory = new Map<string, SosFix>()) => underground(f, untreatedSos(alarms), memory, nobody, TUNNELS);

describe('who is underground (the headline and the map count by this one rule)', () => {
  it('counts a tag while its last fix is under 5 min old, a silent one greyed with its last-fix time', () => {
    const u = run(frame([['A', 100, 1000], ['S', 800, 120_000], ['GONE', 900, PRESENCE_MS]], [['R', 200, 0]]));
    expect(Object.fromEntries(u.counts)).toEqual({ LK: 2, RK: 1 });
    const lk = u.frame.tunnels[0];
    expect(lk.sns).toEqual(['A', 'S']);
    expect([...lk.silent!]).toEqual([0, 1]);
    expect(u.silentSince).toEqual(new Map([['S', AT - 120_000]]));
  });

  it('takes a silent tag whose last fix was at a portal out, but not one still reporting there', () => {
    const u = run(frame([['OUT', PORTAL_EXIT_M - 1, FRESH_FIX_MS], ['AT-PORTAL', 3, 1000]], [['EXIT', 2995, 60_000], ['FACE', 2900, 60_000]]));
    expect(u.frame.tunnels[0].sns).toEqual(['AT-PORTAL']);
    // RK is driven from its exit portal too: its far end is a portal, LK's is not
    expect(u.frame.tunnels[1].sns).toEqual(['FACE']);
    expect(atPortal(2995, TUNNELS[0])).toBe(false);
  });

  it('counts a person with an untreated SOS where last seen, however long silent or near the portal, until handled', () => {
    const memory = new Map<string, SosFix>();
    run(frame([['B-ZW', 5, 0, 1]]), [sosAlarm()], memory);
    // ten minutes later the tag has been silent past the presence window: the source no longer has it
    const later = frame([['A', 100, 0]], [], AT + 600_000);
    const u = run(later, [sosAlarm()], memory);
    expect(u.counts.get('LK')).toBe(2);
    const lk = u.frame.tunnels[0];
    expect(lk.sns).toEqual(['B-ZW', 'A']);
    expect([...lk.sos]).toEqual([1, 0]);
    expect([...lk.silent!]).toEqual([1, 0]);
    expect(u.silentSince.get('B-ZW')).toBe(AT);
    expect(run(later, [sosAlarm(1)], memory).counts.get('LK')).toBe(1);
  });

  it('drops the SOS mark of a silent tag once its alarm is handled, still counting the person while present', () => {
    const f = frame([['B-ZW', 500, 60_000, 1], ['C', 600, 1000, 1]]);
    const handled = run(f, [sosAlarm(1)]).frame.tunnels[0];
    expect(handled.sns).toEqual(['B-ZW', 'C']);
    expect([...handled.sos]).toEqual([0, 1]); // C still holds the button: its fresh fix says so
    expect([...run(f, [sosAlarm(0)]).frame.tunnels[0].sos]).toEqual([1, 1]);
  });

  it('drops the trails of people taken out with them, keeping the others\' in place', () => {
    const f = frame([['A', 50, 0], ['OUT', 2, 60_000], ['B', 300, 0]]);
    f.tunnels[0].trails = { starts: Uint32Array.from([0, 2, 4, 6]), chainageM: Float64Array.from([48, 49, 3, 2, 298, 299]) };
    const t = run(f).frame.tunnels[0];
    expect(t.sns).toEqual(['A', 'B']);
    expect([...t.trails!.starts]).toEqual([0, 2, 4]);
    expect([...t.trails!.chainageM]).toEqual([48, 49, 298, 299]);
    expect(f.tunnels[0].sns).toHaveLength(3); // the source's frame is left as it was
  });

  it('applies alike at a replayed instant: the replay worker gives each person\'s last-fix time', async () => {
    const h = new HistoryImpl();
    // fixes at T0 (100 m), T0+10 s (150 m, SOS), then silence; a second tag reporting through
    await h.load('B1', { ts: [T0, T0 + 10_000], values: { chainageM: [100, 150], sos: [0, 1] } }, 'LK');
    await h.load('B2', { ts: [T0, T0 + 200_000, T0 + 400_000], values: { chainageM: [10, 20, 30], sos: [0, 0, 0] } }, 'LK');
    const at = async (nowMs: number) => run(await h.personnel({ nowMs, staleMs: PRESENCE_MS, binM: 100, tunnels: [{ tunnelId: 'LK', lengthM: 3000 }] }));
    const silent = await at(T0 + 130_000);
    expect(silent.counts.get('LK')).toBe(2);
    expect(silent.silentSince).toEqual(new Map([['B1', T0 + 10_000], ['B2', T0]]));
    expect([...silent.frame.tunnels[0].sos]).toEqual([0, 0]); // B1's SOS was handled: no untreated alarm
    // B1 past the presence window; B2 silent for 120 s at 20 m: inside, not at the portal
    expect((await at(T0 + 320_000)).frame.tunnels[0].sns).toEqual(['B2']);
  });
});
