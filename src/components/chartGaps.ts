import { DEFAULT_OFFLINE_PERIODS } from '../../protocol';

/* Where a time-series chart breaks its line: the gas trend, the replay range chart and the run data. */

/**
 * The largest spacing (ms) between two drawn points still joined by a line; a longer silence breaks the line
 * (toAlignedData). The widest of: the silence that marks the device offline (DEFAULT_OFFLINE_PERIODS
 * report periods, docs/domain.md), two M4 buckets of the chart (windowMs / widthPx each: the last point of
 * one pixel column and the first of the next may sit almost two columns apart), and three times the
 * frame's median spacing (a replay read from minute or hour rollups is spaced by its resolution, not by
 * the report period).
 * @param x the chart's times (ms since epoch, ascending)
 * @param reportPeriodS the device's expected report period (s); 0 or less when unknown
 */
export function maxJoinedGapMs(x: ArrayLike<number>, reportPeriodS: number, windowMs: number, widthPx: number): number {
  const offline = reportPeriodS > 0 ? DEFAULT_OFFLINE_PERIODS * reportPeriodS * 1000 : 0;
  const buckets = widthPx > 0 ? (2 * windowMs) / widthPx : 0;
  let spacing = 0;
  if (x.length >= 3) {
    const dx = new Float64Array(x.length - 1);
    for (let i = 1; i < x.length; i++) dx[i - 1] = x[i] - x[i - 1];
    dx.sort();
    spacing = 3 * dx[dx.length >> 1];
  }
  return Math.max(offline, buckets, spacing);
}

/**
 * uPlot's aligned data from a series (times in ms since epoch, ascending; ys one array per metric, as long
 * as x): NaN or null (an absent reading) becomes null, which uPlot draws as a gap, and where two
 * neighbouring points lie more than `maxGapMs` apart (a sensor that went quiet, a server that was down) a
 * row of nulls half-way between them breaks the line instead of drawing a straight segment across the
 * silence. Without `maxGapMs` no row is added. The times stay in ms: a chart in seconds divides them.
 */
export function toAlignedData(
  x: ArrayLike<number>,
  ys: ReadonlyArray<ArrayLike<number | null>>,
  maxGapMs = Infinity,
): [Float64Array, ...Array<Array<number | null>>] {
  let breaks = 0;
  for (let i = 1; i < x.length; i++) if (x[i] - x[i - 1] > maxGapMs) breaks++;
  // without a break a worker frame's times are used as they are (a live chart sets data at every frame)
  const xs = breaks === 0 && x instanceof Float64Array ? x : new Float64Array(x.length + breaks);
  const series = ys.map(() => new Array<number | null>(x.length + breaks));
  let o = 0;
  for (let i = 0; i < x.length; i++) {
    if (i > 0 && x[i] - x[i - 1] > maxGapMs) {
      xs[o] = (x[i - 1] + x[i]) / 2;
      for (const out of series) out[o] = null;
      o++;
    }
    if (xs !== x) xs[o] = x[i];
    for (let k = 0; k < ys.length; k++) {
      const v = ys[k][i];
      series[k][o] = v === null || Number.isNaN(v) ? null : v;
    }
    o++;
  }
  return [xs, ...series];
}
