import { describe, expect, it } from 'vitest';
import { beijingDayStart, type Zone } from '../../protocol';
import { FRESH_FIX_MS, HEADCOUNT_WARMUP_MS, inZone, LEAVE_AREA_MS, MAX_PENDING_CROSSINGS, PRESENCE_MS, ZoneRules, type ZoneEdgeOptions, type ZoneRulesOptions, type ZoneWearer } from './zoneRules';
import type { AlarmDraft } from './types';

const T0 = 1_763_766_000_000;
const MIN = 60_000;
const beacon = (name: string) => ({ name, kind: 'beacon' });

function zone(over: Partial<Zone> & Pick<Zone, 'zoneId'>): Zone {
  return {
    projectId: 'p',
    name: over.zoneId,
    kind: 'work',
    tunnelId: 'LK',
    fromM: 100,
    toM: 200,
    entryAlarm: false,
    authorizedTeams: [],
    maxStayMin: null,
    maxHeadcount: null,
    noMovementMin: null,
    signalLostS: null,
    gatheringAllowed: false,
    assignedTeams: [],
    ...over,
  };
}

const wearers = new Map<string, ZoneWearer>([
  ['B1', { name: 'Wang Wei', team: 'Lining team' }],
  ['B2', { name: 'Li Fang', team: 'Drilling team' }],
]);

/** Rules whose zone edges are crossed with the first fix past the margin (the rules other than the edge's own). */
function rules(zones: Zone[], edge: Partial<ZoneEdgeOptions> = { dwellMs: 0 }, opts: ZoneRulesOptions = {}): ZoneRules {
  const r = new ZoneRules('p', { ...opts, edge });
  r.configure(zones, wearers, T0);
  return r;
}

/** Summary of drafts as [device, metric, state, repeatCount]. */
const brief = (ds: AlarmDraft[]) => ds.map((d) => [d.deviceSn, d.metric, d.state, d.repeatCount]);

describe('inZone', () => {
  it.each([
    ['LK', 100, true],
    ['LK', 200, true],
    ['LK', 150.5, true],
    ['LK', 99.9, false],
    ['LK', 200.1, false],
    ['RK', 150, false],
  ] as const)('%s at %s m → %s', (tunnelId, m, expected) => {
    expect(inZone(zone({ zoneId: 'Z' }), tunnelId, m)).toBe(expected);
  });
});

describe('danger zone entry', () => {
  const danger = zone({ zoneId: 'ZF', kind: 'danger', entryAlarm: true, authorizedTeams: ['Drilling team'] });

  it('raises one alarm for a person of a team not authorised, names the wearer and clears on leaving', () => {
    const r = rules([danger]);
    expect(r.fix('B1', beacon('BC1'), 'LK', 90, T0)).toEqual([]);
    const raised = r.fix('B1', beacon('BC1'), 'LK', 120, T0 + 1000);
    expect(brief(raised)).toEqual([['B1', 'zoneEntry', 'active', 1]]);
    expect(raised[0]).toMatchObject({ kind: 'zone', level: 'alarm', deviceName: 'Wang Wei', value: 120, unit: 'm', side: null });
    // staying inside refreshes at most every 10 s, never a second alarm
    expect(r.fix('B1', beacon('BC1'), 'LK', 125, T0 + 2000)).toEqual([]);
    expect(brief(r.fix('B1', beacon('BC1'), 'LK', 230, T0 + 3000))).toEqual([['B1', 'zoneEntry', 'cleared', 1]]);
    // back in while unhandled: the same alarm re-activates
    const again = r.fix('B1', beacon('BC1'), 'LK', 150, T0 + 4000);
    expect(again[0]).toBe(raised[0]);
    expect(brief(again)).toEqual([['B1', 'zoneEntry', 'active', 2]]);
  });

  it('lets an authorised team in without an alarm', () => {
    const r = rules([danger]);
    expect(r.fix('B2', beacon('BC2'), 'LK', 150, T0)).toEqual([]);
  });

  it('a handled and cleared entry alarm is closed: the next entry opens a new one', () => {
    const r = rules([danger]);
    const [a] = r.fix('B1', beacon('BC1'), 'LK', 150, T0);
    a.alarmId = 7;
    r.fix('B1', beacon('BC1'), 'LK', 300, T0 + 1000);
    r.dealt({ ...a, alarmId: 7, dealStatus: 1, dealtBy: 'admin', dealtAtMs: T0 + 2000, state: 'cleared' });
    const [b] = r.fix('B1', beacon('BC1'), 'LK', 150, T0 + 3000);
    expect(b).not.toBe(a);
    expect(b.repeatCount).toBe(1);
  });
});

