import uPlot from 'uplot';
import type { GasCode } from '../../protocol';
import { BEIJING_TZ } from '../../src/format/time';
import { drawLimitLines } from '../../src/panels/GasTrend/drawLimitLines';
import { GAS_COLOR, scaleKeyOf, scaleKeys, scaleLabel, scaleRange, type LimitLine } from '../../src/panels/GasTrend/buildSeries';

const AXIS_COLOR = '#8aa0c2';
const GRID_COLOR = 'rgba(138, 160, 194, 0.15)';


/**
 * The uPlot options of src/panels/GasTrend/GasTrendPanel.tsx (scales, axes, series, limit lines), for the
 * baseline chart: the same drawing fed the naive way. `xRange` is read at every draw (the last window).
 */
export function gasChartOptions(opts: {
  gases: readonly GasCode[];
  lines: readonly LimitLine[];
  widthPx: number;
  heightPx: number;
  xRange: () => [number, number];
  onDraw: (u: uPlot) => void;
}): uPlot.Options {
  const keys = scaleKeys(opts.gases);
  const scales: uPlot.Scales = { x: { time: true, range: () => opts.xRange() } };
  for (const k of keys) scales[k] = { range: (_u, min, max) => scaleRange(k, min, max, opts.lines) };
  return {
    width: opts.widthPx,
    height: opts.heightPx,
    ms: 1,
    tzDate: (ts) => uPlot.tzDate(new Date(ts), BEIJING_TZ),
    legend: { show: false },
    cursor: { show: false },
    scales,
    series: [{}, ...opts.gases.map((g) => ({ label: g, scale: scaleKeyOf(g), stroke: GAS_COLOR[g], width: 2, points: { show: false } }))],
    axes: [
      { stroke: AXIS_COLOR, grid: { stroke: GRID_COLOR }, ticks: { stroke: GRID_COLOR }, font: '13px sans-serif' },
      ...keys.map((k, i) => ({
        scale: k,
        side: i === 0 ? 3 : 1,
        label: scaleLabel(k),
        labelFont: '13px sans-serif',
        font: '13px sans-serif',
        stroke: AXIS_COLOR,
        grid: { show: i === 0, stroke: GRID_COLOR },
        ticks: { stroke: GRID_COLOR },
        size: 56,
      })),
    ],
    hooks: {
      draw: [
        (u: uPlot) => {
          drawLimitLines(u, opts.lines);
          opts.onDraw(u);
        },
      ],
    },
  };
}
