import { describe, expect, it } from 'vitest';
import { formatChainage, parseChainage } from './chainage';

describe('parseChainage', () => {
  it('reads K13+450 with or without a line prefix and fractions', () => {
    expect(parseChainage('K13+450')).toBe(13_450);
    expect(parseChainage('DK0+005')).toBe(5);
    expect(parseChainage(' lk13 + 450.5 ')).toBe(13_450.5);
  });

  it('refuses what is not a chainage', () => {
    for (const bad of ['13450', 'K13+1000', 'K+450', 'K13-450', '', 'K13+45a']) expect(parseChainage(bad)).toBeNull();
  });

  it('is the inverse of formatChainage for whole metres', () => {
    for (const m of [0, 7, 999, 1000, 13_450, 98_765]) expect(parseChainage(formatChainage(m))).toBe(m);
  });
});
