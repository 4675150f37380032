import { GAS_CODES, GAS_UNIT, type DeviceInfo, type GasCode, type Threshold } from '../../protocol';

/** Units of metrics that have no threshold to carry one (protocol/devices.ts field names, SPEC §9 units). */
const METRIC_UNIT: Record<string, string> = {
  radiusM: 'm',
  heightM: 'm',
  chainageM: 'm',
  rotationDeg: '°',
  tiltDeg: '°',
  momentPct: '%',
  loadT: 't',
  windSpeedMps: 'm/s',
  battery: '%',
  heartRate: 'bpm',
  spo2: '%',
  bodyTempC: '℃',
  sbp: 'mmHg',
  dbp: 'mmHg',
};

/** The unit of `metric` on a device: its threshold's unit, else the gas unit, else the known field unit, else ''. */
export function metricUnit(metric: string, thresholds: readonly Threshold[]): string {
  const t = thresholds.find((x) => x.metric === metric);
  if (t?.unit) return t.unit;
  if ((GAS_CODES as readonly string[]).includes(metric)) return GAS_UNIT[metric as GasCode];
  return METRIC_UNIT[metric] ?? '';
}

/** One row of the detail dialog's values table. */
export interface MetricRow {
  metric: string;
  value: number | null;
  unit: string;
  threshold: Threshold | null;
}

/**
 * The rows of a device's values table: every metric with a latest value or a threshold, latest values
 * first in their reported order, then thresholds without a value yet (value null).
 */
export function metricRows(device: Pick<DeviceInfo, 'latest' | 'thresholds'>): MetricRow[] {
  const rows: MetricRow[] = [];
  const seen = new Set<string>();
  for (const [metric, value] of Object.entries(device.latest ?? {})) {
    seen.add(metric);
    rows.push({ metric, value, unit: metricUnit(metric, device.thresholds), threshold: device.thresholds.find((t) => t.metric === metric) ?? null });
  }
  for (const t of device.thresholds) {
    if (!seen.has(t.metric)) rows.push({ metric: t.metric, value: null, unit: metricUnit(t.metric, device.thresholds), threshold: t });
  }
  return rows;
}

/** A threshold in words-free form: `warn ≥ 24 · alarm ≥ 40`, `warn ≤ 19.5 · alarm ≤ 18`; '' without limits. */
export function thresholdText(t: Threshold | null, labels: { warn: string; alarm: string }): string {
  if (!t) return '';
  const parts: string[] = [];
  if (t.warnHigh !== null) parts.push(`${labels.warn} ≥ ${t.warnHigh}`);
  if (t.alarmHigh !== null) parts.push(`${labels.alarm} ≥ ${t.alarmHigh}`);
  if (t.warnLow !== null) parts.push(`${labels.warn} ≤ ${t.warnLow}`);
  if (t.alarmLow !== null) parts.push(`${labels.alarm} ≤ ${t.alarmLow}`);
  return parts.join(' · ');
}
