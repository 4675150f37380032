import { describe, expect, it } from 'vitest';
import { beijingDayStart } from '../../protocol';
import { ZoneHourTracker, type ZoneHourStats } from './zoneHours';

const HOUR = 3_600_000;
const MIN = 60_000;
/** 10:00 UTC on a day, far from the 16:00 UTC Beijing day start. */
const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);

function stats(headcount: Record<string, number>, portal: Record<string, [number, number]> = {}): ZoneHourStats {
  return {
    headcount: new Map(Object.entries(headcount)),
    portal: new Map(Object.entries(portal).map(([k, [i, o]]) => [k, { in: i, out: o }])),
  };
}

describe('ZoneHourTracker', () => {
  it('ends an hour with its peak at a minute end, the headcount at its end and the passages within it', () => {
    const t = new ZoneHourTracker();
    t.begin('p', stats({ A: 1 }, { P: [5, 2] }), T0 + 10 * MIN);
    expect(t.sample('p', stats({ A: 4 }, { P: [7, 2] }), T0 + 20 * MIN)).toEqual([]);
    expect(t.sample('p', stats({ A: 2 }, { P: [8, 3] }), T0 + 59 * MIN + 59_000)).toEqual([]);
    const rows = t.sample('p', stats({ A: 2 }, { P: [9, 3] }), T0 + HOUR + 1_000);
    expect(rows).toEqual(
      expect.arrayContaining([
        { project_id: 'p', zone_id: 'A', hour_start_ms: T0, headcount: 2, max_headcount: 4, portal_in: 0, portal_out: 0 },
        { project_id: 'p', zone_id: 'P', hour_start_ms: T0, headcount: 0, max_headcount: 0, portal_in: 3, portal_out: 1 },
      ]),
    );
    expect(rows).toHaveLength(2);
    // the entry seen after the hour's end counts in the next hour, not lost between the two
    const next = t.current().find((r) => r.zone_id === 'P')!;
    expect(next).toMatchObject({ hour_start_ms: T0 + HOUR, portal_in: 1, portal_out: 0 });
  });

  it('counts the first passage through a portal nobody had passed that day', () => {
    const t = new ZoneHourTracker();
    t.begin('p', stats({ A: 1 }), T0 + 5 * MIN);
    // the rules list a portal's counts from its first passage on
    t.sample('p', stats({ A: 1 }, { P: [1, 0] }), T0 + 6 * MIN);
    expect(t.current().find((r) => r.zone_id === 'P')).toMatchObject({ portal_in: 1, portal_out: 0 });
  });

  it('stops writing a zone the rules no longer count after the hour it was last seen in', () => {
    const t = new ZoneHourTracker();
    t.begin('p', stats({ A: 1, B: 2 }), T0);
    const ended = t.sample('p', stats({ A: 1 }), T0 + HOUR);
    expect(ended.map((r) => r.zone_id).sort()).toEqual(['A', 'B']);
    expect(t.current().map((r) => r.zone_id)).toEqual(['A']);
  });

  it('takes the peak once per minute, not between minute ends', () => {
    const t = new ZoneHourTracker();
    t.begin('p', stats({ A: 1 }), T0);
    t.sample('p', stats({ A: 1 }), T0 + 30_000);
    t.sample('p', stats({ A: 9 }), T0 + 40_000); // within the same minute: not a minute end
    t.sample('p', stats({ A: 1 }), T0 + MIN);
    expect(t.current()[0]).toMatchObject({ headcount: 1, max_headcount: 1 });
  });

  it('counts portal passages from zero in the hour that starts a Beijing day', () => {
    const dayStart = beijingDayStart(T0) + 86_400_000; // 16:00 UTC, an hour boundary
    const t = new ZoneHourTracker();
    t.begin('p', stats({}, { P: [40, 38] }), dayStart - 30 * MIN);
    t.sample('p', stats({}, { P: [42, 38] }), dayStart - 1_000);
    const ended = t.sample('p', stats({}, { P: [1, 0] }), dayStart + 1_000);
    expect(ended).toEqual([{ project_id: 'p', zone_id: 'P', hour_start_ms: dayStart - HOUR, headcount: 0, max_headcount: 0, portal_in: 2, portal_out: 0 }]);
    expect(t.current()).toEqual([{ project_id: 'p', zone_id: 'P', hour_start_ms: dayStart, headcount: 0, max_headcount: 0, portal_in: 1, portal_out: 0 }]);
  });

  it('resumes the stored row of the hour after a restart without counting twice', () => {
    const stored = { project_id: 'p', zone_id: 'P', hour_start_ms: T0, headcount: 3, max_headcount: 5, portal_in: 4, portal_out: 1 };
    const t = new ZoneHourTracker();
    // the day's counts were restored at the start: 10 in, of which 4 in this hour
    t.begin('p', stats({ P: 2 }, { P: [10, 6] }), T0 + 30 * MIN, [stored, { ...stored, hour_start_ms: T0 - HOUR }]);
    t.sample('p', stats({ P: 2 }, { P: [11, 6] }), T0 + 40 * MIN);
    expect(t.current()).toEqual([{ ...stored, headcount: 2, max_headcount: 5, portal_in: 5, portal_out: 1 }]);
  });

  it('starts an hour skipped over (the process slept) without rows for the hours in between', () => {
    const t = new ZoneHourTracker();
    t.begin('p', stats({ A: 1 }), T0);
    const ended = t.sample('p', stats({ A: 2 }), T0 + 3 * HOUR + 5 * MIN);
    expect(ended.map((r) => r.hour_start_ms)).toEqual([T0]);
    expect(t.current()).toEqual([{ project_id: 'p', zone_id: 'A', hour_start_ms: T0 + 3 * HOUR, headcount: 2, max_headcount: 2, portal_in: 0, portal_out: 0 }]);
  });

  it('refuses a sample of a project not begun, and forgets a dropped one', () => {
    const t = new ZoneHourTracker();
    expect(() => t.sample('q', stats({}), T0)).toThrow(/not followed/);
    t.begin('q', stats({ A: 1 }), T0);
    t.drop('q');
    expect(t.has('q')).toBe(false);
    expect(t.current()).toEqual([]);
  });
});
