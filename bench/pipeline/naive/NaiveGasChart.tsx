import { useRef, useState } from 'react';
import type uPlot from 'uplot';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';
import type { GasTelemetry } from '../../../protocol';
import { defaultThresholdsFor } from '../../../server/rules/defaultThresholds';
import { GAS_COLOR, limitLines } from '../../../src/panels/GasTrend/buildSeries';
import { gasChartOptions } from '../../../src/panels/GasTrend/chartOptions';
import { screenColors } from '../../../src/theme/screenVars';
import type { Metrics } from '../metrics';
import { SCENE } from '../scene';

/** One reading of the charted station, as received. */
export type GasRow = GasTelemetry;

const LINES = limitLines(SCENE.gases, defaultThresholdsFor('gas', SCENE.gases));

/**
 * The baseline chart: full arrays rebuilt from state on every render and handed to uplot-react (which
 * compares them value by value and calls setData when they differ), plus a legend of latest values.
 */
const DARK = screenColors('dark');

export function NaiveGasChart({ rows, metrics }: { rows: GasRow[]; metrics: Metrics }) {
  const xRange = useRef<[number, number]>([0, 1]);
  const now = Date.now();
  xRange.current = [now - SCENE.chartSpanMs, now];
  const [options] = useState(() =>
    gasChartOptions({
      gases: SCENE.gases,
      lines: () => LINES,
      widthPx: SCENE.chartWidthPx,
      heightPx: SCENE.chartHeightPx,
      xRange: () => xRange.current,
      // The candidate panel draws in the default (dark) theme; the baseline uses the same colours.
      axisColor: DARK.textMuted,
      gridColor: DARK.grid,
      onDraw: (u: uPlot) => {
        const xs = u.data[0];
        if (xs.length > 0) metrics.applied('chart', xs[xs.length - 1]);
      },
    }),
  );
  const data: uPlot.AlignedData = [rows.map((r) => r.ts), ...SCENE.gases.map((g) => rows.map((r) => r.readings[g] ?? null))];
  const latest = rows.at(-1);
  return (
    <div>
      <div style={{ height: SCENE.legendHeightPx, display: 'flex', gap: 18, alignItems: 'center' }}>
        {SCENE.gases.map((g) => (
          <span key={g} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 14, height: 4, background: GAS_COLOR[g], borderRadius: 2 }} />
            <span style={{ fontSize: 15 }}>{g}</span>
            <span>{latest?.readings[g]?.toFixed(2) ?? '–'}</span>
          </span>
        ))}
      </div>
      <UplotReact options={options} data={data} />
    </div>
  );
}
