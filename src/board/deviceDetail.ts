import { DEVICE_KIND_REGISTRY, type DeviceInfo, type Threshold } from '../../protocol';

/**
 * The unit of `metric` on a device of `kind`: its threshold's unit, else the unit the kind's descriptor
 * gives it (protocol/kinds), else ''.
 */
export function metricUnit(kind: string, metric: string, thresholds: readonly Threshold[]): string {
  const t = thresholds.find((x) => x.metric === metric);
  if (t?.unit) return t.unit;
  return DEVICE_KIND_REGISTRY.metric(kind, metric)?.unit ?? '';
}

/** Decimals shown for `metric` of `kind` (its descriptor's `digits`; 2 for a metric the kind does not list). */
export function metricDigits(kind: string, metric: string): number {
  return DEVICE_KIND_REGISTRY.metric(kind, metric)?.digits ?? 2;
}

/** One row of the detail dialog's values table. */
export interface MetricRow {
  metric: string;
  value: number | null;
  unit: string;
  digits: number;
  threshold: Threshold | null;
}

/**
 * The rows of a device's values table: every metric with a latest value or a threshold, latest values
 * first in their reported order, then thresholds without a value yet (value null).
 */
export function metricRows(device: Pick<DeviceInfo, 'kind' | 'latest' | 'thresholds'>): MetricRow[] {
  const rows: MetricRow[] = [];
  const seen = new Set<string>();
  const row = (metric: string, value: number | null, threshold: Threshold | null): MetricRow => ({
    metric,
    value,
    unit: metricUnit(device.kind, metric, device.thresholds),
    digits: metricDigits(device.kind, metric),
    threshold,
  });
  for (const [metric, value] of Object.entries(device.latest ?? {})) {
    seen.add(metric);
    rows.push(row(metric, value, device.thresholds.find((t) => t.metric === metric) ?? null));
  }
  for (const t of device.thresholds) {
    if (!seen.has(t.metric)) rows.push(row(t.metric, null, t));
  }
  return rows;
}

/** A value with its unit at the metric's decimals (`12.3 ppm`, `0.05 °`); '—' for none. */
export function valueText(row: Pick<MetricRow, 'value' | 'unit' | 'digits'>): string {
  if (row.value === null) return '—';
  return `${row.value.toFixed(row.digits)} ${row.unit}`.trim();
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
