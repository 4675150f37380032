import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createKindRegistry,
  DEVICE_KIND_REGISTRY,
  flatMetrics,
  gasKind,
  highThreshold,
  tsMs,
  type DeviceKind,
  type DeviceKindDescriptor,
  type DeviceMessage,
  type Threshold,
} from '../../protocol';
import { DeviceMonitor } from './deviceMonitor';
import { evaluateMetric, levelOf, NORMAL_STATE, type Level } from './thresholdState';
import type { DeviceConfig } from './types';

const T0 = 1_700_000_000_000;

/** The default threshold of `metric` on a device of `kind`, as seeded. */
function seeded(kind: DeviceKind, metric: string): Threshold {
  const t = DEVICE_KIND_REGISTRY.defaultThresholds(kind, [metric]).find((x) => x.metric === metric);
  if (!t) throw new Error(`no default threshold ${kind}.${metric}`);
  return t;
}

/** The level a fresh device reaches with a single reading of `value`. */
function levelAt(t: Threshold, value: number): Level {
  return levelOf(evaluateMetric(t, NORMAL_STATE, value));
}

/** [value, level of a fresh device at that value] vectors per kind and metric, from the limits each descriptor cites. */
const VECTORS: Array<[DeviceKind, string, Array<[number, Level]>]> = [
  // gas: coal-mine rule 0.0024 %, GBZ 2.1 — CO warn 17 / alarm 24 ppm
  ['gas', 'CO', [[16.9, 'normal'], [17, 'warning'], [23.9, 'warning'], [24, 'alarm']]],
  // O2: hypoxia below 19.5 %vol, warning below 20.0, hyperoxia above 23.5
  ['gas', 'O2', [[20.9, 'normal'], [20.01, 'normal'], [20.0, 'warning'], [19.6, 'warning'], [19.5, 'alarm'], [23.4, 'normal'], [23.5, 'alarm']]],
  // coal-mine rules: H2S 0.00066 %, NH3 0.004 %, NO2, SO2
  ['gas', 'H2S', [[4.9, 'normal'], [5, 'warning'], [6.6, 'alarm']]],
  ['gas', 'NH3', [[27.9, 'normal'], [28, 'warning'], [40, 'alarm']]],
  ['gas', 'NO2', [[1.8, 'normal'], [1.9, 'warning'], [2.5, 'alarm']]],
  ['gas', 'SO2', [[1.8, 'normal'], [1.9, 'warning'], [5, 'alarm']]],
  // tunnel code and tunnel gas rules (non-gassy tunnel)
  ['gas', 'CO2', [[0.1, 'normal'], [0.5, 'warning'], [1.5, 'alarm']]],
  ['gas', 'CH4', [[0.49, 'normal'], [0.5, 'warning'], [1.0, 'alarm']]],
  // GB/T 50493: 25 / 50 % LEL of hydrogen (LEL 4 %vol)
  ['gas', 'H2', [[0.99, 'normal'], [1.0, 'warning'], [2.0, 'alarm']]],
  // GBZ 2 acrolein ceiling; railway tunnel code dust
  ['gas', 'acrolein', [[0.2, 'normal'], [0.225, 'warning'], [0.3, 'alarm']]],
  ['gas', 'dust', [[2.9, 'normal'], [3, 'warning'], [4, 'alarm']]],
  // tower crane: JGJ 332-2014 moment 90 / 100 %; Beaufort 6 10.8 / stop lifting 13.8 m/s; GB 5144 tilt 0.17 / 0.23°
  ['towerCrane', 'momentPct', [[89.9, 'normal'], [90, 'warning'], [99.9, 'warning'], [100, 'alarm']]],
  ['towerCrane', 'windSpeedMps', [[10.7, 'normal'], [10.8, 'warning'], [13.8, 'alarm']]],
  ['towerCrane', 'tiltDeg', [[0.16, 'normal'], [0.17, 'warning'], [0.23, 'alarm']]],
  // tower crane statuses (JGJ 332-2014 §3.1): alarm while on
  ['towerCrane', 'antiCollision', [[0, 'normal'], [1, 'alarm']]],
  ['towerCrane', 'limitSwitch', [[0, 'normal'], [1, 'alarm']]],
  ['towerCrane', 'restrictedZone', [[0, 'normal'], [1, 'alarm']]],
  // beacon vitals (convention): heart rate alarm < 50 or > 120 bpm, SpO2 < 90 %, body temperature ≥ 37.3 ℃; battery 20 / 10 %
  ['beacon', 'heartRate', [[75, 'normal'], [100, 'normal'], [110, 'warning'], [120, 'alarm'], [55, 'warning'], [50, 'alarm']]],
  ['beacon', 'spo2', [[97, 'normal'], [94, 'warning'], [90, 'alarm']]],
  ['beacon', 'bodyTempC', [[36.6, 'normal'], [37.0, 'warning'], [37.3, 'alarm']]],
  ['beacon', 'battery', [[80, 'normal'], [20, 'warning'], [10, 'alarm']]],
  // vehicle (convention of tunnel site rules): over-speed from 10 km/h; a person within 5 m of a moving vehicle; tag battery 20 / 10 %
  ['vehicle', 'speedKmh', [[9.9, 'normal'], [10, 'alarm'], [14, 'alarm']]],
  ['vehicle', 'personGapM', [[100, 'normal'], [5.1, 'normal'], [5, 'alarm'], [0, 'alarm']]],
  ['vehicle', 'battery', [[80, 'normal'], [20, 'warning'], [10, 'alarm']]],
  // blood pressure: hypertension at 140/90 mmHg (WHO, Chinese hypertension guideline), no warning level
  ['beacon', 'sbp', [[120, 'normal'], [135, 'normal'], [139, 'normal'], [140, 'alarm'], [146, 'alarm']]],
  ['beacon', 'dbp', [[80, 'normal'], [89, 'normal'], [90, 'alarm'], [94, 'alarm']]],
  // tag-reported states: fall and tamper alarm while on, static and the faults warn; under-voltage 3.5 / 3.4 V
  ['beacon', 'fall', [[0, 'normal'], [1, 'alarm'], [0, 'normal']]],
  ['beacon', 'tamper', [[0, 'normal'], [1, 'alarm'], [0, 'normal']]],
  ['beacon', 'static', [[0, 'normal'], [1, 'warning'], [0, 'normal']]],
  ['beacon', 'lampFault', [[0, 'normal'], [1, 'warning'], [0, 'normal']]],
  ['beacon', 'bluetoothFault', [[0, 'normal'], [1, 'warning'], [0, 'normal']]],
  ['beacon', 'voltageV', [[3.9, 'normal'], [3.5, 'warning'], [3.4, 'alarm'], [3.3, 'alarm'], [3.55, 'normal']]],
  // lifting equipment: load/moment 90 / 100 % of rated (JGJ 332-2014), wind 10.8 / 13.8 m/s (Beaufort 6 / stop lifting), tilt 0.17 / 0.23° (GB 5144 convention), limit switch alarm while tripped
  ['constructionElevator', 'leftLoadPct', [[50, 'normal'], [89.9, 'normal'], [90, 'warning'], [99.9, 'warning'], [100, 'alarm']]],
  ['constructionElevator', 'rightLoadPct', [[50, 'normal'], [89.9, 'normal'], [90, 'warning'], [99.9, 'warning'], [100, 'alarm']]],
  ['constructionElevator', 'leftTiltDeg', [[0.16, 'normal'], [0.17, 'warning'], [0.23, 'alarm']]],
  ['constructionElevator', 'rightTiltDeg', [[0.16, 'normal'], [0.17, 'warning'], [0.23, 'alarm']]],
  ['constructionElevator', 'leftLimitSwitch', [[0, 'normal'], [1, 'alarm']]],
  ['constructionElevator', 'rightLimitSwitch', [[0, 'normal'], [1, 'alarm']]],
  ['constructionElevator', 'windSpeedMps', [[10.7, 'normal'], [10.8, 'warning'], [13.8, 'alarm']]],
  ['bridgeGirderErector', 'frontLoadPct', [[50, 'normal'], [89.9, 'normal'], [90, 'warning'], [99.9, 'warning'], [100, 'alarm']]],
  ['bridgeGirderErector', 'rearLoadPct', [[50, 'normal'], [89.9, 'normal'], [90, 'warning'], [99.9, 'warning'], [100, 'alarm']]],
  ['bridgeGirderErector', 'windSpeedMps', [[10.7, 'normal'], [10.8, 'warning'], [13.8, 'alarm']]],
  ['bridgeGirderErector', 'levelnessDeg', [[0.16, 'normal'], [0.17, 'warning'], [0.23, 'alarm']]],
  ['gantryCrane', 'loadPct', [[50, 'normal'], [89.9, 'normal'], [90, 'warning'], [99.9, 'warning'], [100, 'alarm']]],
  ['gantryCrane', 'windSpeedMps', [[10.7, 'normal'], [10.8, 'warning'], [13.8, 'alarm']]],
  ['yardCrane', 'momentPct', [[50, 'normal'], [89.9, 'normal'], [90, 'warning'], [99.9, 'warning'], [100, 'alarm']]],
  ['yardCrane', 'windSpeedMps', [[10.7, 'normal'], [10.8, 'warning'], [13.8, 'alarm']]],
  ['yardCrane', 'tiltDeg', [[0.16, 'normal'], [0.17, 'warning'], [0.23, 'alarm']]],
  // environment: GB 3095 PM10 80 / 150 and PM2.5 75 / 115 µg/m³; provincial TSP 0.7 / 0.8 mg/m³; GB 12523 noise day 70, night 55 dB(A)
  ['environment', 'pm10', [[79, 'normal'], [80, 'warning'], [149, 'warning'], [150, 'alarm']]],
  ['environment', 'pm25', [[74, 'normal'], [75, 'warning'], [114, 'warning'], [115, 'alarm']]],
  ['environment', 'tsp', [[0.69, 'normal'], [0.7, 'warning'], [0.79, 'warning'], [0.8, 'alarm']]],
  ['environment', 'noise', [[69.9, 'normal'], [70, 'alarm']]],
  ['environment', 'noiseNight', [[54.9, 'normal'], [55, 'alarm']]],
];

