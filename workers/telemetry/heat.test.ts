import { describe, expect, it } from 'vitest';
import { heatBinCount, heatBins, MAX_HEAT_BINS } from './heat';

describe('heatBins', () => {
  it('counts people per bin of binM metres', () => {
    expect([...heatBins([0, 9.9, 10, 25, 29.99], 30, 10)]).toEqual([2, 1, 2]);
  });

  it('covers a bore whose length is not a multiple of the bin', () => {
    expect(heatBinCount(3005, 10)).toBe(301);
    expect(heatBinCount(0, 10)).toBe(1);
    expect([...heatBins([3004], 3005, 10)].at(-1)).toBe(1);
  });

  it('clamps positions beyond the bore into the edge bins and skips NaN', () => {
    expect([...heatBins([-3, 30, 45, NaN], 30, 10)]).toEqual([1, 0, 2]);
  });

  it('returns zeros for no people', () => {
    expect([...heatBins([], 20, 10)]).toEqual([0, 0]);
  });

  it('saturates instead of wrapping', () => {
    expect(heatBins(new Float64Array(70_000), 10, 10)[0]).toBe(65_535);
  });

  it('rejects bad lengths, bin sizes and bin counts', () => {
    expect(() => heatBins([1], -1, 10)).toThrow(RangeError);
    expect(() => heatBins([1], 10, 0)).toThrow(RangeError);
    expect(() => heatBins([1], Infinity, 10)).toThrow(RangeError);
    expect(() => heatBins([1], MAX_HEAT_BINS + 1, 1)).toThrow(RangeError);
  });
});
