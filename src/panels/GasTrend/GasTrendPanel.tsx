import { useEffect, useMemo, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { metricLabel } from '../../i18n/metricLabels';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { DEVICE_KIND_REGISTRY, GAS_UNIT, type GasCode, type Threshold } from '../../../protocol';
import { RefusedMessage, useBoardClock, useDevices, useSeries, useTelemetryTopic } from '../../panelData';
import { LEVEL_COLOR, PanelMessage, thresholdLevel, useScreenMode, useThemeColors, ValueWithUnit } from '../../components';
import type { PanelProps } from '../types';
import type { GasTrendConfig } from './index';
import { chartGases, gasColors, limitLines, toAlignedData } from './buildSeries';
import { gasChartOptions } from './chartOptions';

const LEGEND_HEIGHT = 40;
const NO_THRESHOLDS: Threshold[] = [];

/** The formula of a gas label ("O₂" of "Oxygen (O₂)"), or the whole label ("Dust"). */
function shortGasLabel(label: string): string {
  return /\(([^)]+)\)\s*$/.exec(label)?.[1] ?? label;
}

/**
 * Gas trend of one station over the window ending at the board clock (now, or the replay instant). The
 * chart is a uPlot instance owned by a ref; the one frame scheduler asks the panel-data source for an M4
 * window at the plot's pixel width when the station has new points, the window must slide or the replay
 * instant moved (useSeries); points never pass through React state or MobX. The legend shows the last
 * values as of the clock, coloured by threshold.
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
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const xRangeRef = useRef<[number, number]>([0, 0]);
  const windowMs = config.windowMin * 60_000;
  const chartHeight = Math.max(60, height - LEGEND_HEIGHT);
  // uPlot paints on a canvas: axis and grid colours are resolved values, and a theme change rebuilds the plot.
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  const seriesColors = gasColors(useScreenMode());
  const refusal = useTelemetryTopic('gas');

  useSeries(
    { sn: config.sn, metrics: gases, windowMs, widthPx: () => (plotRef.current ? plotRef.current.bbox.width / uPlot.pxRatio : width) },
    (frame, range) => {
      const u = plotRef.current;
      if (!u) return;
      xRangeRef.current[0] = range[0];
      xRangeRef.current[1] = range[1];
      u.setData(toAlignedData(frame.x, frame.ys) as uPlot.AlignedData);
    },
    hostRef,
  );

  // One uPlot per (station, gases, window); size changes go through setSize.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const now = clock.now();
    xRangeRef.current = [now - windowMs, now];
    const opts = gasChartOptions({
      gases,
      lines: () => linesRef.current,
      widthPx: Math.max(100, width),
      heightPx: chartHeight,
      xRange: () => xRangeRef.current,
      axisColor,
      gridColor,
      seriesColors,
    });
    const u = new uPlot(opts, [new Float64Array(0), ...gases.map(() => [])], host);
    plotRef.current = u;
    return () => {
      u.destroy();
      plotRef.current = null;
    };
    // width/height are deliberately not dependencies: the effect below resizes without rebuilding
  }, [config.sn, gases, windowMs, axisColor, gridColor, seriesColors]);

  useEffect(() => {
    plotRef.current?.setSize({ width: Math.max(100, width), height: chartHeight });
  }, [width, chartHeight]);

  useEffect(() => {
    plotRef.current?.redraw(false);
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
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <div style={{ height: LEGEND_HEIGHT, display: 'flex', gap: 18, alignItems: 'center', overflow: 'hidden' }}>
        {gases.map((g) => {
          const v = device?.latest?.[g];
          const level = thresholdLevel(v, thresholds.find((t) => t.metric === g));
          return (
            <span key={g} data-gas={g} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span aria-hidden style={{ width: 14, height: 4, background: seriesColors[g], borderRadius: 2 }} />
              <span style={{ fontSize: 18 }} title={metricLabel(i18n, 'gas', g)}>
                {shortGasLabel(metricLabel(i18n, 'gas', g))}
              </span>
              <ValueWithUnit value={v} unit={GAS_UNIT[g]} digits={DEVICE_KIND_REGISTRY.metric('gas', g)?.digits ?? 2} color={level ? LEVEL_COLOR[level] : undefined} />
            </span>
          );
        })}
      </div>
      <div ref={hostRef} style={{ flex: 1, minHeight: 0 }} />
    </div>
  );
});