describe('default threshold vectors per kind', () => {
  for (const [kind, metric, vectors] of VECTORS) {
    it(`${kind}.${metric}`, () => {
      const t = seeded(kind, metric);
      expect(vectors.map(([v]) => [v, levelAt(t, v)])).toEqual(vectors);
    });
  }

  it('every seeded default of every kind has a vector here', () => {
    const covered = new Set(VECTORS.map(([k, m]) => `${k}.${m}`));
    const missing = DEVICE_KIND_REGISTRY.descriptors
      .flatMap((d) => d.thresholds.map((t) => `${d.kind}.${t.threshold.metric}`))
      .filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });
});

/** A kind that exists only in this test, added the way a new kind is: one descriptor, no code elsewhere. */
const noiseSchema = z.object({ ts: tsMs, laDb: z.number().finite().min(0).max(200), lidOpen: z.boolean() });
const noiseKind = {
  kind: 'noiseMeter',
  label: { id: 'kind.noiseMeter', message: 'Noise meter' },
  channel: 'telemetry',
  schema: noiseSchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: [
    { key: 'laDb', unit: 'dB(A)', digits: 1, range: { min: 0, max: 200 }, label: { id: 'metric.noiseMeter.laDb', message: 'Noise level' } },
    { key: 'lidOpen', unit: '', digits: 0, range: { min: 0, max: 1 }, label: { id: 'metric.noiseMeter.lidOpen', message: 'Lid open' } },
  ],
  metricFields: flatMetrics(),
  position: null,
  offline: { raisesAlarm: true, periods: 2, reason: 'test' },
  statuses: [{ key: 'lidOpen', label: { id: 'metric.noiseMeter.lidOpen', message: 'Lid open' }, alarm: { kind: 'sos', level: 'warning' }, decode: (m) => m.lidOpen }],
  event: null,
  thresholds: [{ threshold: highThreshold('laDb', 'dB(A)', 70, 85, 0.9), source: 'test vector' }],
  thresholdScope: 'all',
} satisfies DeviceKindDescriptor<'noiseMeter', z.infer<typeof noiseSchema>>;

