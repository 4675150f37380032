import { describe, expect, it } from 'vitest';
import { GAS_CODES, type GasCode, type Heading } from '../../protocol';
import { DEFAULT_GAS_THRESHOLDS } from '../rules/defaultThresholds';
import { HeadingCycle } from './cycle';
import { GasStation, type StationKind } from './gas';
import { HOUR_MS, MINUTE_MS } from './siteClock';

const START = Date.UTC(2026, 2, 10, 2, 0, 0);
const heading: Heading = { headingId: 'H-E', name: 'entry', portal: 'entry', faceM: 1_200, liningM: 1_100, invertM: 1_160, rockGrade: 'IV' };
const CO_ALARM = DEFAULT_GAS_THRESHOLDS.CO.alarmHigh!; // 24 ppm
const CO_CLEAR = CO_ALARM * DEFAULT_GAS_THRESHOLDS.CO.clearRatio; // 12 ppm

function setup(seed = 1) {
  const cycle = new HeadingCycle(heading, 3_000, seed, START);
  const station = (kind: StationKind, gases: readonly GasCode[] = GAS_CODES) =>
    new GasStation({ sn: `GAS-${kind}`, station: kind, gases, heading, tunnelLengthM: 3_000 }, cycle, seed);
  const blasts = cycle
    .intervalsBetween(START, START + 72 * HOUR_MS)
    .filter((iv) => iv.blast && iv.startMs >= START)
    .map((iv) => iv.blast!.detonationMs);
  return { cycle, station, blasts };
}

/** Face CO sampled every 10 s for `minutes` after `fromMs`. */
function trace(s: GasStation, fromMs: number, minutes: number, gas: GasCode = 'CO'): number[] {
  const out: number[] = [];
  for (let t = fromMs; t < fromMs + minutes * MINUTE_MS; t += 10_000) out.push(s.sample(t)[gas]!);
  return out;
}

describe('GasStation', () => {
  it('publishes only the gases the station has', () => {
    const { station } = setup();
    expect(Object.keys(station('portal', ['CO', 'O2', 'dust']).sample(START)).sort()).toEqual(['CO', 'O2', 'dust']);
  });

  it('raises face CO above the 24 ppm alarm after each blast and falls under the 12 ppm clear level within ~1 h', () => {
    for (const seed of [1, 2, 3]) {
      const { station, blasts } = setup(seed);
      const face = station('face');
      expect(blasts.length).toBeGreaterThanOrEqual(4);
      for (const b of blasts) {
        const co = trace(face, b, 90);
        expect(Math.max(...co.slice(0, 30))).toBeGreaterThan(100); // hundreds of ppm within 5 min
        const peakAt = co.indexOf(Math.max(...co));
        const clearAt = co.findIndex((v, i) => i > peakAt && v < CO_CLEAR);
        expect(clearAt).toBeGreaterThan(0);
        expect((clearAt * 10_000) / MINUTE_MS).toBeLessThan(75);
      }
    }
  });

  it('spikes NO2 and dust and dips O2 slightly at the face after a blast', () => {
    const { station, blasts } = setup();
    const face = station('face');
    for (const b of blasts) {
      expect(Math.max(...trace(face, b, 20, 'NO2'))).toBeGreaterThan(DEFAULT_GAS_THRESHOLDS.NO2.alarmHigh!);
      const dust = Math.max(...trace(face, b, 20, 'dust'));
      expect(dust).toBeGreaterThan(4);
      expect(dust).toBeLessThan(15);
      const o2 = Math.min(...trace(face, b, 20, 'O2'));
      expect(o2).toBeLessThan(20.8);
      expect(o2).toBeGreaterThan(DEFAULT_GAS_THRESHOLDS.O2.warnLow!); // a dip, not hypoxia
    }
  });

  it('lets the lining carriage see a smaller, later plume and the portal hardly any', () => {
    const { station, blasts } = setup();
    const b = blasts[0];
    const peak = (s: GasStation) => {
      const co = trace(s, b, 180);
      const max = Math.max(...co);
      return { max, at: co.indexOf(max) };
    };
    const face = peak(station('face'));
    const lining = peak(station('lining'));
    const portal = peak(station('portal'));
    expect(lining.max).toBeLessThan(face.max * 0.5);
    expect(lining.max).toBeGreaterThan(CO_ALARM);
    expect(lining.at).toBeGreaterThan(face.at);
    expect(portal.max).toBeLessThan(CO_ALARM);
    expect(portal.at).toBeGreaterThan(lining.at);
  });

  it('keeps readings physical over two days: never negative, O2 at most 21.2 %vol, normal air between rounds', () => {
    const { station } = setup();
    for (const kind of ['face', 'lining', 'portal'] as const) {
      const s = station(kind);
      const quiet: number[] = [];
      for (let t = START; t < START + 48 * HOUR_MS; t += 60_000) {
        const r = s.sample(t);
        for (const g of GAS_CODES) expect(r[g]).toBeGreaterThanOrEqual(0);
        expect(r.O2).toBeLessThanOrEqual(21.2);
        expect(r.O2).toBeGreaterThan(19.5);
        quiet.push(r.CO!);
      }
      // Most of the time the air is normal (docs/domain.md: CO 0–5 ppm; mucking diesel adds a few ppm).
      quiet.sort((a, b) => a - b);
      expect(quiet[Math.floor(quiet.length / 2)]).toBeLessThan(6);
    }
  });

  it('adds diesel CO while mucking and shotcrete dust during initial support', () => {
    const { cycle, station } = setup();
    const face = station('face');
    const ivs = cycle.intervalsBetween(START, START + 48 * HOUR_MS);
    const mucking = ivs.find((iv) => iv.stage === 'mucking' && iv.startMs > START)!;
    const support = ivs.find((iv) => iv.stage === 'support' && iv.startMs > START)!;
    const drilling = ivs.find((iv) => iv.stage === 'drilling' && iv.startMs > support.endMs)!;
    const truth = (t: number) => face.trueReadings(t);
    const late = (iv: { endMs: number }) => iv.endMs - MINUTE_MS;
    expect(truth(late(mucking)).CO! - truth(late(drilling)).CO!).toBeGreaterThan(2);
    expect(truth(late(support)).dust!).toBeGreaterThan(truth(late(drilling)).dust! + 1);
  });
});
