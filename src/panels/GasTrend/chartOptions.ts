import type uPlot from 'uplot';
import type { GasCode } from '../../../protocol';
import { beijingWallDate, formatBeijingHourMinute } from '../../format/time';
import { drawLimitLines } from '../../components/charts/drawLimitLines';
import { GAS_COLOR, scaleKeyOf, scaleKeys, scaleLabel, scaleRange, type LimitLine } from './buildSeries';

/**
 * uPlot options of the gas trend chart: a Beijing-time x axis (ms since epoch, 24-hour labels), one y scale
 * per unit (ppm left, %vol and mg/m³ right), a series per gas, and dashed warning/alarm limit lines.
 * `lines` and `xRange` are read at every draw, so limits and the sliding window change without a rebuild.
 * Shared by the panel and the benchmark's baseline, so both draw the same pixels.
 */
export function gasChartOptions(opts: {
  gases: readonly GasCode[];
  lines: () => readonly LimitLine[];
  widthPx: number;
  heightPx: number;
  xRange: () => [number, number];
  axisColor: string;
  gridColor: string;
  /** Series colour per gas (gasColors(mode)); default the dark board's. */
  seriesColors?: Record<GasCode, string>;
  onDraw?: (u: uPlot) => void;
}): uPlot.Options {
  const keys = scaleKeys(opts.gases);
  const scales: uPlot.Scales = { x: { time: true, range: () => opts.xRange() } };
  for (const k of keys) scales[k] = { range: (_u, min, max) => scaleRange(k, min, max, opts.lines()) };
  const { axisColor, gridColor } = opts;
  return {
    width: opts.widthPx,
    height: opts.heightPx,
    ms: 1,
    // Fixed-offset Beijing time: uPlot asks for it per tick at every redraw, and the Intl zone lookup of
    // uPlot.tzDate / dayjs.tz cost more than the rest of the chart's drawing.
    tzDate: beijingWallDate,
    legend: { show: false },
    cursor: { show: false },
    scales,
    series: [{}, ...opts.gases.map((g) => ({ label: g, scale: scaleKeyOf(g), stroke: (opts.seriesColors ?? GAS_COLOR)[g], width: 2, points: { show: false } }))],
    axes: [
      {
        stroke: axisColor,
        grid: { stroke: gridColor },
        ticks: { stroke: gridColor },
        font: '18px sans-serif',
        // Site clocks read 24-hour Beijing time (docs/product.md "Validation and display"), not the browser's locale format.
        values: (_u: uPlot, splits: number[]) => splits.map(formatBeijingHourMinute),
        size: 36,
      },
      ...keys.map((k, i) => ({
        scale: k,
        side: i === 0 ? 3 : 1,
        label: scaleLabel(k),
        labelFont: '18px sans-serif',
        font: '18px sans-serif',
        stroke: axisColor,
        grid: { show: i === 0, stroke: gridColor },
        ticks: { stroke: gridColor },
        size: 64,
        labelSize: 24,
      })),
    ],
    hooks: {
      draw: [
        (u: uPlot) => {
          drawLimitLines(u, opts.lines());
          opts.onDraw?.(u);
        },
      ],
    },
  };
}
