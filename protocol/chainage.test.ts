import { describe, expect, it } from 'vitest';
import { chainageRange, formatChainage, formatChainageExact, parseChainage } from './chainage';

describe('parseChainage', () => {
  it('reads K13+630 with or without a line prefix, in either case, with fractions', () => {
    expect(parseChainage('K13+630')).toBe(13_630);
    expect(parseChainage('DK0+005')).toBe(5);
    expect(parseChainage(' lk13 + 450.5 ')).toBe(13_450.5);
  });

  it('refuses what is not a chainage', () => {
    for (const bad of ['13630', 'K13+1000', 'K+630', 'K13-630', '', 'K13+63a', 'K13+630.1234', 'ABCDK1+000']) expect(parseChainage(bad)).toBeNull();
  });

  it('is the inverse of formatChainage for whole metres and of formatChainageExact', () => {
    for (const m of [0, 7, 999, 1000, 13_630, 98_765]) expect(parseChainage(formatChainage(m))).toBe(m);
    for (const m of [13_630.5, 12_000.25, 5.1]) expect(parseChainage(formatChainageExact(m))).toBe(m);
    expect(formatChainageExact(13_630.5)).toBe('K13+630.5');
    expect(formatChainageExact(13_630)).toBe('K13+630');
  });
});

describe('chainageRange', () => {
  const bore = { startChainageM: 12_000, lengthM: 3_200 };

  it('converts a written stretch of the bore to metres from its entry portal', () => {
    expect(chainageRange('K13+630', 'K13+700', bore)).toEqual({ ok: true, fromM: 1_630, toM: 1_700 });
    expect(chainageRange('K12+000', 'K15+200', bore)).toEqual({ ok: true, fromM: 0, toM: 3_200 });
  });

  it('names the field and the problem: malformed, outside the bore, end not after the start', () => {
    expect(chainageRange('13630', 'K13+700', bore)).toEqual({ ok: false, field: 'from', problem: 'malformed' });
    expect(chainageRange('K13+630', 'K13+', bore)).toEqual({ ok: false, field: 'to', problem: 'malformed' });
    expect(chainageRange('K11+990', 'K12+100', bore)).toEqual({ ok: false, field: 'from', problem: 'outsideBore' });
    expect(chainageRange('K15+000', 'K15+201', bore)).toEqual({ ok: false, field: 'to', problem: 'outsideBore' });
    expect(chainageRange('K13+700', 'K13+630', bore)).toEqual({ ok: false, field: 'to', problem: 'endNotAfterStart' });
    expect(chainageRange('K13+700', 'K13+700', bore)).toEqual({ ok: false, field: 'to', problem: 'endNotAfterStart' });
  });
});
