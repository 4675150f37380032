import { describe, expect, it } from 'vitest';
import {
  DISCREPANCY_AFTER_MS,
  attendanceDayOf,
  attendanceWindow,
  beijingMidnightOf,
  discrepancyOf,
  gatePresence,
  personDay,
  teamShiftSchema,
  MAINLAND_PHONE,
  type GatePass,
  type TeamShift,
} from './attendance';

const MIN = 60_000;
const H = 3_600_000;
const DAY: TeamShift = { startMin: 7 * 60, lengthMin: 12 * 60, lateGraceMin: 10 };
const NIGHT: TeamShift = { startMin: 19 * 60, lengthMin: 12 * 60, lateGraceMin: 10 };
/** 2026-11-26 00:00 Beijing time. */
const D0 = beijingMidnightOf('2026-11-26');

function pass(direction: 'in' | 'out', atMs: number, tunnelId: string | null = null): GatePass {
  return { personId: 'P1', gateSn: tunnelId ? `GATE-${tunnelId}` : 'GATE-SITE', tunnelId, direction, tsMs: atMs };
}

describe("a person's attendance day", () => {
  it('is on time with first in, last out and the hours between for a day shift', () => {
    const passes = [pass('in', D0 + 6.5 * H), pass('in', D0 + 6.7 * H, 'LK'), pass('out', D0 + 19.2 * H, 'LK'), pass('out', D0 + 19.4 * H)];
    const d = personDay(passes, DAY, '2026-11-26', D0 + 30 * H);
    expect(d).toMatchObject({ status: 'onTime', lateMin: 0, firstInMs: D0 + 6.5 * H, lastOutMs: D0 + 19.4 * H, onSite: false, missingOut: false });
    // the portal out-pass leaves the bore, not the site: the stay runs from the site in to the site out
    expect(d.hoursOnSite).toBeCloseTo(12.9, 2);
  });

  it('is late when the first entry is more than the grace after the shift start, by whole minutes', () => {
    const d = personDay([pass('in', D0 + 7 * H + 23.5 * MIN), pass('out', D0 + 19 * H)], DAY, '2026-11-26', D0 + 20 * H);
    expect(d.status).toBe('late');
    expect(d.lateMin).toBe(23);
    expect(personDay([pass('in', D0 + 7 * H + 9 * MIN)], DAY, '2026-11-26', D0 + 8 * H).status).toBe('onTime');
  });

  it("uses the team's grace: exactly at it is on time, one minute after is late", () => {
    const at = (grace: number, afterStartMin: number) => personDay([pass('in', D0 + 7 * H + afterStartMin * MIN)], { ...DAY, lateGraceMin: grace }, '2026-11-26', D0 + 9 * H);
    expect(at(10, 10)).toMatchObject({ status: 'onTime', lateMin: 0 });
    expect(at(10, 11)).toMatchObject({ status: 'late', lateMin: 11 });
    expect(at(30, 30)).toMatchObject({ status: 'onTime', lateMin: 0 });
    expect(at(30, 31)).toMatchObject({ status: 'late', lateMin: 31 });
    // no grace: at the start is on time, a minute after is late
    expect(at(0, 0).status).toBe('onTime');
    expect(at(0, 1)).toMatchObject({ status: 'late', lateMin: 1 });
    // absent only once the team's grace has passed without an entry
    const none = (grace: number, nowAfterStartMin: number) => personDay([], { ...DAY, lateGraceMin: grace }, '2026-11-26', D0 + 7 * H + nowAfterStartMin * MIN).status;
    expect(none(30, 29)).toBe('notDue');
    expect(none(30, 30)).toBe('absent');
  });

  it('takes a grace of 0 to 120 whole minutes, 10 when not sent', () => {
    expect(teamShiftSchema.parse({ startMin: 420, lengthMin: 720 })).toEqual({ startMin: 420, lengthMin: 720, lateGraceMin: 10 });
    expect(teamShiftSchema.safeParse({ startMin: 420, lengthMin: 720, lateGraceMin: 120 }).success).toBe(true);
    expect(teamShiftSchema.safeParse({ startMin: 420, lengthMin: 720, lateGraceMin: 121 }).success).toBe(false);
    expect(teamShiftSchema.safeParse({ startMin: 420, lengthMin: 720, lateGraceMin: -1 }).success).toBe(false);
    expect(teamShiftSchema.safeParse({ startMin: 420, lengthMin: 720, lateGraceMin: 2.5 }).success).toBe(false);
  });

  it('is not due before the shift starts and absent once the grace has passed without an entry', () => {
    expect(personDay([], DAY, '2026-11-26', D0 + 6 * H).status).toBe('notDue');
    expect(personDay([], DAY, '2026-11-26', D0 + 7 * H + 11 * MIN).status).toBe('absent');
  });

  it('counts a night shift across midnight to the day it starts on', () => {
    const passes = [pass('in', D0 + 18.6 * H), pass('out', D0 + 24 * H + 7.3 * H)];
    expect(attendanceDayOf(D0 + 24 * H + 2 * H, NIGHT)).toBe('2026-11-26');
    expect(attendanceDayOf(D0 + 18.6 * H, NIGHT)).toBe('2026-11-26');
    // 02:00 on the 27th for a day-shift team is still the 26th's day (its window runs 03:00–03:00)
    expect(attendanceDayOf(D0 + 26 * H, DAY)).toBe('2026-11-26');
    const d = personDay(passes, NIGHT, '2026-11-26', D0 + 40 * H);
    expect(d).toMatchObject({ status: 'onTime', firstInMs: D0 + 18.6 * H, lastOutMs: D0 + 31.3 * H, missingOut: false });
    expect(d.hoursOnSite).toBeCloseTo(12.7, 2);
    // the same passes are nobody's on the 27th
    expect(personDay(passes, NIGHT, '2026-11-27', D0 + 48 * H).firstInMs).toBeNull();
    expect(attendanceWindow('2026-11-26', NIGHT)).toEqual({ fromMs: D0 + 15 * H, toMs: D0 + 39 * H, shiftStartMs: D0 + 19 * H, shiftEndMs: D0 + 31 * H });
  });

  it('is on site while the day runs and flags the missing out-pass once it is over, without counting that stay', () => {
    const passes = [pass('in', D0 + 6 * H), pass('out', D0 + 12 * H), pass('in', D0 + 13 * H)];
    const running = personDay(passes, DAY, '2026-11-26', D0 + 15 * H);
    expect(running).toMatchObject({ onSite: true, missingOut: false, lastOutMs: D0 + 12 * H });
    expect(running.hoursOnSite).toBeCloseTo(8, 2);
    const over = personDay(passes, DAY, '2026-11-26', D0 + 28 * H);
    expect(over).toMatchObject({ onSite: false, missingOut: true });
    expect(over.hoursOnSite).toBeCloseTo(6, 2);
  });

  it('closes stays at the portal gates on a site gated only at its portals', () => {
    const d = personDay([pass('in', D0 + 6.8 * H, 'RK'), pass('out', D0 + 19.1 * H, 'RK')], DAY, '2026-11-26', D0 + 27 * H);
    expect(d).toMatchObject({ lastOutMs: D0 + 19.1 * H, missingOut: false });
    expect(d.hoursOnSite).toBeCloseTo(12.3, 2);
  });
});

