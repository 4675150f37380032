import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { BEIJING_TZ } from '../../format/time';
import { MAX_REPLAY_RANGE_MS } from '../../panelData/replay';

dayjs.extend(utc);
dayjs.extend(timezone);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The ranges of the viewer's time-range control (docs/operations.md "Replay"): the last 1, 8 and 24
 * hours, and the last 1, 7, 30 and 365 days (the statistics ranges of docs/product.md "Constants"). Each ends now.
 */
export const RANGE_PRESETS = [
  { id: '1h', spanMs: HOUR_MS },
  { id: '8h', spanMs: 8 * HOUR_MS },
  { id: '24h', spanMs: 24 * HOUR_MS },
  { id: '7d', spanMs: 7 * DAY_MS },
  { id: '30d', spanMs: 30 * DAY_MS },
  { id: '365d', spanMs: 365 * DAY_MS },
] as const;

/** Id of a preset range. */
export type RangePresetId = (typeof RANGE_PRESETS)[number]['id'];

/** Replay speeds offered by the playback bar (× real time), 1× to 600×. */
export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 30, 60, 120, 300, 600] as const;

/** A click on an alarm marker seeks this long before the alarm was raised (ms), to see it build up. */
export const ALARM_LEAD_MS = 30_000;

/**
 * Whether a preset can be replayed: its span fits a replay (MAX_REPLAY_RANGE_MS, 365 days) and the
 * history the server keeps (`historyDays`, the hour rollups' retention, TELEMETRY_HOUR_RETENTION_DAYS in
 * docs/configuration.md: long ranges play from the hour tier).
 */
export function presetAvailable(spanMs: number, historyDays: number): boolean {
  return spanMs <= MAX_REPLAY_RANGE_MS && spanMs <= historyDays * DAY_MS;
}

/**
 * [fromMs, toMs] of the last `spanMs` ending at `nowMs`, rounded to whole seconds (so a shared link
 * names a clean range).
 */
export function lastRange(spanMs: number, nowMs: number): { fromMs: number; toMs: number } {
  const toMs = Math.floor(nowMs / 1000) * 1000;
  return { fromMs: toMs - spanMs, toMs };
}

/**
 * Parses a `YYYY-MM-DDTHH:mm` (or with `:ss`) wall-clock value, as a datetime-local input gives it, as
 * Beijing time (UTC+8, whatever the browser's zone). @returns ms since epoch, or null when invalid.
 */
export function parseBeijingInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = dayjs.tz(value, BEIJING_TZ);
  return d.isValid() ? d.valueOf() : null;
}

/** `ms` as a datetime-local input value in Beijing time (`YYYY-MM-DDTHH:mm`). */
export function beijingInputValue(ms: number): string {
  return dayjs(ms).tz(BEIJING_TZ).format('YYYY-MM-DDTHH:mm');
}

/**
 * Checks a custom range: both ends valid, to after from, at most MAX_REPLAY_RANGE_MS (365 days) long and
 * not in the future (`nowMs`). @returns null when fine, else which field is wrong and why (a message key).
 */
export function checkCustomRange(fromMs: number | null, toMs: number | null, nowMs: number): null | { field: 'from' | 'to'; reason: 'invalid' | 'order' | 'tooLong' | 'future' } {
  if (fromMs === null) return { field: 'from', reason: 'invalid' };
  if (toMs === null) return { field: 'to', reason: 'invalid' };
  if (fromMs >= nowMs) return { field: 'from', reason: 'future' };
  if (toMs <= fromMs) return { field: 'to', reason: 'order' };
  if (toMs - fromMs > MAX_REPLAY_RANGE_MS) return { field: 'to', reason: 'tooLong' };
  return null;
}

/** What the viewer URL says about time: a replay range with its instant, speed and play state. */
export interface ReplayUrlState {
  fromMs: number;
  toMs: number;
  atMs: number;
  speed: number;
  playing: boolean;
}

/**
 * Writes a replay state into `params` (`from`, `to`, `at` in whole ms, `speed`, `play=1|0`), or, for
 * null, removes them (live). Other parameters (boardId, pageId, fit, kiosk) stay.
 * @returns a new URLSearchParams
 */
export function withReplayParams(params: URLSearchParams, state: ReplayUrlState | null): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of ['from', 'to', 'at', 'speed', 'play']) next.delete(k);
  if (state) {
    next.set('from', String(Math.round(state.fromMs)));
    next.set('to', String(Math.round(state.toMs)));
    next.set('at', String(Math.round(state.atMs)));
    next.set('speed', String(state.speed));
    next.set('play', state.playing ? '1' : '0');
  }
  return next;
}

/**
 * The URL a playing replay writes to keep its moment in the address: `live` (the address as it is now)
 * with `state`'s instant, speed and play state; null when there is nothing to write, or when `live` no
 * longer shows this replay's range (the user went back to live or chose another range since), so a late
 * sync never takes the board back into a replay it left.
 */
export function replayUrlUpdate(live: URLSearchParams, state: ReplayUrlState): URLSearchParams | null {
  const same = (key: string, ms: number) => live.has(key) && Math.round(Number(live.get(key))) === Math.round(ms);
  if (!same('from', state.fromMs) || !same('to', state.toMs)) return null;
  const next = withReplayParams(live, state);
  return next.toString() === live.toString() ? null : next;
}

export { quietAdvance } from '../../panelData/quiet';
