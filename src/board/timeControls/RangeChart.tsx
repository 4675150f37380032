import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PanelDataSource, SeriesFrame } from '../../panelData';
import { beijingAxisLabels, BEIJING_TZ, formatBeijing } from '../../format/time';
import { metricLabel } from '../../i18n/metricLabels';
import { SCREEN } from '../../theme/theme';
import { maxJoinedGapMs, toAlignedData } from '../../components';

/** Pixel columns asked of the replay worker for the chart (M4 keeps each column's min and max). */
const CHART_WIDTH_PX = 720;
const COLORS = ['#38bdf8', '#f59e0b', '#a3e635', '#f472b6', '#c084fc', '#f87171'];

/**
 * A device's metrics over the replay's whole range [fromMs, toMs] (M4-downsampled by the replay worker),
 * with the instant marked, for the device detail dialog of a board in replay. Times in Beijing time.
 */
export function RangeChart({ source, sn, kind, metrics, reportPeriodS }: { source: PanelDataSource; sn: string; kind: string; metrics: string[]; reportPeriodS: number }) {
  const { i18n, t } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const [frame, setFrame] = useState<SeriesFrame | null>(null);
  const clock = source.clock as { fromMs?: number; toMs?: number; now(): number };
  const fromMs = clock.fromMs ?? clock.now() - 3_600_000;
  const toMs = clock.toMs ?? clock.now();
  const key = metrics.join(',');
  useEffect(() => {
    let live = true;
    source
      .window({ sn, metrics: key ? key.split(',') : [], fromMs, toMs, widthPx: CHART_WIDTH_PX })
      .then((f) => live && setFrame(f))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [source, sn, key, fromMs, toMs]);
  useEffect(() => {
    const el = host.current;
    if (!frame || !el || frame.x.length === 0) return;
    const at = source.clock.now() / 1000;
    // a silence longer than the device's offline period (or the data's own spacing) breaks the line
    const [xMs, ...ys] = toAlignedData(frame.x, frame.ys, maxJoinedGapMs(frame.x, reportPeriodS, toMs - fromMs, CHART_WIDTH_PX));
    const u = new uPlot(
      {
        width: Math.max(320, el.clientWidth || 640),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), BEIJING_TZ),
        scales: { x: { time: true, range: [fromMs / 1000, toMs / 1000] } },
        axes: [
          { stroke: SCREEN.textMuted, grid: { stroke: 'rgba(128,128,128,0.2)' }, values: (_u, splits, _ax, _space, incr) => beijingAxisLabels(splits, incr) },
          { stroke: SCREEN.textMuted, grid: { stroke: 'rgba(128,128,128,0.2)' } },
        ],
        // the legend reads the hovered instant and values; blank rather than "--" while nothing is hovered
        series: [
          { label: t`Time`, value: (_u, v) => (v == null ? '' : formatBeijing(v * 1000, 'MM-DD HH:mm:ss')) },
          ...frame.metrics.map((m, i) => ({
            label: metricLabel(i18n, kind, m),
            stroke: COLORS[i % COLORS.length],
            width: 2,
            spanGaps: false,
            value: (_u: uPlot, v: number | null) => (v == null ? '' : String(v)),
          })),
        ],
        hooks: {
          draw: [
            (p: uPlot) => {
              const x = p.valToPos(at, 'x', true);
              const ctx = p.ctx;
              ctx.save();
              ctx.strokeStyle = '#fbbf24';
              ctx.lineWidth = 2;
              ctx.beginPath();
              ctx.moveTo(x, p.bbox.top);
              ctx.lineTo(x, p.bbox.top + p.bbox.height);
              ctx.stroke();
              ctx.restore();
            },
          ],
        },
      },
      [Array.from(xMs, (x) => x / 1000), ...ys] as uPlot.AlignedData,
      el,
    );
    return () => u.destroy();
  }, [frame, i18n, kind, fromMs, toMs, source, reportPeriodS]);
  return (
    <section data-range-chart={sn} style={{ marginTop: 12 }}>
      <h3 style={{ fontSize: 16, margin: '0 0 4px' }}>
        <Trans>Over the replayed range</Trans>
      </h3>
      {frame && frame.x.length === 0 ? (
        <p>
          <Trans>No readings in this range</Trans>
        </p>
      ) : null}
      <div ref={host} />
    </section>
  );
}
