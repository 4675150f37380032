import { describe, expect, it } from 'vitest';
import { beijingDayStart, type AlarmRecord, type Zone } from '../../protocol';
import { ZoneRules, type ZoneWearer } from './zoneRules';
import type { AlarmDraft } from './types';

const T0 = 1_763_766_000_000;
const DAY_MS = 86_400_000;
const beacon = { name: 'tag', kind: 'beacon' };

const portal: Zone = {
  zoneId: 'ZP',
  projectId: 'p',
  name: 'LK portal',
  kind: 'portal',
  tunnelId: 'LK',
  fromM: 0,
  toM: 50,
  entryAlarm: false,
  authorizedTeams: [],
  maxStayMin: null,
  maxHeadcount: null,
  noMovementMin: null,
  signalLostS: null,
  gatheringAllowed: false,
  assignedTeams: [],
};

const trained: ZoneWearer = { name: 'Wang Wei', team: 'Lining team', entryEducation: true };
const untrained: ZoneWearer = { name: 'Li Fang', team: 'Drilling team', entryEducation: false };

function rules(wearers: Record<string, ZoneWearer>): ZoneRules {
  const r = new ZoneRules('p', { edge: { dwellMs: 0 } });
  r.configure([portal], new Map(Object.entries(wearers)), T0);
  return r;
}

/** Walks `sn` from the portal zone into the tunnel (an entry past the portal) at `atMs`; the drafts of the step inside. */
function goUnderground(r: ZoneRules, sn: string, atMs: number): AlarmDraft[] {
  r.fix(sn, beacon, 'LK', 20, atMs);
  return r.fix(sn, beacon, 'LK', 120, atMs + 1000);
}

const education = (ds: AlarmDraft[]) => ds.filter((d) => d.metric === 'noEntryEducation');

describe('no three-level entry education underground', () => {
  it('a registered person without the education going past the portal raises a warning naming them', () => {
    const r = rules({ B2: untrained });
    const [a] = education(goUnderground(r, 'B2', T0));
    expect(a).toMatchObject({ deviceSn: 'B2', deviceName: 'Li Fang', kind: 'zone', level: 'warning', state: 'active', value: 120, unit: 'm' });
  });

  it('a trained person, and a beacon nobody in the registry wears, raise nothing', () => {
    const r = rules({ B1: trained });
    expect(education(goUnderground(r, 'B1', T0))).toEqual([]);
    expect(education(goUnderground(r, 'B9', T0))).toEqual([]);
  });

  it('walking about inside the tunnel without passing the portal raises nothing', () => {
    const r = rules({ B2: untrained });
    r.fix('B2', beacon, 'LK', 120, T0);
    expect(education(r.fix('B2', beacon, 'LK', 300, T0 + 1000))).toEqual([]);
  });

  it('is raised once per person per day: entries later that day add nothing; the next day\'s first entry raises it again while no record names them', () => {
    const r = rules({ B2: untrained });
    const [a] = education(goUnderground(r, 'B2', T0));
    // out through the portal and in again within the hour: nothing new
    r.fix('B2', beacon, 'LK', 20, T0 + 60_000);
    expect(education(r.fix('B2', beacon, 'LK', 120, T0 + 61_000))).toEqual([]);
    const nextDay = beijingDayStart(T0) + DAY_MS + 3_600_000;
    const [again] = education(goUnderground(r, 'B2', nextDay));
    expect(again).toMatchObject({ deviceSn: 'B2', state: 'active', lastSeenMs: nextDay + 1000 });
    expect(a.raisedAtMs).toBe(T0 + 1000);
  });

  it('clears when a three-level record names the person (the registry reloaded)', () => {
    const r = rules({ B2: untrained });
    education(goUnderground(r, 'B2', T0));
    const cleared = education(r.configure([portal], new Map([['B2', { ...untrained, entryEducation: true }]]), T0 + 5000));
    expect(cleared).toMatchObject([{ deviceSn: 'B2', state: 'cleared', clearedAtMs: T0 + 5000 }]);
  });

  it('an open warning restored after a restart is not raised a second time that day', () => {
    const first = rules({ B2: untrained });
    const [a] = education(goUnderground(first, 'B2', T0));
    const r = rules({ B2: untrained });
    r.restore({ ...a, alarmId: 3 } as AlarmRecord);
    r.fix('B2', beacon, 'LK', 20, T0 + 60_000);
    const again = education(r.fix('B2', beacon, 'LK', 120, T0 + 61_000));
    expect(again.every((d) => d.alarmId === 3 && d.repeatCount === 1)).toBe(true);
  });
});
