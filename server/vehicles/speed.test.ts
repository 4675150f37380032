import { describe, expect, it } from 'vitest';
import { Rng } from '../simulator/prng';
import { MAX_FIXES, SpeedEstimator } from './speed';

/** Fixes of a vehicle driving at `kmh` from `x0`, one every `periodMs`, with ±`noiseM` (sd) positioning noise. */
function drive(est: SpeedEstimator, kmh: number, n: number, opts: { t0?: number; x0?: number; periodMs?: number; noiseM?: number; tunnelId?: string; seed?: number } = {}): number[] {
  const { t0 = 1_700_000_000_000, x0 = 100, periodMs = 1_000, noiseM = 0, tunnelId = 'LK', seed = 1 } = opts;
  const rng = new Rng(seed);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = t0 + i * periodMs;
    out.push(est.accept({ tMs: t, tunnelId, chainageM: x0 + (kmh / 3.6) * (i * periodMs / 1000) + (noiseM ? rng.normal(0, noiseM) : 0) }));
  }
  return out;
}

describe('SpeedEstimator', () => {
  it('reads a steady 8 km/h towards the face and towards the portal alike', () => {
    expect(drive(new SpeedEstimator(), 8, 15).at(-1)).toBeCloseTo(8, 5);
    expect(drive(new SpeedEstimator(), -8, 15).at(-1)).toBeCloseTo(8, 5);
  });

  it('reports 0 until three fixes span two seconds', () => {
    const speeds = drive(new SpeedEstimator(), 12, 4);
    expect(speeds.slice(0, 2)).toEqual([0, 0]);
    expect(speeds[2]).toBeCloseTo(12, 5);
  });

  it('keeps a standing vehicle under the moving line despite ±1 m positioning jitter', () => {
    const speeds = drive(new SpeedEstimator(), 0, 120, { noiseM: 1, seed: 7 });
    expect(Math.max(...speeds.slice(10))).toBeLessThan(2.5);
    const mean = speeds.slice(10).reduce((a, b) => a + b, 0) / 110;
    expect(mean).toBeLessThan(1);
  });

  it('smooths jitter at speed: 12 km/h with ±1 m noise reads 12 ± 1.5', () => {
    const speeds = drive(new SpeedEstimator(), 12, 60, { noiseM: 1, seed: 3 }).slice(12);
    for (const s of speeds) expect(Math.abs(s - 12)).toBeLessThan(1.5);
  });

  it('follows a change of speed within the 10 s window', () => {
    const est = new SpeedEstimator();
    drive(est, 6, 20);
    const after = drive(est, 11, 12, { t0: 1_700_000_020_000, x0: 100 + (6 / 3.6) * 20 });
    expect(after.at(-1)).toBeCloseTo(11, 0);
  });

  it('starts again on a change of bore, after a silence and on a fix older than the last', () => {
    const est = new SpeedEstimator();
    drive(est, 9, 10);
    expect(est.accept({ tMs: 1_700_000_010_000, tunnelId: 'RK', chainageM: 500 })).toBe(0);
    const est2 = new SpeedEstimator();
    drive(est2, 9, 10);
    // 60 s later, 2 km further: no 120 km/h from the gap
    expect(est2.accept({ tMs: 1_700_000_069_000, tunnelId: 'LK', chainageM: 2_100 })).toBe(0);
    const est3 = new SpeedEstimator();
    drive(est3, 9, 10);
    expect(est3.accept({ tMs: 1_700_000_000_500, tunnelId: 'LK', chainageM: 0 })).toBe(0);
  });

  it('keeps a bounded window for a tag reporting many times a second', () => {
    const est = new SpeedEstimator();
    const speeds = drive(est, 7, 200, { periodMs: 50 });
    expect(speeds.at(-1)).toBeCloseTo(7, 5);
    expect((est as unknown as { t: number[] }).t.length).toBeLessThanOrEqual(MAX_FIXES);
  });
});
