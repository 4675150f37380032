import { describe, expect, it } from 'vitest';
import type { TowerCraneTelemetry } from '../../protocol';
import { SiteWind, TowerCrane, WIND_STOP_MPS, craneSpecFor, ratedLoadT } from './crane';
import { HOUR_MS } from './siteClock';

const DAY0 = Date.UTC(2026, 2, 10) - 8 * HOUR_MS; // 00:00 Beijing

/** Every 2-s sample of one crane over `days`. */
function record(sn: string, seed: number, days: number): TowerCraneTelemetry[] {
  const wind = new SiteWind(seed);
  const crane = new TowerCrane(craneSpecFor(sn), wind, seed, DAY0);
  const out: TowerCraneTelemetry[] = [];
  for (let t = DAY0; t < DAY0 + days * 24 * HOUR_MS; t += 1_000) {
    wind.step(t, 1);
    crane.step(t, 1);
    if ((t - DAY0) % 2_000 === 0) out.push(crane.sample(t));
  }
  return out;
}

/** Lifts seen in telemetry: runs of samples with a load on the hook, with their peak moment. */
function lifts(samples: TowerCraneTelemetry[]): { startMs: number; peakPct: number }[] {
  const out: { startMs: number; peakPct: number }[] = [];
  let current: { startMs: number; peakPct: number } | null = null;
  for (const s of samples) {
    if (s.loadT > 0) {
      current ??= { startMs: s.ts, peakPct: 0 };
      current.peakPct = Math.max(current.peakPct, s.momentPct);
    } else if (current) {
      out.push(current);
      current = null;
    }
  }
  return out;
}

describe('TowerCrane', () => {
  const days = 4;
  const samples = [...record('TC-01', 1, days), ...record('TC-02', 1, days)];
  const seen = lifts(samples);

  it('does 20–60 lifts a day per crane, mostly at 30–80 % of rated moment, rarely at 90 % or more', () => {
    const perCraneDay = seen.length / (2 * days);
    expect(perCraneDay).toBeGreaterThanOrEqual(20);
    expect(perCraneDay).toBeLessThanOrEqual(60);
    const normal = seen.filter((l) => l.peakPct >= 30 && l.peakPct <= 80).length;
    expect(normal / seen.length).toBeGreaterThan(0.75);
    const high = seen.filter((l) => l.peakPct >= 90).length;
    expect(high / seen.length).toBeLessThan(0.05);
  });

  it('lifts only in working hours (06:30–22:00 Beijing time)', () => {
    for (const l of seen) {
      const hour = (((l.startMs - DAY0) / HOUR_MS) % 24 + 24) % 24;
      expect(hour).toBeGreaterThanOrEqual(6.5);
      expect(hour).toBeLessThan(22.5);
    }
  });

  it('reports motion within the crane geometry and a small tilt', () => {
    const spec = craneSpecFor('TC-01');
    const tc1 = samples.slice(0, samples.length / 2);
    const bad = tc1.filter(
      (s) =>
        s.radiusM < 0 || s.radiusM > spec.jibM || s.heightM < 0 || s.heightM > spec.underHookM ||
        s.rotationDeg < 0 || s.rotationDeg >= 360 || Math.abs(s.tiltDeg) >= 0.17 || s.windSpeedMps < 0,
    );
    expect(bad.slice(0, 3)).toEqual([]);
    // The crane slews and trolleys between lifts: it is not parked in one spot all day.
    expect(new Set(tc1.map((s) => Math.round(s.rotationDeg / 10))).size).toBeGreaterThan(20);
    expect(ratedLoadT(spec, spec.jibM)).toBeLessThan(spec.maxLoadT);
  });

  it('mostly blows under 8 m/s with gusts, and never starts a lift in a gust of 10.8 m/s or more', () => {
    const winds = samples.map((s) => s.windSpeedMps).sort((a, b) => a - b);
    expect(winds[Math.floor(winds.length * 0.9)]).toBeLessThan(8);
    for (const l of seen) {
      const at = samples.find((s) => s.ts === l.startMs)!;
      expect(at.windSpeedMps).toBeLessThan(WIND_STOP_MPS);
    }
  });
});
