import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every date the product shows is Beijing time (SPEC §5: UTC+8, no daylight saving). */
export const BEIJING_TZ = 'Asia/Shanghai';

/** Default display pattern (dayjs tokens). */
export const DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/**
 * Formats `tsMs` (ms since the Unix epoch) in Beijing time with a dayjs `pattern`, whatever the
 * browser's own time zone. Returns '' for null, undefined or a non-finite value, so tables can show
 * a blank cell for "never".
 */
export function formatBeijing(tsMs: number | null | undefined, pattern: string = DATE_TIME_PATTERN): string {
  if (tsMs == null || !Number.isFinite(tsMs)) return '';
  return dayjs(tsMs).tz(BEIJING_TZ).format(pattern);
}

/**
 * A "last seen" stamp for live tables: `HH:mm:ss` when `tsMs` is on the same Beijing calendar day as
 * `nowMs`, else `MM-DD HH:mm` so a station silent since yesterday is not mistaken for one seen today.
 * Returns '' for null.
 */
export function formatLastSeen(tsMs: number | null | undefined, nowMs: number): string {
  if (tsMs == null || !Number.isFinite(tsMs)) return '';
  const sameDay = formatBeijing(tsMs, 'YYYY-MM-DD') === formatBeijing(nowMs, 'YYYY-MM-DD');
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
