/** China Standard Time offset, ms (UTC+8 all year, no daylight saving; dates are shown in Beijing time). */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing clock time of `ms` (ms since epoch) as minutes since 00:00, 0–1439. */
export function beijingMinuteOfDay(ms: number): number {
  const dayMs = 86_400_000;
  return Math.floor((((ms + BEIJING_OFFSET_MS) % dayMs) + dayMs) % dayMs / 60_000);
}
