import { z } from 'zod';
import { BEIJING_OFFSET_MS } from './beijingTime';
import { TOPIC_SEGMENT, type GateDirection } from './kinds';

/**
 * Labour attendance from the site's gates (docs/domain.md "Labour attendance"): pure rules both sides
 * apply, over the passes of face-recognition turnstiles (protocol/kinds/gate.ts) and the teams' shifts.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A mainland China phone number of a company contact: a mobile, 11 digits from 13–19 (the numbering plan of
 * the Ministry of Industry and Information Technology), or a landline, trunk prefix 0 and a 2–3 digit area
 * code, an optional `-`, a 7–8 digit subscriber number and an optional `-` extension of up to 6 digits
 * (13812345678, 010-12345678, 075588888888-12); spaces inside are not allowed.
 */
export const MAINLAND_PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;

/**
 * The lateness grace of a team that has none set, minutes: a first entry later than this after the shift
 * start is late (convention of real-name attendance systems).
 */
export const DEFAULT_LATE_GRACE_MIN = 10;
/** The longest lateness grace a team may have, minutes (two hours: past it the person missed the shift's start). */
export const MAX_LATE_GRACE_MIN = 120;

/**
 * A team's shift: starts `startMin` minutes after 00:00 Beijing time and lasts `lengthMin` minutes (a night
 * shift runs past midnight: 19:00 for 12 h is startMin 1140, lengthMin 720); a first entry more than
 * `lateGraceMin` minutes (0–120, DEFAULT_LATE_GRACE_MIN when not sent) after the start is late.
 */
export const teamShiftSchema = z.strictObject({
  startMin: z.number().int().min(0).max(24 * 60 - 1),
  lengthMin: z.number().int().min(60).max(16 * 60),
  lateGraceMin: z.number().int().min(0).max(MAX_LATE_GRACE_MIN).default(DEFAULT_LATE_GRACE_MIN),
});
export type TeamShift = z.output<typeof teamShiftSchema>;

/** The shift of a team that has none set: 07:00–19:00 Beijing time (the demo's day shift), the default grace. */
export const DEFAULT_SHIFT: TeamShift = { startMin: 7 * 60, lengthMin: 12 * 60, lateGraceMin: DEFAULT_LATE_GRACE_MIN };

/**
 * The attendance day opens this long before its shift starts (arriving early for the pre-shift briefing
 * counts for that day) and lasts 24 h: a 07:00 shift's day runs 03:00–03:00, a 19:00 night shift's day
 * 15:00–15:00 the next day, so a night shift belongs to the date it starts on.
 */
export const EARLY_ARRIVAL_MS = 4 * HOUR_MS;

/**
 * A person who went in through a gate more than this long ago and never came out is no longer counted on
 * site (a 12-hour shift, the walk and overtime fit; a forgotten out-pass must not count someone for days).
 */
export const ON_SITE_MAX_MS = 16 * HOUR_MS;

/** One stored gate pass as the rules read it: `tunnelId` is the bore the gate closes, null at the site entrance. */
export interface GatePass {
  personId: string;
  gateSn: string;
  tunnelId: string | null;
  direction: GateDirection;
  tsMs: number;
}

/** `YYYY-MM-DD`, a Beijing calendar date. */
export const attendanceDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be YYYY-MM-DD' });

/** Epoch ms of 00:00 Beijing time on `day` (YYYY-MM-DD). */
export function beijingMidnightOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS;
}

