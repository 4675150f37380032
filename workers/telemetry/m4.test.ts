import { describe, expect, it } from 'vitest';
import { m4, pixelColumn } from './m4';
import { mulberry32 as rng } from '../../protocol/mulberry32';

const f64 = (a: number[]) => Float64Array.from(a);

/**
 * Brute-force check of the M4 contract: per pixel column and series, the first, last, min and max
 * values are present in the output, and no output point lies outside the window.
 */
function checkAgainstReference(ts: Float64Array, ys: Float64Array[], from: number, to: number, width: number): void {
  const out = [...m4(ts, ys, from, to, width)];
  for (let k = 1; k < out.length; k++) expect(out[k]).toBeGreaterThan(out[k - 1]);
  for (const i of out) {
    expect(ts[i]).toBeGreaterThanOrEqual(from);
    expect(ts[i]).toBeLessThanOrEqual(to);
  }
  const chosen = new Set(out);
  const required = new Set<number>();
  for (let c = 0; c < width; c++) {
    const inCol = [...ts.keys()].filter((i) => ts[i] >= from && ts[i] <= to && pixelColumn(ts[i], from, to, width) === c);
    for (const y of ys) {
      const present = inCol.filter((i) => !Number.isNaN(y[i]));
      if (present.length === 0) continue;
      const vals = present.map((i) => y[i]);
      const chosenHere = present.filter((i) => chosen.has(i));
      const chosenVals = chosenHere.map((i) => y[i]);
      expect(chosenHere).toContain(present[0]);
      expect(chosenHere).toContain(present[present.length - 1]);
      expect(chosenVals).toContain(Math.min(...vals));
      expect(chosenVals).toContain(Math.max(...vals));
      // Each selected point is the first, last, argmin or argmax (earliest on ties) of some series.
      const firstMin = present[vals.indexOf(Math.min(...vals))];
      const firstMax = present[vals.indexOf(Math.max(...vals))];
      for (const i of [present[0], present[present.length - 1], firstMin, firstMax]) required.add(i);
    }
  }
  expect(chosen).toEqual(required);
}

describe('pixelColumn', () => {
  it('cuts the window into equal spans and puts toMs in the last', () => {
    expect(pixelColumn(0, 0, 100, 10)).toBe(0);
    expect(pixelColumn(9.99, 0, 100, 10)).toBe(0);
    expect(pixelColumn(10, 0, 100, 10)).toBe(1);
    expect(pixelColumn(99, 0, 100, 10)).toBe(9);
    expect(pixelColumn(100, 0, 100, 10)).toBe(9);
    expect(pixelColumn(5, 5, 5, 10)).toBe(0);
  });
});

describe('m4', () => {
  it('keeps first, last, min and max of one series per column', () => {
    const ts = f64([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const y = f64([5, 1, 9, 4, 6, 3, 3, 8, 0, 2]);
    // Two columns: [0..4] and [5..9] (to = 10 exclusive-ish boundary falls in the last).
    expect([...m4(ts, [y], 0, 10, 2)]).toEqual([0, 1, 2, 4, 5, 7, 8, 9]);
  });

  it('returns the union of the series’ extremes on a shared axis', () => {
    const ts = f64([0, 1, 2, 3, 4]);
    const a = f64([0, 10, 0, 0, 0]);
    const b = f64([0, 0, 0, -10, 0]);
    expect([...m4(ts, [a], 0, 4, 1)]).toEqual([0, 1, 4]);
    expect([...m4(ts, [b], 0, 4, 1)]).toEqual([0, 3, 4]);
    expect([...m4(ts, [a, b], 0, 4, 1)]).toEqual([0, 1, 3, 4]);
  });

  it('handles empty input, one point, reversed or empty windows', () => {
    expect(m4(f64([]), [f64([])], 0, 10, 5).length).toBe(0);
    expect([...m4(f64([3]), [f64([7])], 0, 10, 5)]).toEqual([0]);
    expect(m4(f64([3]), [f64([7])], 10, 0, 5).length).toBe(0);
    expect(m4(f64([3]), [f64([7])], 4, 10, 5).length).toBe(0);
    expect(m4(f64([3]), [], 0, 10, 5).length).toBe(0);
    expect([...m4(f64([5, 5.5]), [f64([1, 2])], 5, 5, 3)]).toEqual([0]);
  });

  it('excludes points outside [from, to]', () => {
    const ts = f64([0, 10, 20, 30, 40]);
    const y = f64([100, 1, 2, 3, -100]);
    expect([...m4(ts, [y], 10, 30, 1)]).toEqual([1, 3]);
  });

  it('skips NaN values and columns where a series is all NaN', () => {
    const ts = f64([0, 1, 2, 3, 4, 5]);
    const a = f64([NaN, 4, NaN, NaN, NaN, NaN]);
    const b = f64([NaN, NaN, NaN, NaN, NaN, 1]);
    // Columns of width 3: [0,1,2] and [3,4,5].
    expect([...m4(ts, [a, b], 0, 6, 2)]).toEqual([1, 5]);
    expect(m4(ts, [f64([NaN, NaN, NaN, NaN, NaN, NaN])], 0, 6, 2).length).toBe(0);
  });

  it('keeps every point when each has its own column', () => {
    const ts = f64([0, 1, 2, 3]);
    expect([...m4(ts, [f64([4, 3, 2, 1])], 0, 4, 4)]).toEqual([0, 1, 2, 3]);
  });

  it('rejects a non-integer width and a short series', () => {
    expect(() => m4(f64([1]), [f64([1])], 0, 1, 0)).toThrow(RangeError);
    expect(() => m4(f64([1]), [f64([1])], 0, 1, 1.5)).toThrow(RangeError);
    expect(() => m4(f64([1, 2]), [f64([1])], 0, 1, 1)).toThrow(RangeError);
  });

  it('matches the brute-force reference on random data', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const rand = rng(seed);
      const n = Math.floor(rand() * 300);
      const ts = new Float64Array(n);
      let t = 1_700_000_000_000;
      for (let i = 0; i < n; i++) ts[i] = t += 1 + Math.floor(rand() * 100);
      const m = 1 + Math.floor(rand() * 4);
      const ys = Array.from({ length: m }, () =>
        Float64Array.from({ length: n }, () => (rand() < 0.2 ? NaN : Math.round(rand() * 50))),
      );
      const from = n ? ts[0] + Math.floor(rand() * 2000) - 500 : 0;
      const to = from + Math.floor(rand() * 20_000);
      const width = 1 + Math.floor(rand() * 80);
      checkAgainstReference(ts, ys, from, to, width);
    }
  });
});