describe('stay too long', () => {
  it('raises once the stay passes the limit and clears on leaving', () => {
    const r = rules([zone({ zoneId: 'ZW', maxStayMin: 30 })]);
    r.fix('B2', beacon('BC2'), 'LK', 150, T0);
    for (let m = 1; m < 30; m++) {
      r.fix('B2', beacon('BC2'), 'LK', 150 + (m % 2) * 5, T0 + m * MIN);
      expect(r.tick(T0 + m * MIN).filter((a) => a.metric === 'stayTooLong')).toEqual([]);
    }
    const raised = r.tick(T0 + 30 * MIN);
    expect(brief(raised)).toEqual([['B2', 'stayTooLong', 'active', 1]]);
    expect(raised[0]).toMatchObject({ level: 'warning', value: 30, threshold: 30, unit: 'min' });
    expect(brief(r.fix('B2', beacon('BC2'), 'LK', 250, T0 + 31 * MIN))).toEqual([['B2', 'stayTooLong', 'cleared', 1]]);
  });
});

describe('over-headcount', () => {
  it('raises one alarm on the zone when more people than allowed are in it, clears when one leaves', () => {
    const r = rules([zone({ zoneId: 'ZP', name: 'LK entry portal', kind: 'portal', maxHeadcount: 2 })]);
    const t = T0 + HEADCOUNT_WARMUP_MS;
    r.fix('B1', beacon('BC1'), 'LK', 110, t);
    r.fix('B2', beacon('BC2'), 'LK', 120, t);
    expect(r.tick(t)).toEqual([]);
    r.fix('B3', beacon('BC3'), 'LK', 130, t + 1000);
    const raised = r.tick(t + 1000);
    expect(brief(raised)).toEqual([['ZP', 'overHeadcount', 'active', 1]]);
    expect(raised[0]).toMatchObject({ deviceKind: 'zone', deviceName: 'LK entry portal', value: 3, threshold: 2 });
    expect(r.tick(t + 2000)).toEqual([]);
    r.fix('B3', beacon('BC3'), 'LK', 300, t + 3000);
    expect(brief(r.tick(t + 3000))).toEqual([['ZP', 'overHeadcount', 'cleared', 1]]);
  });

  it('waits for the beacons after a (re)start before counting', () => {
    const r = rules([zone({ zoneId: 'ZP', maxHeadcount: 0 + 1 })]);
    r.fix('B1', beacon('BC1'), 'LK', 110, T0);
    r.fix('B2', beacon('BC2'), 'LK', 110, T0);
    expect(r.tick(T0 + HEADCOUNT_WARMUP_MS - 1)).toEqual([]);
    expect(brief(r.tick(T0 + HEADCOUNT_WARMUP_MS))).toEqual([['ZP', 'overHeadcount', 'active', 1]]);
  });

  it('a docked tag leaves the count after PRESENCE_MS', () => {
    const r = rules([zone({ zoneId: 'ZP' })]);
    r.fix('B1', beacon('BC1'), 'LK', 110, T0);
    expect(r.headcounts(T0 + PRESENCE_MS - 1).get('ZP')).toBe(1);
    expect(r.headcounts(T0 + PRESENCE_MS).get('ZP')).toBeUndefined();
  });
});