describe('a kind known only to a test registry', () => {
  const kinds = createKindRegistry([gasKind, noiseKind]);
  const config = {
    projectId: 'p1',
    sn: 'NM-1',
    kind: 'noiseMeter' as DeviceKind,
    name: 'Noise meter 1',
    reportPeriodS: 10,
    thresholds: kinds.defaultThresholds('noiseMeter'),
  } satisfies DeviceConfig;
  const reading = (laDb: number, lidOpen = false) => ({ kind: 'noiseMeter', msg: { ts: T0, laDb, lidOpen } }) as unknown as DeviceMessage;

  it('flows through the rules: latest values, threshold alarm, status episode and its own offline policy', () => {
    const m = new DeviceMonitor(config, { status: 'unknown', lastSeenMs: null, latest: null }, T0, kinds);
    expect(m.accept(reading(60), T0)).toEqual([]);
    expect(m.latest).toEqual({ laDb: 60, lidOpen: 0 });
    expect(m.accept(reading(86), T0 + 1)).toMatchObject([{ kind: 'threshold', level: 'alarm', metric: 'laDb', unit: 'dB(A)', threshold: 85 }]);
    expect(m.accept(reading(50, true), T0 + 2)).toMatchObject([
      { kind: 'threshold', metric: 'laDb', state: 'cleared' },
      { kind: 'sos', level: 'warning', metric: 'lidOpen', state: 'active' },
    ]);
    expect(m.updateStatus()).toBe('warning');
    // offline after 2 report periods of silence (the kind's policy), with an offline alarm
    expect(m.tick(T0 + 2 + 2 * 10_000)).toEqual([]);
    expect(m.tick(T0 + 3 + 2 * 10_000)).toMatchObject([{ kind: 'offline', level: 'warning' }]);
    expect(m.retire(T0 + 30_000).map((a) => a.kind).sort()).toEqual(['offline', 'sos']);
  });

  it('is unknown to the app registry, whose monitors refuse it', () => {
    expect(() => new DeviceMonitor(config, { status: 'unknown', lastSeenMs: null, latest: null }, T0)).toThrow(/unknown device kind noiseMeter/);
  });
});

