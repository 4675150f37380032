import uPlot from 'uplot';

/**
 * The frame of a uPlot bar chart of counts per Beijing day (alarm analysis): x values are Beijing day starts
 * expressed in UTC seconds, shown as month-day; y starts at 0 and shows at least 1. The caller adds `series`
 * (bars: {@link dayBarPaths}). Colours are the theme's axis and grid colours.
 */
export function dayBarsFrame(width: number, height: number, axisColor: string, gridColor: string): Omit<uPlot.Options, 'series'> {
  return {
    width,
    height,
    // x values are Beijing day starts expressed in UTC: show them as UTC
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      {
        stroke: axisColor,
        grid: { stroke: gridColor },
        ticks: { stroke: gridColor },
        font: '14px sans-serif',
        space: 70,
        // day starts in UTC stand for Beijing days: month-day is all a reader needs
        values: (_u, splits) => splits.map((x) => new Date(x * 1000).toISOString().slice(5, 10)),
      },
      { stroke: axisColor, grid: { stroke: gridColor }, ticks: { stroke: gridColor }, font: '14px sans-serif' },
    ],
  };
}

/** Bars of 80 % of a day's width, at most 24 px. */
export const dayBarPaths = (): uPlot.Series.PathBuilder | undefined => uPlot.paths.bars?.({ size: [0.8, 24] });

/**
 * The legend's day series of a {@link dayBarsFrame} chart, labelled `label` (translated by the caller): the
 * hovered day as month-day, blank while nothing is hovered (uPlot's own shows "--").
 */
export function dayLegendSeries(label: string): uPlot.Series {
  return { label, value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(5, 10)) };
}

/** A bar series' legend value: the hovered day's count, blank while nothing is hovered. */
export const countLegendValue = (_u: uPlot, v: number | null): string => (v == null ? '' : String(v));
