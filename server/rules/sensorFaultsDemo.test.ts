import { describe, expect, it } from 'vitest';
import { GAS_CODES, type GasCode, type Heading } from '../../protocol';
import { HeadingCycle } from '../simulator/cycle';
import { GasStation, type StationKind } from '../simulator/gas';
import { HOUR_MS } from '../simulator/siteClock';
import { defaultThresholdsFor } from './defaultThresholds';
import { DeviceMonitor } from './deviceMonitor';

const START = Date.UTC(2026, 2, 10, 2, 0, 0);
const heading: Heading = { headingId: 'H-E', name: 'entry', portal: 'entry', faceM: 1_200, liningM: 1_100, invertM: 1_160, rockGrade: 'IV' };

/**
 * The stuck-value windows (docs/domain.md "Sensor faults") against the demo's healthy stations: three days
 * of every gas at the face, the lining carriage and the portal, sampled every 10 s as the simulator
 * publishes them, raise no sensor fault. A station whose readings freeze does.
 */
describe('sensor faults on the simulated demo stations', () => {
  for (const [kind, seed] of [['face', 1], ['lining', 2], ['portal', 3]] as Array<[StationKind, number]>) {
    it(`raises none over 3 days at the ${kind}`, () => {
      const cycle = new HeadingCycle(heading, 3_000, seed, START);
      const station = new GasStation({ sn: `GAS-${kind}`, station: kind, gases: GAS_CODES, heading, tunnelLengthM: 3_000 }, cycle, seed);
      const monitor = new DeviceMonitor({ projectId: 'p', sn: `GAS-${kind}`, kind: 'gas', name: kind, reportPeriodS: 10, thresholds: defaultThresholdsFor('gas', GAS_CODES) }, { status: 'unknown', lastSeenMs: null, latest: null }, START);
      const faults = new Set<string>();
      for (let t = START; t < START + 72 * HOUR_MS; t += 10_000) {
        const readings = station.sample(t) as Record<GasCode, number>;
        for (const d of monitor.accept({ kind: 'gas', msg: { ts: t, readings } }, t)) if (d.kind === 'fault') faults.add(d.metric);
      }
      expect([...faults]).toEqual([]);

      // the same station frozen at its last readings: the stuck ones are reported within the hour
      const frozen = station.sample(START + 72 * HOUR_MS) as Record<GasCode, number>;
      for (let t = START + 72 * HOUR_MS; t <= START + 73 * HOUR_MS + 20_000; t += 10_000) {
        for (const d of monitor.accept({ kind: 'gas', msg: { ts: t, readings: frozen } }, t)) if (d.kind === 'fault' && d.state === 'active') faults.add(d.metric);
      }
      expect([...faults].sort()).toEqual((['CO', 'NH3', 'O2', 'dust'] as string[]).filter((g) => frozen[g as GasCode] > 0).sort());
    });
  }
});
