import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, ToggleButton } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { DEVICE_KIND_REGISTRY, HISTORY, type DeviceInfo } from '../../../protocol';
import { useQuery } from '../../stores';
import { useProjectId } from '../../app/shell/useProjectId';
import { useBoardClock } from '../../panelData';
import { maxJoinedGapMs, STATUS_COLOR, toAlignedData, useThemeColors } from '../../components';
import { isFlag } from '../../components/equipment/flags';
import { metricLabel } from '../../i18n/metricLabels';
import { beijingAxisLabels } from '../../format/time';
import { TabMessage } from './parts';

/** Preset ranges of the run-data tab, hours back from the board clock. */
export const RUN_DATA_RANGES_H = [1, 6, 24] as const;
/** Most metrics charted at once (one small chart each). */
const MAX_CHARTS = 4;
/** Pixel columns the server downsamples a run-data series to (M4). */
const RUN_DATA_WIDTH_PX = 900;
const CHART_H = 130;
const LINE_COLOURS = ['#38bdf8', '#a78bfa', '#f472b6', '#facc15'];

/**
 * The metrics a run-data chart can show for `kind`: its numeric metrics (not the on/off states), and the
 * ones preselected: those with a threshold on the device, then loads, up to MAX_CHARTS.
 */
export function chartableMetrics(kind: string, thresholded: readonly string[]): { all: string[]; preselected: string[] } {
  const metrics = DEVICE_KIND_REGISTRY.get(kind)?.metrics ?? [];
  const all = metrics.filter((m) => !isFlag(m)).map((m) => m.key);
  const first = [...all.filter((k) => thresholded.includes(k)), ...all.filter((k) => /LoadT$|^loadT$/.test(k))];
  return { all, preselected: [...new Set(first)].slice(0, MAX_CHARTS) };
}

/**
 * Run data: the chosen metrics of the device over the last 1, 6 or 24 hours up to the board clock, one
 * uPlot chart per metric with its unit and its warning and alarm limits as lines, from the server's
 * downsampled range API (telemetry/series, docs/api.md "History and time ranges").
 */
export const RunDataTab = observer(function RunDataTab({ device }: { device: DeviceInfo }) {
  const clock = useBoardClock();
  const { i18n } = useLingui();
  const projectId = useProjectId() ?? '';
  const options = chartableMetrics(
    device.kind,
    device.thresholds.map((t) => t.metric),
  );
  const [hours, setHours] = useState<(typeof RUN_DATA_RANGES_H)[number]>(1);
  const [chosen, setChosen] = useState<string[]>(options.preselected);
  const toMs = Math.ceil(clock.now() / 60_000) * 60_000;
  const fromMs = toMs - hours * 3_600_000;
  const load = useQuery(HISTORY.series, chosen.length === 0 ? null : { projectId, sns: [device.sn], metrics: chosen, fromMs, toMs, widthPx: RUN_DATA_WIDTH_PX });
  const toggle = (k: string) => setChosen((c) => (c.includes(k) ? c.filter((x) => x !== k) : c.length >= MAX_CHARTS ? [...c.slice(1), k] : [...c, k]));
  const series = load.data?.series[0];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'center' }}>
        {RUN_DATA_RANGES_H.map((h) => (
          <Button key={h} size="small" appearance={h === hours ? 'primary' : 'secondary'} onClick={() => setHours(h)} data-range={h}>
            <Trans>Last {h} h</Trans>
          </Button>
        ))}
        <span style={{ width: 12 }} />
        {options.all.map((k) => (
          <ToggleButton key={k} size="small" checked={chosen.includes(k)} onClick={() => toggle(k)} data-metric-toggle={k}>
            {metricLabel(i18n, device.kind, k)}
          </ToggleButton>
        ))}
      </div>
      {load.error ? (
        <TabMessage error>{load.error}</TabMessage>
      ) : chosen.length === 0 ? (
        <TabMessage><Trans>Choose a metric to chart</Trans></TabMessage>
      ) : !load.data ? (
        <TabMessage><Trans>Loading…</Trans></TabMessage>
      ) : !series || series.points === 0 ? (
        <TabMessage><Trans>No readings in this range</Trans></TabMessage>
      ) : (
        <div data-run-data={series.points}>
          {chosen.map((k, i) => (
            <MetricChart
              key={k}
              label={`${metricLabel(i18n, device.kind, k)} (${DEVICE_KIND_REGISTRY.metric(device.kind, k)?.unit || '—'})`}
              ts={series.ts}
              values={series.values[k] ?? []}
              colour={LINE_COLOURS[i % LINE_COLOURS.length]}
              limits={device.thresholds.find((t) => t.metric === k)}
              fromMs={fromMs}
              toMs={toMs}
              reportPeriodS={device.reportPeriodS}
            />
          ))}
        </div>
      )}
    </div>
  );
});

/** One metric's chart: the line, and dashed warning (amber) and alarm (red) limits when the metric has them. */
function MetricChart({
  label,
  ts,
  values,
  colour,
  limits,
  fromMs,
  toMs,
  reportPeriodS,
}: {
  label: string;
  ts: number[];
  values: Array<number | null>;
  colour: string;
  limits?: { warnHigh: number | null; alarmHigh: number | null; warnLow: number | null; alarmLow: number | null };
  fromMs: number;
  toMs: number;
  /** the device's report period (s): a longer silence than it marks offline breaks the line (chartGaps) */
  reportPeriodS: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  // uPlot draws on a canvas, where the theme's CSS variables (SCREEN.*) do not resolve: pass colours
  const { textMuted: axisColor } = useThemeColors();
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const [xMs, line] = toAlignedData(ts, [values], maxJoinedGapMs(ts, reportPeriodS, toMs - fromMs, RUN_DATA_WIDTH_PX));
    const x = Array.from(xMs, (t) => t / 1000);
    const lines: Array<{ v: number; c: string }> = [];
    if (limits) {
      for (const [v, c] of [
        [limits.warnHigh, STATUS_COLOR.warning],
        [limits.alarmHigh, STATUS_COLOR.alarm],
        [limits.warnLow, STATUS_COLOR.warning],
        [limits.alarmLow, STATUS_COLOR.alarm],
      ] as const) {
        if (v !== null) lines.push({ v, c });
      }
    }
    const data: uPlot.AlignedData = [x, line, ...lines.map((l) => x.map(() => l.v))];
    const u = new uPlot(
      {
        width: Math.max(320, el.clientWidth || 800),
        height: CHART_H,
        legend: { show: false },
        cursor: { y: false },
        tzDate: (t) => uPlot.tzDate(new Date(t * 1000), 'Asia/Shanghai'),
        scales: { x: { time: true, range: [fromMs / 1000, toMs / 1000] } },
        axes: [
          { stroke: axisColor, grid: { stroke: 'rgba(128,128,128,0.15)' }, size: 28, values: (_u, splits, _ax, _space, incr) => beijingAxisLabels(splits, incr) },
          { stroke: axisColor, grid: { stroke: 'rgba(128,128,128,0.15)' }, size: 56 },
        ],
        series: [{}, { stroke: colour, width: 1.5, spanGaps: false }, ...lines.map((l) => ({ stroke: l.c, width: 1, dash: [6, 4] }))],
      },
      data,
      el,
    );
    return () => u.destroy();
  }, [ts, values, colour, limits, fromMs, toMs, reportPeriodS, axisColor]);
  return (
    <div style={{ marginBottom: 6 }}>
      <div style={{ fontSize: 13, opacity: 0.8 }}>{label}</div>
      <div ref={host} />
    </div>
  );
}