describe('no movement (possible fall)', () => {
  const works = zone({ zoneId: 'ZW', noMovementMin: 30 });

  it('UWB scatter within the tolerance is no movement; a real step clears the alarm', () => {
    const r = rules([works]);
    const scatter = [0, 0.3, -0.2, 0.8, -0.6, 1.1];
    for (let s = 0; s < 30 * 60; s += 10) r.fix('B2', beacon('BC2'), 'LK', 150 + scatter[(s / 10) % scatter.length], T0 + s * 1000);
    const raised = r.tick(T0 + 30 * MIN);
    expect(brief(raised)).toEqual([['B2', 'noMovement', 'active', 1]]);
    expect(raised[0]).toMatchObject({ level: 'alarm', threshold: 30, unit: 'min' });
    expect(brief(r.fix('B2', beacon('BC2'), 'LK', 155, T0 + 31 * MIN))).toEqual([['B2', 'noMovement', 'cleared', 1]]);
  });

  it('walking around never raises it', () => {
    const r = rules([works]);
    for (let m = 0; m <= 60; m++) {
      r.fix('B2', beacon('BC2'), 'LK', 110 + (m % 20) * 4, T0 + m * MIN);
      expect(r.tick(T0 + m * MIN)).toEqual([]);
    }
  });

  it('a silent tag is not a still one (that is the signal-lost rule)', () => {
    const r = rules([works]);
    r.fix('B2', beacon('BC2'), 'LK', 150, T0);
    expect(r.tick(T0 + 31 * MIN).filter((a) => a.metric === 'noMovement')).toEqual([]);
    expect(FRESH_FIX_MS).toBeLessThan(30 * MIN);
  });
});

describe('signal lost', () => {
  it('raises when a beacon last seen in the zone stays silent past the limit, clears when it reports', () => {
    const r = rules([zone({ zoneId: 'ZW', signalLostS: 120 })]);
    r.fix('B1', beacon('BC1'), 'LK', 150, T0);
    expect(r.tick(T0 + 119_000)).toEqual([]);
    const raised = r.tick(T0 + 120_000);
    expect(brief(raised)).toEqual([['B1', 'signalLost', 'active', 1]]);
    expect(raised[0]).toMatchObject({ level: 'alarm', value: 120, threshold: 120, unit: 's' });
    expect(brief(r.fix('B1', beacon('BC1'), 'LK', 150, T0 + 200_000))).toEqual([['B1', 'signalLost', 'cleared', 1]]);
  });

  it('a tag docked outside the zone (at the portal) raises nothing', () => {
    const r = rules([zone({ zoneId: 'ZW', signalLostS: 120 })]);
    r.fix('B1', beacon('BC1'), 'LK', 150, T0);
    r.fix('B1', beacon('BC1'), 'LK', 10, T0 + 1000);
    expect(r.tick(T0 + 3_600_000)).toEqual([]);
  });
});

