import { DEFAULT_SHIFT, MAX_LATE_GRACE_MIN, type TeamShift } from '../../../../protocol';

/** Minutes in a day. */
const DAY_MIN = 24 * 60;

/**
 * The two 12-hour shifts a tunnel site works (docs/domain.md "Labour attendance"): the day shift
 * 07:00–19:00 Beijing time (DEFAULT_SHIFT, what a team without a shift of its own works) and the night
 * shift 19:00–07:00.
 */
export const SHIFT_PRESETS: ReadonlyArray<{ id: 'day' | 'night'; shift: TeamShift }> = [
  { id: 'day', shift: DEFAULT_SHIFT },
  { id: 'night', shift: { ...DEFAULT_SHIFT, startMin: (DEFAULT_SHIFT.startMin + DEFAULT_SHIFT.lengthMin) % DAY_MIN } },
];

/** Minutes after 00:00 of an `H:mm` or `HH:mm` time of day, or null when it is not one. */
export function parseClock(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/**
 * The shift from its start and end times of day (Beijing time, `HH:mm`) and its lateness grace (whole
 * minutes, 0–MAX_LATE_GRACE_MIN); an end at or before the start is the next day's (a night shift).
 * @returns the shift, or which field is wrong: not a time, a length the server refuses (the same start and
 * end, so no length, or one under an hour), or a grace that is not a whole number of minutes in range.
 */
export function shiftFromTimes(start: string, end: string, grace: string): { shift: TeamShift } | { bad: 'start' | 'end' | 'grace' } {
  const s = parseClock(start);
  if (s === null) return { bad: 'start' };
  const e = parseClock(end);
  if (e === null) return { bad: 'end' };
  const lengthMin = (e - s + DAY_MIN) % DAY_MIN;
  if (lengthMin < 60) return { bad: 'end' };
  if (!/^\d{1,3}$/.test(grace.trim()) || Number(grace) > MAX_LATE_GRACE_MIN) return { bad: 'grace' };
  return { shift: { startMin: s, lengthMin, lateGraceMin: Number(grace) } };
}
