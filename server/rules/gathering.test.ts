import { describe, expect, it } from 'vitest';
import { GATHERING_DEFAULTS, GATHERING_GRACE_MS, largestGroup, stepGathering } from './gathering';

describe('largestGroup', () => {
  it('finds the most positions within the span, ends included', () => {
    expect(largestGroup([], 5)).toBeNull();
    expect(largestGroup([10, 12, 15, 15.1, 30], 5)).toEqual({ count: 3, fromM: 10, toM: 15 });
    expect(largestGroup([0, 100, 101, 102, 103, 200], 5)).toEqual({ count: 4, fromM: 100, toM: 103 });
  });
});

describe('stepGathering', () => {
  const T0 = 1_763_766_000_000;
  const ten = { count: 10, fromM: 100, toM: 104 };

  it('starts at the first group of the minimum, keeps its start over a short break and ends after the grace', () => {
    let s = stepGathering(null, { count: 9, fromM: 0, toM: 4 }, GATHERING_DEFAULTS, T0);
    expect(s).toBeNull();
    s = stepGathering(s, ten, GATHERING_DEFAULTS, T0 + 1000);
    expect(s?.sinceMs).toBe(T0 + 1000);
    s = stepGathering(s, { count: 9, fromM: 0, toM: 4 }, GATHERING_DEFAULTS, T0 + 20_000);
    expect(s?.sinceMs).toBe(T0 + 1000);
    s = stepGathering(s, ten, GATHERING_DEFAULTS, T0 + 25_000);
    expect(s).toMatchObject({ sinceMs: T0 + 1000, lastSeenMs: T0 + 25_000 });
    expect(stepGathering(s, null, GATHERING_DEFAULTS, T0 + 25_000 + GATHERING_GRACE_MS + 1)).toBeNull();
  });
});