describe('beacon removed (worn: false), apart from signal lost', () => {
  const watched = zone({ zoneId: 'ZW', signalLostS: 120, noMovementMin: 1 });

  // test vectors: [ms after T0, chainage m, worn] → the zone alarms of B1 after that fix
  const VECTORS: Array<[number, number, boolean | undefined, Array<[string, string, string, number]>]> = [
    [0, 150, true, []],
    [10_000, 150, false, [['B1', 'beaconRemoved', 'active', 1]]],
    [15_000, 150.2, false, []], // still off: nothing new (the open alarm is refreshed at most every 10 s)
    [40_000, 150, true, [['B1', 'beaconRemoved', 'cleared', 1]]],
    [50_000, 150, false, [['B1', 'beaconRemoved', 'active', 2]]], // off again while unhandled: the same alarm, repeat 2
    [55_000, 150, undefined, [['B1', 'beaconRemoved', 'cleared', 2]]], // a tag without a worn sensor says nothing
  ];

  it('follows the test vectors: one alarm per episode, re-activated while unhandled', () => {
    const r = rules([watched]);
    for (const [dt, m, worn, expected] of VECTORS) {
      const got = brief(r.fix('B1', beacon('BC1'), 'LK', m, T0 + dt, worn)).filter(([, metric]) => metric === 'beaconRemoved');
      expect(got, `fix at +${dt} ms`).toEqual(expected);
    }
  });

  it('is an alarm of its own: a removed tag that keeps reporting is not signal lost nor a possible fall', () => {
    const r = rules([watched]);
    const [raised] = r.fix('B1', beacon('BC1'), 'LK', 150, T0, false);
    expect(raised).toMatchObject({ metric: 'beaconRemoved', kind: 'zone', level: 'alarm', deviceName: 'Wang Wei' });
    for (let s = 10; s <= 300; s += 10) r.fix('B1', beacon('BC1'), 'LK', 150, T0 + s * 1000, false);
    const metrics = new Set([...r.tick(T0 + 301_000)].map((a) => a.metric));
    expect(metrics.has('signalLost')).toBe(false);
    expect(metrics.has('noMovement')).toBe(false);
  });

  it('a silent tag is signal lost, not removed; only zones that watch their beacons (a signal-lost limit) raise it', () => {
    const r = rules([watched]);
    r.fix('B1', beacon('BC1'), 'LK', 150, T0, true);
    expect(brief(r.tick(T0 + 120_000))).toEqual([['B1', 'signalLost', 'active', 1]]);
    const unwatched = rules([zone({ zoneId: 'ZX' })]);
    expect(unwatched.fix('B1', beacon('BC1'), 'LK', 150, T0, false)).toEqual([]);
  });
});

