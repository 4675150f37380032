import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { beijingAxisLabels, beijingWallDate } from '../../format/time';
import { useThemeColors } from '../../theme/screenVars';
import { drawLimitLines } from '../charts/drawLimitLines';
import { TREND_COLOR, TREND_SCALE, trendScaleRange, trendScales, type TrendLimitLine, type TrendMetric } from './trendSeries';

/**
 * An air-quality trend (uPlot, as the other charts): one line per metric over [fromMs, toMs] in Beijing
 * time, particulates in µg/m³ on the left axis, TSP and noise on their own right axes, the limits as
 * dashed warning and alarm lines with their value at the right end. `fontPx`: axis and limit text, in the
 * page's px (20 keeps 12 px on a 1920×1080 board shown at 1366×768).
 */
export function AirQualityChart(props: {
  metrics: readonly TrendMetric[];
  labels: Record<TrendMetric, string>;
  data: [number[], ...(number | null)[][]];
  max: Record<string, number>;
  lines: readonly TrendLimitLine[];
  fromMs: number;
  toMs: number;
  width: number;
  height: number;
  fontPx?: number;
}) {
  const { metrics, labels, data, max, lines, fromMs, toMs, width, height, fontPx = 20 } = props;
  const host = useRef<HTMLDivElement | null>(null);
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  useEffect(() => {
    const el = host.current;
    if (!el || width < 40 || height < 40) return;
    const font = `${fontPx}px sans-serif`;
    const keys = trendScales(metrics);
    const scales: uPlot.Scales = { x: { time: true, range: () => [fromMs, toMs] } };
    for (const k of keys) scales[k] = { range: () => trendScaleRange(k, max[k], lines) };
    const u = new uPlot(
      {
        width,
        height,
        ms: 1,
        tzDate: beijingWallDate,
        legend: { show: false },
        cursor: { show: false },
        scales,
        series: [{}, ...metrics.map((m) => ({ label: labels[m], scale: TREND_SCALE[m], stroke: TREND_COLOR[m], width: 2, points: { show: false } }))],
        axes: [
          {
            stroke: axisColor,
            grid: { stroke: gridColor },
            ticks: { stroke: gridColor },
            font,
            size: fontPx * 2,
            space: fontPx * 6,
            values: (_u: uPlot, splits: number[], _i: number, _s: number, incr: number) => beijingAxisLabels(splits.map((s) => s / 1000), incr / 1000),
          },
          ...keys.map((k, i) => ({
            scale: k,
            side: i === 0 ? 3 : 1,
            label: k,
            labelFont: font,
            labelSize: fontPx + 6,
            font,
            stroke: axisColor,
            grid: { show: i === 0, stroke: gridColor },
            ticks: { stroke: gridColor },
            size: fontPx * 3.2,
          })),
        ],
        hooks: { draw: [(p: uPlot) => drawLimitLines(p, lines)] },
      },
      data as uPlot.AlignedData,
      el,
    );
    return () => u.destroy();
  }, [metrics, labels, data, max, lines, fromMs, toMs, width, height, fontPx, axisColor, gridColor]);
  return <div ref={host} data-air-quality-chart />;
}
