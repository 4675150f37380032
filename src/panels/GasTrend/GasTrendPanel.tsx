import { useEffect, useMemo, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { GAS_UNIT, type GasCode, type Threshold } from '../../../protocol';
import { useStores } from '../../stores';
import { LEVEL_COLOR, PanelMessage, thresholdLevel, useScreenMode, useThemeColors, ValueWithUnit } from '../../components';
import type { PanelProps } from '../types';
import type { GasTrendConfig } from './index';
import { chartGases, gasColors, limitLines, toAlignedData } from './buildSeries';
import { gasChartOptions } from './chartOptions';

/** The window slides (and is redrawn without new data) at least this often, in ms. */
const SLIDE_MS = 1000;
const LEGEND_HEIGHT = 34;
const NO_THRESHOLDS: Threshold[] = [];


/**
 * Gas trend of one station. The chart is a uPlot instance owned by a ref: each animation frame it asks
 * the worker for an M4 window at the plot's pixel width, but only when the station has new points or
 * the window must slide (SLIDE_MS); points never pass through React state or MobX. The legend shows the
 * latest values at DeviceStore's pace, coloured by threshold.
 */
export const GasTrendPanel = observer(function GasTrendPanel({ config, width, height }: PanelProps<GasTrendConfig>) {
  const { devices, live } = useStores();
  const device = devices.get(config.sn);
  const thresholds = device?.thresholds ?? NO_THRESHOLDS;
  const gasesKey = chartGases(config.gases, thresholds, device?.latest ?? null).join(',');
  const gases = useMemo(() => gasesKey.split(',') as GasCode[], [gasesKey]);
  const lines = useMemo(() => limitLines(gases, thresholds), [gases, thresholds]);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const windowMs = config.windowMin * 60_000;
  const chartHeight = Math.max(60, height - LEGEND_HEIGHT);
  const epoch = live.epoch;
  // uPlot paints on a canvas: axis and grid colours are resolved values, and a theme change rebuilds the plot.
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  const seriesColors = gasColors(useScreenMode());

  useEffect(() => live.retainTelemetry('gas'), [live, epoch]);
  useEffect(() => live.openWindow({ sn: config.sn, metrics: gases, windowMs }), [live, epoch, config.sn, gases, windowMs]);

  // One uPlot per (station, gases, window); size changes go through setSize.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const xRange: [number, number] = [Date.now() - windowMs, Date.now()];
    const opts = gasChartOptions({
      gases,
      lines: () => linesRef.current,
      widthPx: Math.max(100, width),
      heightPx: chartHeight,
      xRange: () => xRange,
      axisColor,
      gridColor,
      seriesColors,
    });
    const u = new uPlot(opts, [new Float64Array(0), ...gases.map(() => [])], host);
    plotRef.current = u;

    let raf = 0;
    let lastVersion = -1;
    let lastFetch = 0;
    let inflight = false;
    let disposed = false;
    const tick = () => {
      raf = requestAnimationFrame(tick);
      if (inflight) return;
      const now = Date.now();
      const version = live.versionOf(config.sn);
      if (version === lastVersion && now - lastFetch < SLIDE_MS) return;
      inflight = true;
      lastVersion = version;
      lastFetch = now;
      const fromMs = now - windowMs;
      const widthPx = Math.max(1, Math.round(u.bbox.width / uPlot.pxRatio));
      live
        .window({ sn: config.sn, metrics: gases, fromMs, toMs: now, widthPx })
        .then((frame) => {
          if (disposed) return;
          xRange[0] = fromMs;
          xRange[1] = now;
          u.setData(toAlignedData(frame.x, frame.ys) as uPlot.AlignedData);
        })
        .catch(() => {
          // pipeline stopping or restarting: the next frame asks again
        })
        .finally(() => (inflight = false));
    };
    raf = requestAnimationFrame(tick);
    return () => {
      disposed = true;
      cancelAnimationFrame(raf);
      u.destroy();
      plotRef.current = null;
    };
    // width/height are deliberately not dependencies: the effect below resizes without rebuilding
  }, [live, config.sn, gases, windowMs, axisColor, gridColor, seriesColors]);

  useEffect(() => {
    plotRef.current?.setSize({ width: Math.max(100, width), height: chartHeight });
  }, [width, chartHeight]);

  useEffect(() => {
    plotRef.current?.redraw(false);
  }, [lines]);

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
              <span style={{ fontSize: 15 }}>{g}</span>
              <ValueWithUnit value={v} unit={GAS_UNIT[g]} digits={2} color={level ? LEVEL_COLOR[level] : undefined} />
            </span>
          );
        })}
      </div>
      <div ref={hostRef} style={{ flex: 1, minHeight: 0 }} />
    </div>
  );
});
