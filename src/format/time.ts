import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every date the product shows is Beijing time (docs/product.md "Validation and display": UTC+8, no daylight saving). */
export const BEIJING_TZ = 'Asia/Shanghai';

/** Beijing's offset from UTC in ms (UTC+8 all year: China has no daylight saving time since 1991). */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `HH:mm` of `tsMs` (ms since the Unix epoch) in Beijing time by arithmetic on the fixed UTC+8 offset:
 * the same text as `formatBeijing(tsMs, 'HH:mm')` at a fraction of its cost (no Intl time-zone lookup),
 * for labels drawn many times a second such as chart axes. '' for a non-finite value.
 */
export function formatBeijingHourMinute(tsMs: number): string {
  if (!Number.isFinite(tsMs)) return '';
  const min = Math.floor((tsMs + BEIJING_OFFSET_MS) / 60_000);
  const dayMin = ((min % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(dayMin / 60))}:${pad2(dayMin % 60)}`;
}

/**
 * A Date whose local-time fields (getHours, getDate, …) read Beijing wall time at `tsMs`, as uPlot's
 * `tzDate` option expects (what `uPlot.tzDate(new Date(tsMs), 'Asia/Shanghai')` returns), computed from the
 * fixed UTC+8 offset instead of a `toLocaleString` round trip per call (a wall time the browser zone skips
 * at a daylight-saving change resolves as uPlot's does).
 */
export function beijingWallDate(tsMs: number): Date {
  const b = new Date(tsMs + BEIJING_OFFSET_MS); // its UTC fields are Beijing's wall time
  return new Date(b.getUTCFullYear(), b.getUTCMonth(), b.getUTCDate(), b.getUTCHours(), b.getUTCMinutes(), b.getUTCSeconds(), b.getUTCMilliseconds());
}

/**
 * Tick labels of a time axis in 24-hour Beijing time (uPlot's own are 12-hour, "2pm"): `splitsS` the ticks
 * and `incrS` their spacing, both in seconds since the epoch as uPlot gives them. Days apart: `MM-DD`;
 * hours or minutes apart: `HH:mm`, with `MM-DD HH:mm` on the first tick and where the Beijing day changes;
 * seconds apart: `HH:mm:ss`.
 */
export function beijingAxisLabels(splitsS: readonly number[], incrS: number): string[] {
  if (incrS >= 86_400) return splitsS.map((s) => formatBeijing(s * 1000, 'MM-DD'));
  if (incrS < 60) return splitsS.map((s) => formatBeijing(s * 1000, 'HH:mm:ss'));
  let day: number | null = null;
  return splitsS.map((s) => {
    const d = beijingDay(s * 1000);
    const changed = d !== day;
    day = d;
    return changed ? formatBeijing(s * 1000, 'MM-DD HH:mm') : formatBeijingHourMinute(s * 1000);
  });
}

/** Default display pattern (dayjs tokens). */
export const DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/**
 * Formats `tsMs` (ms since the Unix epoch) in Beijing time with a dayjs `pattern`, whatever the
 * browser's own time zone. Returns '' for null, undefined or a non-finite value, so tables can show
 * a blank cell for "never".
 */
export function formatBeijing(tsMs: number | null | undefined, pattern: string = DATE_TIME_PATTERN): string {
  if (tsMs == null || !Number.isFinite(tsMs)) return '';
  // Beijing is UTC+8 all year, so the UTC fields of tsMs + 8 h are its wall time: formatting those in UTC
  // mode avoids the Intl time-zone lookup of .tz() (about 30× the cost: a live table of 300 stations spent
  // ~90 ms/s on it). Only the zone tokens (Z, ZZ, z) need the zone itself.
  if (/[Zz]/.test(pattern.replace(/\[[^\]]*\]/g, ''))) return dayjs(tsMs).tz(BEIJING_TZ).format(pattern);
  return dayjs.utc(tsMs + BEIJING_OFFSET_MS).format(pattern);
}

/** The Beijing calendar day of `tsMs` as a day number since the epoch (fixed UTC+8). */
function beijingDay(tsMs: number): number {
  return Math.floor((tsMs + BEIJING_OFFSET_MS) / 86_400_000);
}

/**
 * A "last seen" stamp for live tables: `HH:mm:ss` when `tsMs` is on the same Beijing calendar day as
 * `nowMs`, else `MM-DD HH:mm` so a station silent since yesterday is not mistaken for one seen today.
 * Returns '' for null.
 */
export function formatLastSeen(tsMs: number | null | undefined, nowMs: number): string {
  if (tsMs == null || !Number.isFinite(tsMs)) return '';
  const sameDay = beijingDay(tsMs) === beijingDay(nowMs);
  return formatBeijing(tsMs, sameDay ? 'HH:mm:ss' : 'MM-DD HH:mm');
}

/** "1 h 5 min", "12 min", "40 s", or "–". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}