describe('portal counts and configuration', () => {
  it('leaving a portal zone inwards counts an entry, coming back an exit', () => {
    const r = rules([zone({ zoneId: 'ZP', kind: 'portal', fromM: 0, toM: 50 })]);
    r.fix('B1', beacon('BC1'), 'LK', 20, T0);
    r.fix('B1', beacon('BC1'), 'LK', 60, T0 + 1000);
    r.fix('B2', beacon('BC2'), 'LK', 30, T0 + 1000);
    r.fix('B2', beacon('BC2'), 'LK', 80, T0 + 2000);
    r.fix('B1', beacon('BC1'), 'LK', 40, T0 + 3000);
    expect(r.portalCounts(T0 + 3000).get('ZP')).toEqual({ in: 2, out: 1 });
  });

  it('hands each counted crossing over once, with the wearer, the instant and the direction; a beacon nobody wears by its device name', () => {
    const r = rules([zone({ zoneId: 'ZP', kind: 'portal', fromM: 0, toM: 50 }), zone({ zoneId: 'ZW', fromM: 100, toM: 200 })]);
    r.fix('B1', beacon('BC1'), 'LK', 20, T0);
    r.fix('B1', beacon('BC1'), 'LK', 120, T0 + 1000); // in, and into a work zone (not a crossing)
    r.fix('B9', beacon('Tag B9'), 'LK', 30, T0 + 1000);
    r.fix('B9', beacon('Tag B9'), 'LK', 80, T0 + 2000);
    r.fix('B1', beacon('BC1'), 'LK', 40, T0 + 3000); // out
    expect(r.takeCrossings()).toEqual([
      { projectId: 'p', zoneId: 'ZP', atMs: T0 + 1000, sn: 'B1', name: 'Wang Wei', team: 'Lining team', direction: 'in' },
      { projectId: 'p', zoneId: 'ZP', atMs: T0 + 2000, sn: 'B9', name: 'Tag B9', team: '', direction: 'in' },
      { projectId: 'p', zoneId: 'ZP', atMs: T0 + 3000, sn: 'B1', name: 'Wang Wei', team: 'Lining team', direction: 'out' },
    ]);
    expect(r.takeCrossings()).toEqual([]);
  });

  it('holds at most MAX_PENDING_CROSSINGS crossings nobody took, dropping the oldest and counting them', () => {
    const r = rules([zone({ zoneId: 'ZP', kind: 'portal', fromM: 0, toM: 50 })]);
    r.fix('B1', beacon('BC1'), 'LK', 20, T0);
    const walks = MAX_PENDING_CROSSINGS + 3;
    for (let i = 1; i <= walks; i++) r.fix('B1', beacon('BC1'), 'LK', i % 2 === 1 ? 80 : 20, T0 + i * 1000);
    const held = r.takeCrossings();
    expect(held).toHaveLength(MAX_PENDING_CROSSINGS);
    expect(r.droppedCrossings).toBe(3);
    expect(held[0].atMs).toBe(T0 + 4000);
    expect(held.at(-1)!.atMs).toBe(T0 + walks * 1000);
  });

  it("takes back today's stored counts after a restart (the larger of stored and counted), never another day's", () => {
    const portal = zone({ zoneId: 'ZP', kind: 'portal', fromM: 0, toM: 50 });
    const dayStartMs = beijingDayStart(T0);
    const r = rules([portal, zone({ zoneId: 'ZW' })]);
    r.restorePortalCounts({ dayStartMs, counts: new Map([['ZP', { in: 5, out: 3 }], ['ZW', { in: 9, out: 9 }]]) }, T0);
    expect(r.portalCounts(T0).get('ZP')).toEqual({ in: 5, out: 3 });
    expect(r.portalCounts(T0).has('ZW')).toBe(false); // not a portal zone
    r.fix('B1', beacon('BC1'), 'LK', 20, T0);
    r.fix('B1', beacon('BC1'), 'LK', 60, T0 + 1000);
    expect(r.portalCounts(T0 + 1000).get('ZP')).toEqual({ in: 6, out: 3 });
    // a reload with older stored counts loses nothing counted since
    r.restorePortalCounts({ dayStartMs, counts: new Map([['ZP', { in: 5, out: 4 }]]) }, T0 + 2000);
    expect(r.portalCounts(T0 + 2000).get('ZP')).toEqual({ in: 6, out: 4 });
    const fresh = rules([portal]);
    fresh.restorePortalCounts({ dayStartMs: dayStartMs - 86_400_000, counts: new Map([['ZP', { in: 5, out: 3 }]]) }, T0);
    expect(fresh.portalCounts(T0).get('ZP')).toBeUndefined();
  });

  it("adds today's crossings counted before the start (the demo backfill) to the live counts, never another day's", () => {
    const portal = zone({ zoneId: 'ZP', kind: 'portal', fromM: 0, toM: 50 });
    const dayStartMs = beijingDayStart(T0);
    const r = rules([portal, zone({ zoneId: 'ZW' })]);
    r.fix('B1', beacon('BC1'), 'LK', 20, T0);
    r.fix('B1', beacon('BC1'), 'LK', 60, T0 + 1000);
    r.addPortalCounts({ dayStartMs, counts: new Map([['ZP', { in: 7, out: 2 }], ['ZW', { in: 9, out: 9 }]]) }, T0 + 1000);
    expect(r.portalCounts(T0 + 1000).get('ZP')).toEqual({ in: 8, out: 2 });
    expect(r.portalCounts(T0 + 1000).has('ZW')).toBe(false); // not a portal zone
    r.addPortalCounts({ dayStartMs: dayStartMs - 86_400_000, counts: new Map([['ZP', { in: 5, out: 5 }]]) }, T0 + 1000);
    expect(r.portalCounts(T0 + 1000).get('ZP')).toEqual({ in: 8, out: 2 });
  });

  it('removing a zone clears its alarms', () => {
    const r = rules([zone({ zoneId: 'ZF', entryAlarm: true })]);
    const [a] = r.fix('B1', beacon('BC1'), 'LK', 150, T0);
    expect(a.state).toBe('active');
    expect(brief(r.configure([], wearers, T0 + 1000))).toEqual([['B1', 'zoneEntry', 'cleared', 1]]);
  });

  it('a restored open alarm is kept until its beacon reports again', () => {
    const r = rules([zone({ zoneId: 'ZW', signalLostS: 120 })]);
    r.fix('B1', beacon('BC1'), 'LK', 150, T0);
    const [lost] = r.tick(T0 + 120_000);
    const restarted = rules([zone({ zoneId: 'ZW', signalLostS: 120 })]);
    restarted.restore({ ...lost, alarmId: 3 });
    expect(restarted.tick(T0 + 130_000)).toEqual([]);
    const cleared = restarted.fix('B1', beacon('BC1'), 'LK', 150, T0 + 140_000);
    expect(cleared.map((d) => [d.alarmId, d.state])).toEqual([[3, 'cleared']]);
  });
});

