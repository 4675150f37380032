import { useEffect, useMemo, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { metricLabel } from '../../i18n/metricLabels';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { DEVICE_KIND_REGISTRY, GAS_UNIT, type GasCode, type Threshold } from '../../../protocol';
import { RefusedMessage, useBoardClock, useDevices, useSeries, useTelemetryTopic } from '../../panelData';
import { LEVEL_COLOR, maxJoinedGapMs, PanelMessage, thresholdLevel, toAlignedData, useScreenMode, useThemeColors, ValueWithUnit } from '../../components';
import type { PanelProps } from '../types';
import type { GasTrendConfig } from './index';
import { chartGases, chartLimitLines, gasColors, limitLines } from './buildSeries';
import { gasChartOptions } from './chartOptions';

const LEGEND_HEIGHT = 40;
const NO_THRESHOLDS: Threshold[] = [];


/** Gap between the small charts, page px. */
const GAP = 10;

/** Columns × rows of the small multiples for `n` charts in a `width`-wide panel. */
export function gridOf(n: number, width: number): { cols: number; rows: number } {
  const cols = n > 1 && width >= 600 ? 2 : 1;
  return { cols, rows: Math.max(1, Math.ceil(n / cols)) };
}

/**
 * Gas trend of one station over the window ending at the board clock (now, or the replay instant), as
 * small multiples: one chart per gas, so every y axis has one unit and every chart at most two limit lines
 * (chartLimitLines), their labels clear of the dashes. Each chart is a uPlot instance owned by a ref; the
 * one frame scheduler asks the panel-data source for an M4 window at a chart's pixel width when the
 * station has new points, the window must slide or the replay instant moved (useSeries); points never
 * pass through React state or MobX. Each chart's heading shows the gas's translated name and its last
 * value as of the clock, coloured by threshold.
 */
export const GasTrendPanel = observer(function GasTrendPanel({ config, width, height }: PanelProps<GasTrendConfig>) {
  const devices = useDevices();
  const clock = useBoardClock();
  const { i18n } = useLingui();
  const device = devices.get(config.sn);
  const thresholds = device?.thresholds ?? NO_THRESHOLDS;
  const gasesKey = chartGases(config.gases, thresholds, device?.latest ?? null).join(',');
  const gases = useMemo(() => gasesKey.split(',') as GasCode[], [gasesKey]);
  const lines = useMemo(() => limitLines(gases, thresholds), [gases, thresholds]);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const hostsRef = useRef<Array<HTMLDivElement | null>>([]);
  const panelRef = useRef<HTMLDivElement>(null);
  const plotsRef = useRef<uPlot[]>([]);
  const xRangeRef = useRef<[number, number]>([0, 0]);
  const windowMs = config.windowMin * 60_000;
  const { cols, rows } = gridOf(gases.length, width);
  const chartW = Math.max(100, Math.floor((width - GAP * (cols - 1)) / cols));
  const chartH = Math.max(60, Math.floor((height - GAP * (rows - 1)) / rows) - LEGEND_HEIGHT);
  // uPlot paints on a canvas: axis and grid colours are resolved values, and a theme change rebuilds the plot.
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  const seriesColors = gasColors(useScreenMode());
  const refusal = useTelemetryTopic('gas');

  const reportPeriodRef = useRef(0);
  reportPeriodRef.current = device?.reportPeriodS ?? 0;
  const plotWidthPx = () => (plotsRef.current[0] ? plotsRef.current[0].bbox.width / uPlot.pxRatio : chartW);

  useSeries(
    { sn: config.sn, metrics: gases, windowMs, widthPx: plotWidthPx },
    (frame, range) => {
      xRangeRef.current[0] = range[0];
      xRangeRef.current[1] = range[1];
      // a silence longer than this breaks the line rather than joining its two sides
      const maxGapMs = maxJoinedGapMs(frame.x, reportPeriodRef.current, range[1] - range[0], plotWidthPx());
      plotsRef.current.forEach((u, i) => u.setData(toAlignedData(frame.x, [frame.ys[i]], maxGapMs) as uPlot.AlignedData));
    },
    panelRef,
  );

  // One uPlot per gas per (station, gases, window); size changes go through setSize.
  useEffect(() => {
    const now = clock.now();
    xRangeRef.current = [now - windowMs, now];
    const plots: uPlot[] = [];
    gases.forEach((g, i) => {
      const host = hostsRef.current[i];
      if (!host) return;
      const opts = gasChartOptions({
        gases: [g],
        lines: () => chartLimitLines(g, linesRef.current),
        widthPx: chartW,
        heightPx: chartH,
        xRange: () => xRangeRef.current,
        axisColor,
        gridColor,
        seriesColors,
      });
      plots.push(new uPlot(opts, [new Float64Array(0), []], host));
    });
    plotsRef.current = plots;
    return () => {
      for (const u of plots) u.destroy();
      plotsRef.current = [];
    };
    // width/height are deliberately not dependencies: the effect below resizes without rebuilding
  }, [config.sn, gases, windowMs, axisColor, gridColor, seriesColors]);

  useEffect(() => {
    for (const u of plotsRef.current) u.setSize({ width: chartW, height: chartH });
  }, [chartW, chartH]);

  useEffect(() => {
    for (const u of plotsRef.current) u.redraw(false);
  }, [lines]);

  if (refusal) return <RefusedMessage reason={refusal} />;
  if (!device && !devices.loading) {
    const sn = config.sn;
    return (
      <PanelMessage>
        <Trans>Device {sn} is not in this project</Trans>
      </PanelMessage>
    );
  }
  return (
    <div ref={panelRef} style={{ height: '100%', display: 'grid', gridTemplateColumns: `repeat(${cols}, 1fr)`, gridAutoRows: `${chartH + LEGEND_HEIGHT}px`, gap: GAP }}>
      {gases.map((g, i) => {
        const v = device?.latest?.[g];
        const level = thresholdLevel(v, thresholds.find((t) => t.metric === g));
        const label = metricLabel(i18n, 'gas', g);
        return (
          <div key={g} data-gas-chart={g} style={{ minWidth: 0 }}>
            <div data-gas={g} style={{ height: LEGEND_HEIGHT, display: 'flex', gap: 8, alignItems: 'center', overflow: 'hidden', whiteSpace: 'nowrap' }}>
              <span aria-hidden style={{ width: 14, height: 4, background: seriesColors[g], borderRadius: 2, flex: '0 0 auto' }} />
              <span style={{ fontSize: 20, overflowX: 'clip', textOverflow: 'ellipsis' }} title={label}>
                {label}
              </span>
              <ValueWithUnit value={v} unit={GAS_UNIT[g]} digits={DEVICE_KIND_REGISTRY.metric('gas', g)?.digits ?? 2} color={level ? LEVEL_COLOR[level] : undefined} />
            </div>
            <div
              ref={(el) => {
                hostsRef.current[i] = el;
              }}
            />
          </div>
        );
      })}
    </div>
  );
});
