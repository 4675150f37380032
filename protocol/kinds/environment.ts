import { z } from 'zod';
import { beijingMinuteOfDay } from '../beijingTime';
import { DATA_FLAGS, DEFAULT_OFFLINE_PERIODS, highThreshold, tsMs, type DataFlag, type DeviceKindDescriptor, type MetricDescriptor, type MetricFields, type ThresholdDefault } from './descriptor';

/**
 * Site environment monitors (dust and noise, docs/domain.md "Site environment"). On Chinese sites they
 * speak HJ 212-2017 over TCP (server/hj212); vendors that publish MQTT use the payload below. Particulates
 * PM2.5 and PM10 are in µg/m³ (GB 3095 states its limits so; HJ 212 sends mg/m³, multiplied by 1000 on
 * the way in), TSP in mg/m³ as the provincial site rules state theirs.
 */

/**
 * The readings of a monitor, by metric key, with their unit, decimals, physical range and HJ 212 code
 * (null: no code confirmed in HJ 212-2017's factor table, so the reading arrives over MQTT only).
 */
const READINGS = [
  { key: 'pm25', unit: 'µg/m³', digits: 0, max: 20_000, name: 'PM2.5', code: 'a34004', scale: 1000 },
  { key: 'pm10', unit: 'µg/m³', digits: 0, max: 20_000, name: 'PM10', code: 'a34002', scale: 1000 },
  { key: 'tsp', unit: 'mg/m³', digits: 3, max: 100, name: 'TSP', code: 'a34001', scale: 1 },
  { key: 'noise', unit: 'dB(A)', digits: 1, max: 150, name: 'Noise', code: 'LA', scale: 1 },
  { key: 'temperature', unit: '℃', digits: 1, min: -50, max: 80, name: 'Temperature', code: 'a01001', scale: 1 },
  { key: 'humidity', unit: '%', digits: 0, max: 100, name: 'Humidity', code: 'a01002', scale: 1 },
  { key: 'windSpeed', unit: 'm/s', digits: 1, max: 75, name: 'Wind speed', code: 'a01007', scale: 1 },
  { key: 'windDirection', unit: '°', digits: 0, max: 360, name: 'Wind direction', code: 'a01008', scale: 1 },
  { key: 'pressure', unit: 'kPa', digits: 1, min: 50, max: 110, name: 'Air pressure', code: 'a01006', scale: 1 },
  // precipitation over the monitor's report period; no HJ 212 code (docs/device-protocol.md "HJ 212"), MQTT only
  { key: 'rainfallMm', unit: 'mm', digits: 1, max: 500, name: 'Rainfall', code: null, scale: 1 },
] as const;

/** A reading's metric key. */
export type EnvironmentReading = (typeof READINGS)[number]['key'];
/** Every reading's metric key, in display order. */
export const ENVIRONMENT_READINGS: readonly EnvironmentReading[] = READINGS.map((r) => r.key);

/** The metric that carries the data flag of reading `key` (its code in DATA_FLAGS). */
export function flagMetric(key: string): string {
  return `${key}Flag`;
}

/** The threshold metric of noise at night (GB 12523-2011 §4.1: 55 dB(A) between 22:00 and 06:00). */
export const NOISE_NIGHT = 'noiseNight';

/** Night hours of GB 12523-2011 §3.8 in Beijing time, minutes since 00:00: from 22:00, until 06:00. */
const NIGHT_FROM_MIN = 22 * 60;
const NIGHT_UNTIL_MIN = 6 * 60;

/** Whether `atMs` lies in the night hours of GB 12523 (22:00 to 06:00 Beijing time, 06:00 is day). */
export function isNoiseNight(atMs: number): boolean {
  const m = beijingMinuteOfDay(atMs);
  return m >= NIGHT_FROM_MIN || m < NIGHT_UNTIL_MIN;
}

const readingsShape = Object.fromEntries(
  READINGS.map((r) => [r.key, z.number().finite().min('min' in r ? r.min : 0).max(r.max).optional()]),
) as Record<EnvironmentReading, z.ZodOptional<z.ZodNumber>>;

const flagsShape = Object.fromEntries(READINGS.map((r) => [r.key, z.enum(DATA_FLAGS).optional()])) as Record<EnvironmentReading, z.ZodOptional<z.ZodEnum<{ [F in DataFlag]: F }>>>;

/**
 * Environment telemetry (docs/device-protocol.md "environment"): any non-empty subset of the readings,
 * and `flags`, the HJ 212 data flag of readings that are not `N` (absent: valid).
 */
export const environmentTelemetrySchema = z
  .strictObject({
    ts: tsMs,
    ...readingsShape,
    flags: z.strictObject(flagsShape).optional(),
  })
  .refine((m) => ENVIRONMENT_READINGS.some((k) => m[k] !== undefined), 'at least one reading is required');
export type EnvironmentTelemetry = z.infer<typeof environmentTelemetrySchema>;