describe('zone edges with hysteresis (default margin and dwell)', () => {
  const danger = zone({ zoneId: 'ZF', kind: 'danger', entryAlarm: true, fromM: 100, toM: 200 });

  /** Deterministic UWB scatter in [-0.3, 0.3] m (docs/device-protocol.md "beacon"). */
  function scatter(seed: number): () => number {
    let s = seed >>> 0 || 1;
    return () => {
      s = (s * 1_664_525 + 1_013_904_223) >>> 0;
      return (s / 2 ** 32 - 0.5) * 0.6;
    };
  }

  it('a person standing on the edge, come from outside, never enters: no alarm for ten minutes of scattered fixes', () => {
    const r = rules([danger], {});
    const jitter = scatter(7);
    const drafts: AlarmDraft[] = [];
    drafts.push(...r.fix('B1', beacon('BC1'), 'LK', 95, T0));
    for (let s = 1; s <= 600; s++) drafts.push(...r.fix('B1', beacon('BC1'), 'LK', 100 + jitter(), T0 + s * 1000));
    expect(drafts).toEqual([]);
    expect(r.position('B1')?.zoneIds).toEqual([]);
  });

  it('a person standing on the edge, come from inside, is one episode: one alarm, no clears nor repeats until they walk away', () => {
    const r = rules([danger], {});
    const jitter = scatter(11);
    expect(brief(r.fix('B1', beacon('BC1'), 'LK', 110, T0))).toEqual([['B1', 'zoneEntry', 'active', 1]]);
    const drafts: AlarmDraft[] = [];
    for (let s = 1; s <= 600; s++) drafts.push(...r.fix('B1', beacon('BC1'), 'LK', 100 + jitter(), T0 + s * 1000));
    // only the periodic refresh of the one active alarm
    expect(new Set(drafts.map((d) => `${d.state}/${d.repeatCount}`))).toEqual(new Set(['active/1']));
    // walking out: gone once the fixes have been outside for the dwell time (the last fixes on the edge may count) and past the margin
    const out = [98, 97, 96].flatMap((m, i) => r.fix('B1', beacon('BC1'), 'LK', m, T0 + 601_000 + i * 1000));
    expect(brief(out.filter((d) => d.state === 'cleared'))).toEqual([['B1', 'zoneEntry', 'cleared', 1]]);
    expect(r.position('B1')?.zoneIds).toEqual([]);
  });

  it('entry needs the fixes inside for the dwell time and past the margin; a step back out ends the crossing', () => {
    const r = rules([danger], {});
    r.fix('B1', beacon('BC1'), 'LK', 90, T0);
    expect(r.fix('B1', beacon('BC1'), 'LK', 105, T0 + 1000)).toEqual([]);
    expect(r.fix('B1', beacon('BC1'), 'LK', 99, T0 + 2000)).toEqual([]); // back out: crossing ends
    expect(r.fix('B1', beacon('BC1'), 'LK', 105, T0 + 3000)).toEqual([]);
    expect(r.fix('B1', beacon('BC1'), 'LK', 100.3, T0 + 5000)).toEqual([]); // dwell passed, but not past the margin
    const [entry] = r.fix('B1', beacon('BC1'), 'LK', 100.6, T0 + 6000);
    expect([entry.metric, entry.state]).toEqual(['zoneEntry', 'active']);
    expect(r.position('B1')?.zoneIds).toEqual(['ZF']);
  });

  it('the stay counts from the first fix of the crossing', () => {
    const r = rules([zone({ zoneId: 'ZW', maxStayMin: 1 })], {});
    r.fix('B1', beacon('BC1'), 'LK', 90, T0);
    r.fix('B1', beacon('BC1'), 'LK', 110, T0 + 1000);
    r.fix('B1', beacon('BC1'), 'LK', 110, T0 + 3000);
    const [stay] = r.fix('B1', beacon('BC1'), 'LK', 110, T0 + 61_000);
    expect([stay.metric, stay.value]).toEqual(['stayTooLong', 1]);
  });

  it('200 people standing on edges change no headcount and raise no alarm change beyond one per person', () => {
    const r = rules([zone({ zoneId: 'ZW', maxHeadcount: 150, entryAlarm: true })], {});
    const jitter = scatter(3);
    const sns = Array.from({ length: 200 }, (_, i) => `E${i}`);
    const changes: AlarmDraft[] = [];
    // half come from inside each edge, half from outside
    sns.forEach((sn, i) => changes.push(...r.fix(sn, beacon(sn), 'LK', i % 2 ? 105 : 95, T0)));
    changes.push(...r.tick(T0 + HEADCOUNT_WARMUP_MS));
    const counted = r.headcounts(T0 + HEADCOUNT_WARMUP_MS).get('ZW');
    expect(counted).toBe(100);
    let later = 0;
    for (let s = 1; s <= 60; s++) {
      const t = T0 + HEADCOUNT_WARMUP_MS + s * 1000;
      for (const sn of sns) {
        for (const d of r.fix(sn, beacon(sn), 'LK', 100 + jitter(), t)) if (d.state !== 'active' || d.repeatCount !== 1 || d.raisedAtMs === t) later++;
      }
      for (const d of r.tick(t)) if (d.state !== 'active' || d.raisedAtMs === t) later++;
      expect(r.headcounts(t).get('ZW')).toBe(counted);
    }
    expect(later).toBe(0);
  });

  it('a person standing at the portal edge is not counted in and out; walking through counts once', () => {
    const r = rules([zone({ zoneId: 'ZP', kind: 'portal', fromM: 0, toM: 50 })], {});
    const jitter = scatter(5);
    r.fix('B1', beacon('BC1'), 'LK', 45, T0);
    for (let s = 1; s <= 300; s++) r.fix('B1', beacon('BC1'), 'LK', 50 + jitter(), T0 + s * 1000);
    expect(r.portalCounts(T0 + 300_000).get('ZP')).toBeUndefined();
    for (let s = 1; s <= 10; s++) r.fix('B1', beacon('BC1'), 'LK', 50 + s, T0 + 300_000 + s * 1000);
    expect(r.portalCounts(T0 + 310_000).get('ZP')).toEqual({ in: 1, out: 0 });
  });

  it('the margin is at most a quarter of a short zone, so a 1 m zone can still be entered', () => {
    const r = rules([zone({ zoneId: 'ZS', entryAlarm: true, fromM: 100, toM: 101 })], {});
    r.fix('B1', beacon('BC1'), 'LK', 90, T0);
    r.fix('B1', beacon('BC1'), 'LK', 100.5, T0 + 1000);
    expect(r.fix('B1', beacon('BC1'), 'LK', 100.5, T0 + 3000).map((d) => d.metric)).toEqual(['zoneEntry']);
  });
});

