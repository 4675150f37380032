/**
 * Site time helpers. Chinese sites run on Beijing time (UTC+8, no daylight saving; docs/product.md "Validation and display"), and the
 * demo tunnel works two 12-hour shifts starting at 07:00 and 19:00 (docs/domain.md "Personnel positioning").
 */
import { BEIJING_OFFSET_MS, beijingDayStart } from '../../protocol';

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;


/** Hour of day in Beijing as a fraction, in [0, 24). */
export function beijingHour(tMs: number): number {
  const msOfDay = (((tMs + BEIJING_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return msOfDay / HOUR_MS;
}


/** The two crews: the day crew starts at 07:00, the night crew at 19:00 Beijing time. */
export type Crew = 'day' | 'night';

/** Shift length (docs/domain.md: two 12-h shifts). */
export const SHIFT_MS = 12 * HOUR_MS;

/** Beijing hour at which each crew's shift starts. */
export const SHIFT_START_HOUR: Record<Crew, number> = { day: 7, night: 19 };

/** Start of the first shift of `crew` that starts strictly after `tMs`. */
export function nextShiftStartMs(crew: Crew, tMs: number): number {
  const start = beijingDayStart(tMs) + SHIFT_START_HOUR[crew] * HOUR_MS;
  return start > tMs ? start : start + DAY_MS;
}

/** Start of the shift of `crew` that is running at `tMs` or ended most recently. */
export function currentShiftStartMs(crew: Crew, tMs: number): number {
  return nextShiftStartMs(crew, tMs) - DAY_MS;
}