const READING_METRICS: MetricDescriptor[] = READINGS.map((r) => ({
  key: r.key,
  unit: r.unit,
  digits: r.digits,
  range: { min: 'min' in r ? r.min : 0, max: r.max },
  label: { id: `metric.environment.${r.key}`, message: r.name },
  validityFlag: flagMetric(r.key),
}));

const FLAG_METRICS: MetricDescriptor[] = READINGS.map((r) => ({
  key: flagMetric(r.key),
  unit: '',
  digits: 0,
  range: { min: 0, max: DATA_FLAGS.length - 1 },
  label: { id: `metric.environment.${flagMetric(r.key)}`, message: `${r.name} data flag` },
}));

/** Noise's night limit: a threshold of its own, never reported (the rules judge `noise` on it at night). */
const NOISE_NIGHT_METRIC: MetricDescriptor = {
  key: NOISE_NIGHT,
  unit: 'dB(A)',
  digits: 1,
  range: { min: 0, max: 150 },
  label: { id: `metric.environment.${NOISE_NIGHT}`, message: 'Noise (night limit)' },
};

/**
 * Where the values are: the readings are fields of the message, and each reading present also gives its
 * flag metric, the code in DATA_FLAGS of its flag (0, `N`, when `flags` does not name it), so history and
 * `latest` keep the flag and a valid reading replaces an earlier flagged one. Allocates a record per
 * message (a monitor reports once a minute).
 */
const environmentFields: MetricFields = {
  of(msg) {
    if (typeof msg !== 'object' || msg === null) return null;
    const m = msg as Record<string, unknown>;
    const flags = typeof m.flags === 'object' && m.flags !== null ? (m.flags as Record<string, unknown>) : {};
    const out: Record<string, unknown> = { ...m };
    for (const key of ENVIRONMENT_READINGS) {
      if (typeof m[key] !== 'number') continue;
      out[flagMetric(key)] = Math.max(0, DATA_FLAGS.indexOf(flags[key] as DataFlag));
    }
    return out;
  },
  skip: new Set(['ts', 'sn', 'flags']),
};

/**
 * Hysteresis of the environment limits (our convention, no standard states one): particulates clear
 * below 90 % of the crossed limit; noise below 95 % (about 3 dB(A) under it, half the sound energy).
 */
const DUST_CLEAR_RATIO = 0.9;
const NOISE_CLEAR_RATIO = 0.95;

/**
 * Environment limits (docs/domain.md "Site environment"): PM10 80/150 µg/m³ and PM2.5 75/115 µg/m³
 * (GB 3095-2012 grade II 24-hour limits; warning at PM2.5's limit and PM10's grade I), TSP 0.7/0.8 mg/m³
 * (provincial site dust rules), noise 70 dB(A) by day and 55 at night (GB 12523-2011 §4.1, alarm only).
 */
export const ENVIRONMENT_THRESHOLD_DEFAULTS: ThresholdDefault[] = [
  { threshold: highThreshold('pm10', 'µg/m³', 80, 150, DUST_CLEAR_RATIO), source: 'GB 3095 grade II (24 h)' },
  { threshold: highThreshold('pm25', 'µg/m³', 75, 115, DUST_CLEAR_RATIO), source: 'GB 3095' },
  { threshold: highThreshold('tsp', 'mg/m³', 0.7, 0.8, DUST_CLEAR_RATIO), source: 'provincial site rules' },
  { threshold: { ...highThreshold('noise', 'dB(A)', 0, 70, NOISE_CLEAR_RATIO), warnHigh: null }, source: 'GB 12523 day (06:00–22:00)' },
  { threshold: { ...highThreshold(NOISE_NIGHT, 'dB(A)', 0, 55, NOISE_CLEAR_RATIO), warnHigh: null }, source: 'GB 12523 night (22:00–06:00)' },
];

/** Environment monitors (docs/device-protocol.md "environment" and "HJ 212"). */
export const environmentKind = {
  kind: 'environment',
  label: { id: 'kind.environment', message: 'Environment monitor' },
  channel: 'telemetry',
  schema: environmentTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: [...READING_METRICS, ...FLAG_METRICS, NOISE_NIGHT_METRIC],
  metricFields: environmentFields,
  position: null,
  offline: {
    raisesAlarm: true,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'a fixed monitor going quiet leaves the site without its dust and noise record',
  },
  statuses: [],
  event: null,
  thresholds: ENVIRONMENT_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'environment',
  judgedOn: (metric, atMs) => (metric === 'noise' && isNoiseNight(atMs) ? NOISE_NIGHT : metric),
  hj212: {
    factors: READINGS.flatMap((r) => (r.code === null ? [] : [{ code: r.code, metric: r.key, scale: r.scale }])),
    message(ts, values, flags) {
      const invalid = Object.entries(flags).filter(([, f]) => f !== 'N');
      return invalid.length > 0 ? { ts, ...values, flags: Object.fromEntries(invalid) } : { ts, ...values };
    },
  },
} satisfies DeviceKindDescriptor<'environment', EnvironmentTelemetry>;