describe('where the gates put a person', () => {
  it('in a bore after its portal in-pass, on site after leaving the bore, nowhere after the site out-pass', () => {
    const passes = [pass('in', D0 + 6.5 * H), pass('in', D0 + 6.7 * H, 'LK')];
    expect(gatePresence(passes, D0 + 8 * H)).toMatchObject({ onSite: true, tunnelId: 'LK', inBoreSinceMs: D0 + 6.7 * H });
    const out = [...passes, pass('out', D0 + 19 * H, 'LK')];
    expect(gatePresence(out, D0 + 19.1 * H)).toMatchObject({ onSite: true, tunnelId: null, lastOutMs: D0 + 19 * H });
    expect(gatePresence([...out, pass('out', D0 + 19.2 * H)], D0 + 19.3 * H)).toMatchObject({ onSite: false, tunnelId: null });
  });

  it('forgets an entry without an out-pass after 16 hours', () => {
    expect(gatePresence([pass('in', D0 + 6 * H, 'LK')], D0 + 22.5 * H)).toMatchObject({ onSite: false, tunnelId: null });
  });
});

describe('attendance discrepancies', () => {
  const now = D0 + 10 * H;
  const inBore = gatePresence([pass('in', D0 + 6.5 * H), pass('in', D0 + 6.7 * H, 'LK')], now);

  it('flags a beacon in a bore its wearer did not enter through the portal gate (a tailgater)', () => {
    const onlySite = gatePresence([pass('in', D0 + 6.5 * H)], now);
    expect(discrepancyOf('P1', onlySite, { tunnelId: 'LK', lastFixMs: now - 2_000 }, now)).toEqual({ personId: 'P1', kind: 'beaconWithoutGate', tunnelId: 'LK', sinceMs: now - 2_000 });
    // in the other bore by the gates
    expect(discrepancyOf('P1', inBore, { tunnelId: 'RK', lastFixMs: now - 2_000 }, now)?.kind).toBe('beaconWithoutGate');
  });

  it('flags an entry through a portal gate with no beacon seen in the bore for the N minutes (a forgotten beacon)', () => {
    expect(discrepancyOf('P1', inBore, null, now)).toEqual({ personId: 'P1', kind: 'gateWithoutBeacon', tunnelId: 'LK', sinceMs: D0 + 6.7 * H });
    expect(discrepancyOf('P1', inBore, { tunnelId: 'LK', lastFixMs: now - DISCREPANCY_AFTER_MS - 1_000 }, now)?.kind).toBe('gateWithoutBeacon');
    // just through the gate: the beacon has the N minutes to be seen
    const justIn = gatePresence([pass('in', now - 3 * MIN, 'LK')], now);
    expect(discrepancyOf('P1', justIn, null, now)).toBeNull();
  });

  it('leaves alone a person whose gates and beacon agree, and a beacon still reporting from the portal as its wearer left', () => {
    expect(discrepancyOf('P1', inBore, { tunnelId: 'LK', lastFixMs: now - 1_000 }, now)).toBeNull();
    const left = gatePresence([pass('in', D0 + 6.7 * H, 'LK'), pass('out', now - 60_000, 'LK')], now);
    expect(discrepancyOf('P1', left, { tunnelId: 'LK', lastFixMs: now - 61_000 }, now)).toBeNull();
    expect(discrepancyOf('P1', gatePresence([], now), null, now)).toBeNull();
  });
});

describe('a company contact phone', () => {
  it('is a mainland mobile or a landline with its area code', () => {
    for (const ok of ['13812345678', '19912345678', '010-12345678', '0755-8888888', '075588888888', '021-12345678-123']) expect(MAINLAND_PHONE.test(ok), ok).toBe(true);
    for (const bad of ['12812345678', '1381234567', '138123456789', '10-12345678', '010-123456', '+8613812345678', '138 1234 5678', 'call me']) expect(MAINLAND_PHONE.test(bad), bad).toBe(false);
  });
});
