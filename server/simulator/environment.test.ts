import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, environmentKind, isNoiseNight, type Heading } from '../../protocol';
import { parsePacket } from '../hj212/codec';
import { packetReadings } from '../hj212/readings';
import { SiteWind } from './crane';
import { HeadingCycle } from './cycle';
import { EnvironmentStation } from './environment';
import { minutePacket } from './hj212Client';
import { MINUTE_MS } from './siteClock';

const START = Date.UTC(2026, 2, 10, 2, 0, 0);
const heading: Heading = { headingId: 'H-E', name: 'entry', portal: 'entry', faceM: 1_200, liningM: 1_100, invertM: 1_160, rockGrade: 'IV' };

/** Two days of minute samples of one portal monitor, with the heading's stage of each. */
function run(seed: number) {
  const cycle = new HeadingCycle(heading, 3_000, seed, START);
  const wind = new SiteWind(seed);
  const station = new EnvironmentStation('ENV-1', cycle, wind, seed);
  const out = [];
  for (let t = START; t < START + 2 * 24 * 60 * MINUTE_MS; t += MINUTE_MS) {
    wind.step(t, 60);
    station.step(t, 60);
    out.push({ stage: cycle.intervalAt(t).stage, msg: station.sample(t) });
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('EnvironmentStation', () => {
  for (const seed of [1, 2]) {
    const samples = run(seed);

    it(`seed ${seed}: every sample is a valid environment message`, () => {
      for (const { msg } of samples) expect(DEVICE_KIND_REGISTRY.parseMessage('environment', JSON.stringify(msg))).toMatchObject({ kind: 'environment' });
    });

    it(`seed ${seed}: dust rises while the heading mucks out and shotcretes, noise is lower at night`, () => {
      const pm10 = (stages: string[]) => mean(samples.filter((s) => stages.includes(s.stage)).map((s) => s.msg.pm10!));
      expect(pm10(['mucking', 'support'])).toBeGreaterThan(pm10(['idle', 'charging', 'drilling']) + 20);
      const noise = (night: boolean) => mean(samples.filter((s) => s.stage === 'idle' && isNoiseNight(s.msg.ts) === night).map((s) => s.msg.noise!));
      expect(noise(false) - noise(true)).toBeGreaterThan(7);
      // some minutes cross the PM10 warning (80 µg/m³) and the night noise limit (55 dB(A)), not most
      const over = samples.filter((s) => s.msg.pm10! >= 80).length / samples.length;
      expect(over).toBeGreaterThan(0.02);
      expect(over).toBeLessThan(0.3);
    });

    it(`seed ${seed}: zero calibration at 03:00 Beijing time is flagged C`, () => {
      const calibrating = samples.filter((s) => s.msg.flags);
      expect(calibrating.length).toBe(2 * 10);
      for (const s of calibrating) expect(s.msg.flags).toEqual({ pm25: 'C', pm10: 'C', tsp: 'C' });
    });
  }

  it('goes over HJ 212 minute data and reads back to the same message', () => {
    for (const { msg } of run(3).slice(0, 300)) {
      const p = parsePacket(new TextDecoder().decode(minutePacket('ENV-1', 'pw', environmentKind.hj212.factors, msg)).slice(6, -6));
      if ('error' in p) throw new Error(p.error);
      expect(p).toMatchObject({ cn: '2051', st: '22', mn: 'ENV-1', pw: 'pw', flag: 5 });
      const r = packetReadings(p, 'Avg', environmentKind.hj212.factors);
      if ('error' in r) throw new Error(r.error);
      const { ts, flags, ...values } = msg;
      expect(r.ts).toBe(Math.floor(ts / MINUTE_MS) * MINUTE_MS);
      expect(r.values).toEqual(values);
      expect(Object.fromEntries(Object.entries(r.flags).filter(([, f]) => f !== 'N'))).toEqual(flags ?? {});
    }
  });
});
