import { NOISE_NIGHT, type DeviceInfo, type SeriesResponse } from '../../../protocol';
import type { ChartLimitLine } from '../charts/drawLimitLines';
import { thresholdOf } from './environmentView';

/** The readings an air-quality trend may draw (environment metric keys). */
export const TREND_METRICS = ['pm10', 'pm25', 'tsp', 'noise'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];

/** The ranges of the trend's switch, back from the board clock. */
export const TREND_RANGES = ['24h', '7d', '30d'] as const;
export type TrendRange = (typeof TREND_RANGES)[number];
/** Span of each range, ms. */
export const TREND_RANGE_MS: Record<TrendRange, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/** The y scale of each metric: particulates in µg/m³ share one (left), TSP in mg/m³ and noise in dB(A) each their own (right). */
export const TREND_SCALE: Record<TrendMetric, string> = { pm10: 'µg/m³', pm25: 'µg/m³', tsp: 'mg/m³', noise: 'dB(A)' };

/** Series colours, distinguishable on the dark and the light board. */
export const TREND_COLOR: Record<TrendMetric, string> = { pm10: '#f59e0b', pm25: '#3b82f6', tsp: '#a855f7', noise: '#14b8a6' };

/** The scales `metrics` need, in axis order (the first on the left). */
export function trendScales(metrics: readonly TrendMetric[]): string[] {
  return [...new Set(metrics.map((m) => TREND_SCALE[m]))];
}

/** A limit line with the text drawn at its end. */
export type TrendLimitLine = ChartLimitLine & { label: string };

/**
 * The limit lines of `metrics` on `device`: each particulate's warning and alarm limit (the device's own
 * thresholds, else the kind's defaults), and noise's day and night alarm limits (GB 12523), labelled with
 * `dayNight(value, night)`.
 */
export function trendLimitLines(device: DeviceInfo, metrics: readonly TrendMetric[], dayNight: (value: number, night: boolean) => string): TrendLimitLine[] {
  const out: TrendLimitLine[] = [];
  for (const m of metrics) {
    if (m === 'noise') {
      for (const [metric, night] of [['noise', false], [NOISE_NIGHT, true]] as const) {
        const v = thresholdOf(device, metric)?.alarmHigh;
        if (v != null) out.push({ scale: TREND_SCALE.noise, value: v, level: 'alarm', label: dayNight(v, night) });
      }
      continue;
    }
    const t = thresholdOf(device, m);
    if (t?.warnHigh != null) out.push({ scale: TREND_SCALE[m], value: t.warnHigh, level: 'warning', label: `${t.warnHigh}` });
    if (t?.alarmHigh != null) out.push({ scale: TREND_SCALE[m], value: t.alarmHigh, level: 'alarm', label: `${t.alarmHigh}` });
  }
  // two particulates on one scale may share a value: one line each value and level
  return out.filter((l, i) => out.findIndex((o) => o.scale === l.scale && o.value === l.value && o.level === l.level) === i);
}

/**
 * uPlot's aligned data of one monitor's answer: x in ms, a column per metric (null where the range has
 * no reading: a gap), and the largest value of each scale (for its range, so the limits stay in view).
 */
export function trendData(res: SeriesResponse | null, metrics: readonly TrendMetric[]): { data: [number[], ...(number | null)[][]]; max: Record<string, number> } {
  const s = res?.series[0];
  const ts = s?.ts ?? [];
  const cols = metrics.map((m) => s?.values[m] ?? ts.map(() => null));
  const max: Record<string, number> = {};
  metrics.forEach((m, i) => {
    for (const v of cols[i]) if (v !== null && v > (max[TREND_SCALE[m]] ?? -Infinity)) max[TREND_SCALE[m]] = v;
  });
  return { data: [ts, ...cols], max };
}

/** A y range from 0 to above both the highest value and the highest limit line of `scale` (10 % headroom). */
export function trendScaleRange(scale: string, dataMax: number | undefined, lines: readonly ChartLimitLine[]): [number, number] {
  const top = Math.max(dataMax ?? 0, ...lines.filter((l) => l.scale === scale).map((l) => l.value));
  return [0, top > 0 ? top * 1.1 : 1];
}
