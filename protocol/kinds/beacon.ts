import { z } from 'zod';
import type { Threshold } from '../thresholds';
import { flagThreshold } from './equipment';
import { DEFAULT_OFFLINE_PERIODS, highThreshold, tsMs, flatMetrics, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';

function metric(key: string, unit: string, digits: number, min: number, max: number, message: string): MetricDescriptor {
  return { key, unit, digits, range: { min, max }, label: { id: `metric.beacon.${key}`, message } };
}

/** Metrics of a personnel tag; vitals come from helmets and wristbands only. */
export const BEACON_METRICS = {
  chainageM: metric('chainageM', 'm', 1, 0, 100_000, 'Distance from portal'),
  battery: metric('battery', '%', 0, 0, 100, 'Battery'),
  sos: metric('sos', '', 0, 0, 1, 'SOS'),
  heartRate: metric('heartRate', 'bpm', 0, 0, 300, 'Heart rate'),
  spo2: metric('spo2', '%', 0, 0, 100, 'Blood oxygen'),
  bodyTempC: metric('bodyTempC', '℃', 1, 25, 45, 'Body temperature'),
  sbp: metric('sbp', 'mmHg', 0, 0, 300, 'Systolic blood pressure'),
  dbp: metric('dbp', 'mmHg', 0, 0, 250, 'Diastolic blood pressure'),
  // tag-reported states (optional, 0/1), docs/device-protocol.md "beacon"
  fall: metric('fall', '', 0, 0, 1, 'Fall detected'),
  tamper: metric('tamper', '', 0, 0, 1, 'Device tampered'),
  static: metric('static', '', 0, 0, 1, 'Static (no motion)'),
  lampFault: metric('lampFault', '', 0, 0, 1, 'Miner lamp fault'),
  bluetoothFault: metric('bluetoothFault', '', 0, 0, 1, 'Bluetooth device fault'),
  voltageV: metric('voltageV', 'V', 2, 0, 30, 'Supply voltage'),
} as const satisfies Record<string, MetricDescriptor>;

function num(m: MetricDescriptor) {
  return z.number().finite().min(m.range.min).max(m.range.max);
}

/**
 * Personnel beacon telemetry. `chainageM` is the distance from the portal of `tunnelId` in metres
 * (positions in a tunnel are one-dimensional, docs/device-protocol.md). Vitals are optional.
 */
export const beaconTelemetrySchema = z.object({
  ts: tsMs,
  tunnelId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  chainageM: num(BEACON_METRICS.chainageM),
  battery: num(BEACON_METRICS.battery),
  sos: z.boolean(),
  heartRate: num(BEACON_METRICS.heartRate).optional(),
  spo2: num(BEACON_METRICS.spo2).optional(),
  bodyTempC: num(BEACON_METRICS.bodyTempC).optional(),
  sbp: num(BEACON_METRICS.sbp).optional(),
  dbp: num(BEACON_METRICS.dbp).optional(),
  /**
   * Worn sensor of tags that have one (strap clasp, skin contact): false while the tag is taken off. Absent
   * on tags without it (nothing is inferred). The zone rules raise "beacon removed" on false
   * (docs/device-protocol.md "beacon").
   */
  worn: z.boolean().optional(),
  /** The tag's own fall detection (accelerometer): true while it reports a fall. */
  fall: z.boolean().optional(),
  /** Case opened or tag pulled from its mount (the tag's tamper switch); not the worn sensor. */
  tamper: z.boolean().optional(),
  /** The vendor's "static" state: the tag's motion sensor saw no motion for the vendor's time (not the zone rules' no-movement). */
  static: z.boolean().optional(),
  /** Cap-lamp tags: the miner lamp reports a fault (LED or driver). */
  lampFault: z.boolean().optional(),
  /** The tag's Bluetooth module (vitals link to a wristband, or the BLE locator) reports a fault. */
  bluetoothFault: z.boolean().optional(),
  /** Supply voltage (V) of tags that measure it (a cap lamp's cell), beside the battery %. */
  voltageV: num(BEACON_METRICS.voltageV).optional(),
});
export type BeaconTelemetry = z.infer<typeof beaconTelemetrySchema>;

const VITALS_SOURCE = 'convention for helmet and wristband vitals, configurable';

/**
 * Beacon vitals (convention, configurable): heart rate alarm < 50 or > 120 bpm, SpO2 < 90 %, body temp
 * ≥ 37.3 ℃, blood pressure ≥ 140/90 mmHg (the hypertension line of WHO and the Chinese hypertension
 * guideline), battery low ≤ 20 / ≤ 10 %; tag-reported states (fall, tamper, static, miner lamp and
 * Bluetooth faults) while on; under-voltage ≤ 3.5 / ≤ 3.4 V.
 */
export const BEACON_THRESHOLD_DEFAULTS: ThresholdDefault[] = [
  // 60–100 bpm is normal and a worker carrying steel easily reaches 100: warn from 110, between normal and alarm.
  { threshold: { metric: 'heartRate', unit: 'bpm', warnHigh: 110, alarmHigh: 120, warnLow: 55, alarmLow: 50, clearRatio: 0.9, clearLow: 60 }, source: VITALS_SOURCE },
  { threshold: { metric: 'spo2', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 94, alarmLow: 90, clearRatio: 1, clearLow: 95 }, source: VITALS_SOURCE },
  { threshold: highThreshold('bodyTempC', '℃', 37.0, 37.3, 0.99), source: VITALS_SOURCE },
  { threshold: { metric: 'battery', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 20, alarmLow: 10, clearRatio: 1, clearLow: 30 }, source: 'convention: low battery ≤ 20 %, ≤ 10 %' },
  // Blood pressure: an alarm at the hypertension line 140/90 mmHg, no warning level (a worker under effort
  // reads well into the high-normal band); cleared a little under the line so a reading hovering at it does not flap.
  { threshold: { metric: 'sbp', unit: 'mmHg', warnHigh: null, alarmHigh: 140, warnLow: null, alarmLow: null, clearRatio: 0.95, clearLow: null }, source: `${VITALS_SOURCE}; hypertension ≥ 140/90 mmHg (WHO, Chinese hypertension guideline)` },
  { threshold: { metric: 'dbp', unit: 'mmHg', warnHigh: null, alarmHigh: 90, warnLow: null, alarmLow: null, clearRatio: 0.95, clearLow: null }, source: `${VITALS_SOURCE}; hypertension ≥ 140/90 mmHg (WHO, Chinese hypertension guideline)` },
  // Tag-reported states: an alarm (fall, tamper) or a warning (the others) while on, cleared when the tag says off.
  { threshold: flagThreshold('fall'), source: 'tag-reported fall: an alarm while on' },
  { threshold: flagThreshold('tamper'), source: 'tag-reported tamper switch: an alarm while on' },
  { threshold: warnFlag('static'), source: "tag-reported static state (vendor's no-motion time): a warning while on" },
  { threshold: warnFlag('lampFault'), source: 'tag-reported miner lamp fault: a warning while on' },
  { threshold: warnFlag('bluetoothFault'), source: 'tag-reported Bluetooth fault: a warning while on' },
  // Under-voltage: single Li-ion cell of cap lamps and tags, 3.7 V nominal, 4.2 V full, cut-off 3.0–3.3 V;
  // under 3.5 V little charge is left, under 3.4 V the lamp dims and the tag shuts down soon. Cleared at 3.6 V.
  { threshold: { metric: 'voltageV', unit: 'V', warnHigh: null, alarmHigh: null, warnLow: 3.5, alarmLow: 3.4, clearRatio: 1, clearLow: 3.6 }, source: 'convention: single Li-ion cell, 3.7 V nominal, cut-off 3.0–3.3 V; under-voltage ≤ 3.5 V, ≤ 3.4 V' },
];

/** A 0/1 state whose 1 is a warning (a fault that needs a visit, not an emergency): warning at 1, clears at 0. */
function warnFlag(metric: string): Threshold {
  return { ...flagThreshold(metric), warnHigh: 1, alarmHigh: null };
}

/** Personnel tags in tunnels (docs/device-protocol.md "beacon"). */
export const beaconKind = {
  kind: 'beacon',
  label: { id: 'kind.beacon', message: 'Personnel beacon' },
  channel: 'telemetry',
  schema: beaconTelemetrySchema,
  live: { store: 'positions', permission: 'people.view' },
  readings: true,
  metrics: Object.values(BEACON_METRICS),
  metricFields: flatMetrics(['tunnelId']),
  position: { tunnelIdField: 'tunnelId', chainageMField: 'chainageM', alertField: 'sos' },
  offline: {
    raisesAlarm: false,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason:
      'tags go quiet by design at every shift change (charging, out of coverage), which would bury real alarms; the status still turns offline',
  },
  statuses: [{ key: 'sos', label: BEACON_METRICS.sos.label, alarm: { kind: 'sos', level: 'alarm' }, decode: (m) => m.sos }],
  event: null,
  thresholds: BEACON_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'personnel',
} satisfies DeviceKindDescriptor<'beacon', BeaconTelemetry>;