describe('gathering', () => {
  const open = zone({ zoneId: 'ZW', fromM: 0, toM: 1000 });
  const portal = zone({ zoneId: 'ZP', kind: 'portal', fromM: 1000, toM: 1100, gatheringAllowed: true });
  /** After the warm-up of a start, when headcounts and gatherings begin. */
  const S = T0 + HEADCOUNT_WARMUP_MS;
  const crowd = Array.from({ length: 10 }, (_, i) => `G${i}`);

  /** Every crowd tag reports once a second from `atM` (spread over 4 m) for `seconds`, ticking; returns the drafts. */
  function stand(r: ZoneRules, atM: number, fromMs: number, seconds: number, sns = crowd): AlarmDraft[] {
    const out: AlarmDraft[] = [];
    for (let s = 0; s < seconds; s++) {
      const t = fromMs + s * 1000;
      sns.forEach((sn, i) => out.push(...r.fix(sn, beacon(sn), 'LK', atM + (i % 5), t)));
      out.push(...r.tick(t));
    }
    return out;
  }

  it('ten people within 5 m for 5 min raise one warning on the bore; it clears after they part', () => {
    const r = rules([open, portal]);
    expect(stand(r, 500, S, 299)).toEqual([]);
    const raised = stand(r, 500, S + 299_000, 2).filter((d) => d.metric === 'gathering');
    expect(raised.map((d) => [d.deviceSn, d.deviceKind, d.level, d.state, d.value, d.threshold])).toEqual([['LK', 'tunnel', 'warning', 'active', 10, 10]]);
    // they walk apart: 50 m between each
    const parted: AlarmDraft[] = [];
    for (let s = 0; s < 40; s++) {
      const t = S + 301_000 + s * 1000;
      crowd.forEach((sn, i) => parted.push(...r.fix(sn, beacon(sn), 'LK', 100 + i * 50, t)));
      parted.push(...r.tick(t));
    }
    // drafts are the rules' live objects: one alarm, now cleared
    expect(brief([...new Set(parted)])).toEqual([['LK', 'gathering', 'cleared', 1]]);
    expect(r.tick(S + 400_000)).toEqual([]);
  });

  it('nine people, or ten in a zone that allows gathering, raise nothing', () => {
    const r = rules([open, portal]);
    expect(stand(r, 500, S, 400, crowd.slice(0, 9))).toEqual([]);
    const atPortal = rules([open, portal]);
    expect(stand(atPortal, 1040, S, 400).filter((d) => d.metric === 'gathering')).toEqual([]);
  });

  it('one person stepping aside for a moment neither restarts the time nor clears the alarm', () => {
    const r = rules([open]);
    stand(r, 500, S, 200);
    stand(r, 500, S + 200_000, 10, crowd.slice(0, 9)); // one steps away (silent to the group)
    crowd.slice(9).forEach((sn) => r.fix(sn, beacon(sn), 'LK', 520, S + 205_000));
    const raised = stand(r, 500, S + 210_000, 100).filter((d) => d.metric === 'gathering');
    expect(brief(raised).slice(0, 1)).toEqual([['LK', 'gathering', 'active', 1]]);
    expect(raised.every((d) => d.state === 'active' && d.repeatCount === 1)).toBe(true);
  });
});

