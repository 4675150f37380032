import { describe, expect, it } from 'vitest';
import { maxJoinedGapMs, toAlignedData } from './chartGaps';

describe('chart gaps', () => {
  it('turns NaN into null gaps', () => {
    const [x, y] = toAlignedData(new Float64Array([1, 2, 3]), [new Float64Array([1, Number.NaN, 3])]);
    expect(Array.from(x)).toEqual([1, 2, 3]);
    expect(y).toEqual([1, null, 3]);
  });

  it('breaks the line where a station went quiet, with a null row half-way, and joins the rest', () => {
    // readings every 10 s, then 5 minutes of silence, then 10 s again
    const x = new Float64Array([0, 10_000, 20_000, 320_000, 330_000]);
    const co = new Float64Array([1, 2, 3, 4, 5]);
    const o2 = [20.9, 20.8, null, 20.7, 20.6];
    const [xs, a, b] = toAlignedData(x, [co, o2], 30_000);
    expect(Array.from(xs)).toEqual([0, 10_000, 20_000, 170_000, 320_000, 330_000]);
    expect(a).toEqual([1, 2, 3, null, 4, 5]);
    expect(b).toEqual([20.9, 20.8, null, null, 20.7, 20.6]);
  });

  it('joins points as far apart as the offline period, two pixel columns or three median spacings, and no further', () => {
    const every10s = new Float64Array([0, 10_000, 20_000, 30_000, 400_000]);
    // a 10 s station is offline after 30 s of silence; a 10-minute chart 600 px wide has 1 s columns
    expect(maxJoinedGapMs(every10s, 10, 600_000, 600)).toBe(30_000);
    // a 24-hour chart 400 px wide has 216 s columns: neighbouring columns may hold points 432 s apart
    expect(maxJoinedGapMs(every10s, 10, 86_400_000, 400)).toBe(432_000);
    // a replay read from minute rollups is spaced by 60 s: only a longer silence than three of them breaks it
    const minutes = new Float64Array([0, 60_000, 120_000, 180_000, 240_000]);
    expect(maxJoinedGapMs(minutes, 10, 600_000, 600)).toBe(180_000);
    expect(toAlignedData(minutes, [new Float64Array(5)], maxJoinedGapMs(minutes, 10, 600_000, 600))[0]).toHaveLength(5);
  });
});
