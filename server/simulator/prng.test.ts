import { describe, expect, it } from 'vitest';
import { Rng } from './prng';

const draws = (r: Rng, n: number) => Array.from({ length: n }, () => r.next());

describe('Rng', () => {
  it('repeats the same sequence for the same seed and differs for another seed', () => {
    expect(draws(new Rng(7), 50)).toEqual(draws(new Rng(7), 50));
    expect(draws(new Rng(7), 50)).not.toEqual(draws(new Rng(8), 50));
  });

  it('derives independent streams per label that depend only on (seed, label)', () => {
    expect(draws(Rng.derive(1, 'gas:A'), 20)).toEqual(draws(Rng.derive(1, 'gas:A'), 20));
    expect(draws(Rng.derive(1, 'gas:A'), 20)).not.toEqual(draws(Rng.derive(1, 'gas:B'), 20));
    expect(draws(Rng.derive(1, 'gas:A'), 20)).not.toEqual(draws(Rng.derive(2, 'gas:A'), 20));
  });

  it('draws uniform values in [0, 1) with a mean near 0.5, and normals with mean 0 and sd 1', () => {
    const r = new Rng(3);
    const u = draws(r, 20_000);
    expect(Math.min(...u)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...u)).toBeLessThan(1);
    expect(u.reduce((s, x) => s + x, 0) / u.length).toBeCloseTo(0.5, 1);
    const n = Array.from({ length: 20_000 }, () => r.normal());
    const mean = n.reduce((s, x) => s + x, 0) / n.length;
    const sd = Math.sqrt(n.reduce((s, x) => s + (x - mean) ** 2, 0) / n.length);
    expect(mean).toBeCloseTo(0, 1);
    expect(sd).toBeCloseTo(1, 1);
  });

  it('picks by weight and refuses an empty pick', () => {
    const r = new Rng(5);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++) counts[r.weighted({ a: 9, b: 1 })]++;
    expect(counts.a / 10_000).toBeGreaterThan(0.85);
    expect(counts.b).toBeGreaterThan(0);
    expect(() => r.pick([])).toThrow(RangeError);
  });
});