describe('leave area', () => {
  const works = zone({ zoneId: 'ZW', fromM: 100, toM: 200, assignedTeams: ['Lining team'] });
  const face = zone({ zoneId: 'ZF', kind: 'danger', fromM: 200, toM: 400 });

  it('a person of a team with a work area, outside it past the grace, raises one warning; back inside clears it', () => {
    const r = rules([works, face]);
    r.fix('B1', beacon('BC1'), 'LK', 150, T0);
    expect(r.fix('B1', beacon('BC1'), 'LK', 260, T0 + 1000)).toEqual([]);
    expect(r.tick(T0 + 1000 + LEAVE_AREA_MS - 1)).toEqual([]);
    const [left] = r.tick(T0 + 1000 + LEAVE_AREA_MS);
    expect([left.metric, left.level, left.value, left.unit, left.deviceName]).toEqual(['leaveArea', 'warning', 260, 'm', 'Wang Wei']);
    expect(brief(r.fix('B1', beacon('BC1'), 'LK', 180, T0 + 200_000))).toEqual([['B1', 'leaveArea', 'cleared', 1]]);
  });

  it('a short errand out of the area, and people of teams no zone names, raise nothing', () => {
    const r = rules([works, face]);
    r.fix('B1', beacon('BC1'), 'LK', 150, T0);
    r.fix('B1', beacon('BC1'), 'LK', 260, T0 + 1000);
    r.fix('B1', beacon('BC1'), 'LK', 150, T0 + 60_000);
    expect(r.tick(T0 + 1000 + LEAVE_AREA_MS)).toEqual([]);
    r.fix('B2', beacon('BC2'), 'LK', 300, T0);
    expect(r.tick(T0 + 10 * MIN)).toEqual([]);
  });
});
