import { describe, expect, it } from 'vitest';
import { TRACKS_COMPACT_PAGE_MS } from '../../protocol/history';
import { RAW_REPLAY_MAX_MS, REPLAY_LOOKBACK_MS, replayPlan } from './replayTier';

const H = 3_600_000;
const D = 24 * H;
const now = Date.UTC(2026, 10, 27, 6);

describe('replay tier and positions', () => {
  it('plays a range within the raw retention from raw readings, positions over all of it', () => {
    expect(replayPlan({ fromMs: now - 8 * H, toMs: now }, now, 30)).toEqual({ tier: 'raw', positions: { fromMs: now - 8 * H, toMs: now, readFromMs: now - 8 * H - REPLAY_LOOKBACK_MS }, positionsKeptDays: null });
    expect(replayPlan({ fromMs: now - 30 * D, toMs: now }, now, 30).tier).toBe('raw');
  });

  it('plays a year from the hour tier, with positions over the last raw-retention days and the note to show', () => {
    const plan = replayPlan({ fromMs: now - 365 * D, toMs: now }, now, 30);
    // from the first clock hour inside the retention: the hour holding its edge is partly gone
    expect(plan).toEqual({ tier: 'hour', positions: { fromMs: now - 30 * D + H, toMs: now, readFromMs: now - 30 * D + H }, positionsKeptDays: 30 });
  });

  it('clipped by the retention, positions are read from a clock hour the server still keeps, with no lookback past it', () => {
    for (const [offsetMs, days] of [0, 1, 59 * 60_000, 30 * 60_000 + 1, H - 1].flatMap((o) => [[o, 365], [o, 30], [o, 29.99]])) {
      const at = now + offsetMs;
      const plan = replayPlan({ fromMs: at - days * D, toMs: at }, at, 30);
      const pagesFrom = Math.floor(plan.positions!.readFromMs / TRACKS_COMPACT_PAGE_MS) * TRACKS_COMPACT_PAGE_MS;
      // the server checks its retention a little later than the plan was made
      expect(pagesFrom).toBeGreaterThanOrEqual(at + 5 * 60_000 - 30 * D);
      expect(plan.positions!.fromMs - (at - 30 * D)).toBeLessThanOrEqual(H + 10 * 60_000);
    }
  });

  it('reads the hour tier for a short range older than the raw retention, which has no positions at all', () => {
    expect(replayPlan({ fromMs: now - 100 * D, toMs: now - 99 * D }, now, 30)).toEqual({ tier: 'hour', positions: null, positionsKeptDays: 30 });
  });

  it('a range reaching back past the raw retention: hour tier, positions only over its recent part', () => {
    expect(replayPlan({ fromMs: now - 35 * D, toMs: now - 5 * D }, now, 30)).toEqual({ tier: 'hour', positions: { fromMs: now - 30 * D + H, toMs: now - 5 * D, readFromMs: now - 30 * D + H }, positionsKeptDays: 30 });
  });

  it('positions never span more than RAW_REPLAY_MAX_MS, even with a long raw retention', () => {
    const plan = replayPlan({ fromMs: now - 90 * D, toMs: now }, now, 365);
    expect(plan.tier).toBe('hour'); // longer than 31 days
    expect(plan.positions).toEqual({ fromMs: now - RAW_REPLAY_MAX_MS, toMs: now, readFromMs: now - RAW_REPLAY_MAX_MS - REPLAY_LOOKBACK_MS });
    expect(plan.positionsKeptDays).toBe(31);
  });
});
