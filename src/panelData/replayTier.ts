/**
 * Which stored history a replay plays (docs/operations.md "Replay"): raw readings while the range is at
 * most RAW_REPLAY_MAX_MS long and the raw retention still holds it, the hour rollups otherwise (kept 730
 * days by default, docs/configuration.md). Personnel positions exist only as raw beacon fixes, so they
 * play over the part of the range the raw retention (and the compact track pages a replay reads) still
 * holds; the rest of the range has charts and figures but no positions, and says so.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Longest range replayed from raw readings (ms): 31 days. Longer ranges play from the hour tier. */
export const RAW_REPLAY_MAX_MS = 31 * DAY_MS;

/**
 * Days of raw readings the server keeps as far as the viewer knows: the default TELEMETRY_RETENTION_DAYS
 * (docs/configuration.md). Positions play over at most this many days back from now.
 */
export const REPLAY_RAW_DAYS = 30;

/**
 * Days of hour rollups the server keeps as far as the viewer knows: the default
 * TELEMETRY_HOUR_RETENTION_DAYS (docs/configuration.md). A range starting earlier has no history.
 */
export const REPLAY_HOUR_DAYS = 730;

/**
 * Margin kept from the raw retention's edge when positions are clipped to it (ms): the track pages are read
 * from clock hours, some time after the plan, and the server refuses a start before its retention.
 */
export const RETENTION_EDGE_MARGIN_MS = 10 * 60_000;

/**
 * History loaded before the range's start, so that the first instants have a "last reading" and charts a
 * full window (ms): one hour, the longest default chart window.
 */
export const REPLAY_LOOKBACK_MS = 60 * 60_000;

/** The history tier a replay reads its series from (the tiers of the series route, docs/api.md). */
export type ReplayTier = 'raw' | 'hour';

/** What a replay loads for a range. Times in ms since epoch. */
export interface ReplayPlan {
  tier: ReplayTier;
  /**
   * The part of the range with personnel positions (raw beacon fixes), or null when none of it has them;
   * `readFromMs` is where their reads start: REPLAY_LOOKBACK_MS before `fromMs` for everyone's last fix
   * before it, but never before the retained clock hour the plan clipped to, which the server would refuse.
   */
  positions: { fromMs: number; toMs: number; readFromMs: number } | null;
  /** Days positions are kept for, when they do not cover the whole range (the note to show); else null. */
  positionsKeptDays: number | null;
}

/**
 * Plans the replay of [fromMs, toMs] at `nowMs` with `rawDays` of raw readings kept.
 * - tier: `raw` when the range is at most RAW_REPLAY_MAX_MS long and starts within the raw retention, else `hour`;
 * - positions: the range clipped to the raw retention and to its last RAW_REPLAY_MAX_MS (the track pages
 *   a replay reads at most), null when nothing is left; clipped by the retention, they start at the first
 *   clock hour at least RETENTION_EDGE_MARGIN_MS inside it, since the track pages are read from clock hours
 *   (history.ts) and the hour holding the edge is partly gone; their reads start REPLAY_LOOKBACK_MS
 *   earlier, or at that first kept hour when the lookback would reach past it;
 * - positionsKeptDays, when positions do not cover the range from its start: the raw retention's days, or
 *   31 where the replay's own limit clipped them first.
 */
export function replayPlan(range: { fromMs: number; toMs: number }, nowMs: number, rawDays: number = REPLAY_RAW_DAYS): ReplayPlan {
  const rawFromMs = nowMs - rawDays * DAY_MS;
  const tier: ReplayTier = range.toMs - range.fromMs <= RAW_REPLAY_MAX_MS && range.fromMs >= rawFromMs ? 'raw' : 'hour';
  const keptFromMs = Math.ceil((rawFromMs + RETENTION_EDGE_MARGIN_MS) / HOUR_MS) * HOUR_MS;
  const fromMs = Math.max(range.fromMs, keptFromMs, range.toMs - RAW_REPLAY_MAX_MS);
  const positions = fromMs < range.toMs ? { fromMs, toMs: range.toMs, readFromMs: Math.max(fromMs - REPLAY_LOOKBACK_MS, keptFromMs) } : null;
  const clipped = positions === null || positions.fromMs > range.fromMs;
  // what clipped them: the raw retention, or the most a replay reads
  const keptDays = rawFromMs >= range.toMs - RAW_REPLAY_MAX_MS ? rawDays : RAW_REPLAY_MAX_MS / DAY_MS;
  return { tier, positions, positionsKeptDays: clipped ? keptDays : null };
}