/** The Beijing calendar date (YYYY-MM-DD) of `ms`. */
export function beijingDateOf(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The attendance day (YYYY-MM-DD) that `tMs` falls in for a team on `shift`: the date its shift starts on. */
export function attendanceDayOf(tMs: number, shift: Pick<TeamShift, 'startMin'>): string {
  return beijingDateOf(tMs - shift.startMin * MINUTE_MS + EARLY_ARRIVAL_MS);
}

/** The attendance day's window [fromMs, toMs) and its shift's start and end, epoch ms. */
export function attendanceWindow(day: string, shift: Pick<TeamShift, 'startMin' | 'lengthMin'>): { fromMs: number; toMs: number; shiftStartMs: number; shiftEndMs: number } {
  const shiftStartMs = beijingMidnightOf(day) + shift.startMin * MINUTE_MS;
  const fromMs = shiftStartMs - EARLY_ARRIVAL_MS;
  return { fromMs, toMs: fromMs + DAY_MS, shiftStartMs, shiftEndMs: shiftStartMs + shift.lengthMin * MINUTE_MS };
}

/**
 * How a person's attendance day stands: `notDue` (no entry yet, the shift has not started), `absent` (no
 * entry by the shift start plus the team's grace), `onTime`, `late` (first entry more than the team's
 * grace, `lateGraceMin`, after the shift start; exactly at the grace is on time).
 */
export const ATTENDANCE_STATUSES = ['notDue', 'absent', 'onTime', 'late'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** A person's attendance day (docs/domain.md "Labour attendance"). Times are epoch ms, null when none. */
export interface PersonDay {
  day: string;
  shiftStartMs: number;
  shiftEndMs: number;
  /** First in-pass of the day at any gate. */
  firstInMs: number | null;
  /** Last out-pass that left the site (see {@link personDay}). */
  lastOutMs: number | null;
  /** Time on site, h: each stay from an in to the out that left the site; a stay still open counts up to now. */
  hoursOnSite: number;
  status: AttendanceStatus;
  /** Minutes after the shift start of a late first entry, else 0. */
  lateMin: number;
  /** In on site now (the day is running and the last pass did not leave the site). */
  onSite: boolean;
  /** The day is over and the last pass was an entry: the out-pass is missing (its last stay is not counted). */
  missingOut: boolean;
}

/**
 * A person's attendance day `day` for a team on `shift`, from their passes (any order; passes outside the
 * day's window are ignored) as of `nowMs`. An out-pass leaves the site when it is at a site-entrance gate,
 * or at any gate when the person passed no entrance gate that day (a site gated only at the portals); an
 * out-pass through a portal otherwise leaves the bore, not the site.
 */
export function personDay(passes: readonly GatePass[], shift: TeamShift, day: string, nowMs: number): PersonDay {
  const w = attendanceWindow(day, shift);
  const until = Math.min(nowMs, w.toMs);
  const inDay = passes.filter((p) => p.tsMs >= w.fromMs && p.tsMs < until).sort((a, b) => a.tsMs - b.tsMs);
  const entranceGated = inDay.some((p) => p.tunnelId === null);
  const leavesSite = (p: GatePass) => p.direction === 'out' && (!entranceGated || p.tunnelId === null);
  let firstInMs: number | null = null;
  let lastOutMs: number | null = null;
  let openSince: number | null = null;
  let onSiteMs = 0;
  for (const p of inDay) {
    if (p.direction === 'in') {
      firstInMs ??= p.tsMs;
      openSince ??= p.tsMs;
    } else if (leavesSite(p)) {
      lastOutMs = p.tsMs;
      if (openSince !== null) onSiteMs += p.tsMs - openSince;
      openSince = null;
    }
  }
  const dayOver = nowMs >= w.toMs;
  if (openSince !== null && !dayOver) onSiteMs += nowMs - openSince;
  const lateBy = firstInMs === null ? 0 : firstInMs - w.shiftStartMs;
  const graceMs = shift.lateGraceMin * MINUTE_MS;
  const status: AttendanceStatus =
    firstInMs === null ? (nowMs < w.shiftStartMs + graceMs ? 'notDue' : 'absent') : lateBy > graceMs ? 'late' : 'onTime';
  return {
    day,
    shiftStartMs: w.shiftStartMs,
    shiftEndMs: w.shiftEndMs,
    firstInMs,
    lastOutMs,
    hoursOnSite: Math.round((onSiteMs / HOUR_MS) * 100) / 100,
    status,
    lateMin: status === 'late' ? Math.floor(lateBy / MINUTE_MS) : 0,
    onSite: openSince !== null && !dayOver,
    missingOut: openSince !== null && dayOver,
  };
}

/** Where the gates put a person now: on site or not, and the bore they went into through a portal (null: not in a bore). */
export interface GatePresence {
  onSite: boolean;
  tunnelId: string | null;
  /** When they passed the portal gate into the bore (null when not in one). */
  inBoreSinceMs: number | null;
  /** Their last out-pass at any gate (null: none within ON_SITE_MAX_MS); a beacon fix before it is from inside, before they left. */
  lastOutMs: number | null;
}

/**
 * Where the gates put a person at `nowMs`, from their passes: in a bore after an in-pass at one of its portal
 * gates until an out-pass at any gate; on site after any in-pass until an out-pass that leaves the site
 * (rule of {@link personDay}); nowhere once their last in-pass is older than ON_SITE_MAX_MS.
 */
export function gatePresence(passes: readonly GatePass[], nowMs: number): GatePresence {
  const sorted = passes.filter((p) => p.tsMs <= nowMs && p.tsMs > nowMs - ON_SITE_MAX_MS).sort((a, b) => a.tsMs - b.tsMs);
  const entranceGated = sorted.some((p) => p.tunnelId === null);
  let onSite = false;
  let tunnelId: string | null = null;
  let inBoreSinceMs: number | null = null;
  let lastOutMs: number | null = null;
  for (const p of sorted) {
    if (p.direction === 'in') {
      onSite = true;
      if (p.tunnelId !== null && tunnelId !== p.tunnelId) {
        tunnelId = p.tunnelId;
        inBoreSinceMs = p.tsMs;
      }
    } else {
      if (p.tunnelId === null || !entranceGated) onSite = false;
      tunnelId = null;
      inBoreSinceMs = null;
      lastOutMs = p.tsMs;
    }
  }
  return { onSite, tunnelId, inBoreSinceMs, lastOutMs };
}

/**
 * A beacon and the gates disagree about a person (docs/domain.md "Labour attendance"):
 * `beaconWithoutGate`: the person's beacon is in a bore they did not enter through its portal gate (a
 * tailgater, a gate that missed a face; a fix from before their last out-pass does not count); `gateWithoutBeacon`: they went in through a portal gate at least
 * DISCREPANCY_AFTER_MS ago and their beacon has not been seen in that bore since (a beacon left in the lamp
 * room, a flat or broken tag).
 */
export const DISCREPANCY_KINDS = ['beaconWithoutGate', 'gateWithoutBeacon'] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** How long a person may be in a bore by the gates without their beacon seen there (the N minutes of the rule), ms. */
export const DISCREPANCY_AFTER_MS = 10 * MINUTE_MS;
/** A beacon fix older than this does not place its wearer in a bore (5 periods of a 1 Hz tag and its offline window, with margin). */
export const BEACON_FRESH_MS = 5 * MINUTE_MS;

/** A person's last beacon fix: the bore and when (null: no fix, or no beacon). */
export interface BeaconFix {
  tunnelId: string;
  lastFixMs: number;
}

/** One discrepancy of a person. `sinceMs`: the portal in-pass (gateWithoutBeacon) or the beacon's last fix (beaconWithoutGate). */
export interface AttendanceDiscrepancy {
  personId: string;
  kind: DiscrepancyKind;
  tunnelId: string;
  sinceMs: number;
}

/** The discrepancy of one person at `nowMs`, from where the gates and the beacon put them, or null when they agree. */
export function discrepancyOf(personId: string, gates: GatePresence, fix: BeaconFix | null, nowMs: number): AttendanceDiscrepancy | null {
  // a fix from before their last out-pass is the tag still reporting from the portal as they left
  const fresh = fix !== null && nowMs - fix.lastFixMs <= BEACON_FRESH_MS && fix.lastFixMs > (gates.lastOutMs ?? -Infinity) ? fix : null;
  if (fresh && gates.tunnelId !== fresh.tunnelId) return { personId, kind: 'beaconWithoutGate', tunnelId: fresh.tunnelId, sinceMs: fresh.lastFixMs };
  if (gates.tunnelId !== null && gates.inBoreSinceMs !== null && nowMs - gates.inBoreSinceMs >= DISCREPANCY_AFTER_MS) {
    const seenSinceEntry = fix !== null && fix.tunnelId === gates.tunnelId && nowMs - fix.lastFixMs <= DISCREPANCY_AFTER_MS;
    if (!seenSinceEntry) return { personId, kind: 'gateWithoutBeacon', tunnelId: gates.tunnelId, sinceMs: gates.inBoreSinceMs };
  }
  return null;
}

/** Attendance rate, % (0 decimals), of `present` out of `of`; 0 when nobody is registered. */
export function attendanceRate(present: number, of: number): number {
  return of === 0 ? 0 : Math.round((present / of) * 100);
}

export const attendanceTeamKey = z.strictObject({ company: z.string().trim().max(64), team: z.string().trim().min(1).max(64) });
export const projectIdField = z.string().min(1).max(64);
export const personIdField = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });
