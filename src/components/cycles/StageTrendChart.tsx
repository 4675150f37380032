import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useLingui } from '@lingui/react/macro';
import type { CycleAnalysis, CycleStage } from '../../../protocol';
import { beijingAxisLabels } from '../../format/time';
import { useThemeColors } from '../../theme/screenVars';
import { STAGE_LABEL } from './stageText';

/** Palette of the headings' lines. */
const HEADING_COLOURS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#a855f7', '#14b8a6'];

/**
 * Trend by stage: the hours `stage` took in each round of the week (cycles/analysis `trend`), one line
 * per heading, x the round's start (uPlot, as the other charts).
 */
export function StageTrendChart({ analysis, stage, width, height, fontPx = 13 }: { analysis: CycleAnalysis; stage: CycleStage; width: number; height: number; fontPx?: number }) {
  const host = useRef<HTMLDivElement | null>(null);
  const { i18n } = useLingui();
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const headings = [...new Set(analysis.trend.map((t) => t.headingId))].sort();
    const xs = [...new Set(analysis.trend.map((t) => Math.floor(t.startMs / 1000)))].sort((a, b) => a - b);
    const data: uPlot.AlignedData = [
      xs,
      ...headings.map((h) => xs.map((x) => analysis.trend.find((t) => t.headingId === h && Math.floor(t.startMs / 1000) === x)?.stageHours[stage] ?? null)),
    ];
    const u = new uPlot(
      {
        width: Math.max(240, width),
        height: Math.max(120, height),
        legend: { show: true },
        scales: { x: { time: true } },
        axes: [
          { stroke: axisColor, grid: { stroke: gridColor }, font: `${fontPx}px sans-serif`, values: (_u, splits, _i, _s, incr) => beijingAxisLabels(splits, incr) },
          { stroke: axisColor, grid: { stroke: gridColor }, font: `${fontPx}px sans-serif`, label: 'h', labelFont: `${fontPx}px sans-serif` },
        ],
        series: [
          { label: i18n._(STAGE_LABEL[stage]) },
          ...headings.map((h, i) => ({ label: h, stroke: HEADING_COLOURS[i % HEADING_COLOURS.length], width: 2, spanGaps: true, points: { show: true, size: 6 } })),
        ],
      },
      data,
      el,
    );
    return () => u.destroy();
  }, [analysis, stage, width, height, fontPx, axisColor, gridColor, i18n]);
  return <div ref={host} data-stage-trend={stage} />;
}
