import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ALARMS, BEIJING_OFFSET_MS, type AlarmAnalysis } from '../../../protocol';
import { Dropdown, Option } from '@fluentui/react-components';
import { useQuery } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { useThemeColors } from '../../theme/screenVars';
import { countLegendValue, dayBarPaths, dayBarsFrame, dayLegendSeries } from './dayBars';
import { formatDuration } from '../../format/time';
import { ALARM_KIND_LABEL } from '../../components';
import { ALARM_GROUP_LABEL } from '../../components/home/labels';
import { GasAlarmAnalysisView } from './GasAlarmAnalysis';

const DAY_MS = 86_400_000;
/** The spans (Beijing days up to today) the analysis can cover; 30 by default. */
export const ANALYSIS_SPANS_DAYS = [7, 30, 90, 365] as const;
const DEFAULT_SPAN_DAYS = 30;

const KIND_LABELS: Record<string, MessageDescriptor> = ALARM_KIND_LABEL;

/** Names of the alarm groups (src/components/home/labels.ts, shared with the project home). */
export { ALARM_GROUP_LABEL };

/** "12.5 %": a share of 0–1 with one decimal. */
export function percentText(ratio: number): string {
  return `${(Math.round(ratio * 1000) / 10).toFixed(1)} %`;
}

/** Alarm groups: count and share of the range's alarms, with a bar of the share. */
function AlarmGroups({ groups }: { groups: AlarmAnalysis['groups'] }) {
  const { i18n } = useLingui();
  return (
    <table aria-label={i18n._(msg`Alarm groups`)} style={{ borderCollapse: 'collapse', width: '100%', marginBottom: 12 }}>
      <tbody>
        {groups.map((g) => (
          <tr key={g.group} data-group={g.group}>
            <td style={{ padding: '2px 8px 2px 0' }}>{i18n._(ALARM_GROUP_LABEL[g.group])}</td>
            <td style={{ padding: '2px 8px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{g.count}</td>
            <td style={{ padding: '2px 8px', textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: SCREEN.textMuted }}>{percentText(g.ratio)}</td>
            <td style={{ width: '35%', padding: '2px 0' }}>
              <div style={{ height: 10, width: `${Math.round(g.ratio * 100)}%`, background: '#a855f7', borderRadius: 2 }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
const KIND_COLOURS: Record<string, string> = { threshold: '#f5a623', sos: '#e5484d', offline: '#8b8d98', ai: '#3e9bff', zone: '#a855f7' };

/**
 * Counts per Beijing day for each kind, as uPlot's aligned data: x = day starts (s, UTC), one series per kind.
 * Days without alarms are 0.
 */
export function dailySeries(a: AlarmAnalysis, kinds: string[], fromDay: string, days: number): uPlot.AlignedData {
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const xs = Array.from({ length: days }, (_, i) => (start + i * DAY_MS) / 1000);
  const index = new Map(xs.map((x, i) => [new Date(x * 1000).toISOString().slice(0, 10), i]));
  const ys = kinds.map(() => new Array<number>(days).fill(0));
  for (const r of a.byDay) {
    const i = index.get(r.day);
    const k = kinds.indexOf(r.kind);
    if (i !== undefined && k >= 0) ys[k][i] += r.count;
  }
  return [xs, ...ys];
}

/**
 * Alarm analysis of the last 7, 30 (default), 90 or 365 days (alarm/analysis): a uPlot bar chart of counts per day and kind, the
 * alarm groups (personnel safety, gas, lifting equipment…) with count and share, the top devices, the mean times to acknowledge and to handle, and the gas alarm analysis with its over-limit
 * detail (GasAlarmAnalysis.tsx).
 */
export const AlarmCenterAnalysis = observer(function AlarmCenterAnalysis({ projectId }: { projectId: string }) {
  const { i18n } = useLingui();
  const host = useRef<HTMLDivElement | null>(null);
  // uPlot paints on a canvas: CSS variables do not resolve there, so the axes take resolved colours
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  const [spanDays, setSpanDays] = useState<number>(DEFAULT_SPAN_DAYS);
  const daysText = (days: number) => i18n._(msg`${days} days`);

  // up to the next whole minute: re-rendering within a minute asks the same query
  const toMs = Math.ceil(Date.now() / 60_000) * 60_000;
  const { data } = useQuery(ALARMS.alarmAnalysis, { projectId, fromMs: toMs - spanDays * DAY_MS, toMs });

  useEffect(() => {
    const el = host.current;
    if (!data || !el) return;
    const kinds = Object.keys(KIND_LABELS);
    const todayBeijing = new Date(Date.now() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
    const fromDay = new Date(Date.parse(`${todayBeijing}T00:00:00Z`) - (spanDays - 1) * DAY_MS).toISOString().slice(0, 10);
    const bars = dayBarPaths();
    const u = new uPlot(
      {
        ...dayBarsFrame(Math.max(320, el.clientWidth || 640), 220, axisColor, gridColor),
        series: [dayLegendSeries(i18n._(msg`Day`)), ...kinds.map((k) => ({ label: i18n._(KIND_LABELS[k]), stroke: KIND_COLOURS[k], fill: `${KIND_COLOURS[k]}99`, paths: bars, value: countLegendValue }))],
      },
      dailySeries(data, kinds, fromDay, spanDays),
      el,
    );
    return () => u.destroy();
  }, [data, i18n, axisColor, gridColor, spanDays]);

  if (!data) return null;
  const ackTime = formatDuration(data.meanAckMs);
  const handleTime = formatDuration(data.meanHandleMs);
  const todayBeijing = new Date(Date.now() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
  const fromDay = new Date(Date.parse(`${todayBeijing}T00:00:00Z`) - (spanDays - 1) * DAY_MS).toISOString().slice(0, 10);
  return (
    <>
      <section aria-label={i18n._(msg`Alarm analysis`)} style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 16, marginBottom: 24 }}>
        <div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '0 0 8px' }}>
            <h2 style={{ fontSize: 18, margin: 0 }}>
              <Trans>Alarms per day, last {spanDays} days</Trans>
            </h2>
            <Dropdown
              aria-label={i18n._(msg`Analysis span`)}
              size="small"
              value={daysText(spanDays)}
              selectedOptions={[String(spanDays)]}
              onOptionSelect={(_, d) => setSpanDays(Number(d.optionValue ?? DEFAULT_SPAN_DAYS))}
              style={{ minWidth: 110 }}
            >
              {ANALYSIS_SPANS_DAYS.map((n) => (
                <Option key={n} value={String(n)} text={daysText(n)}>
                  {daysText(n)}
                </Option>
              ))}
            </Dropdown>
          </div>
          <div ref={host} />
        </div>
        <div>
          <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>
            <Trans>Alarm groups</Trans>
          </h2>
          <AlarmGroups groups={data.groups ?? []} />
          <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>
            <Trans>Top devices</Trans>
          </h2>
          <ol aria-label={i18n._(msg`Top devices`)} style={{ margin: 0, paddingLeft: 20 }}>
            {data.topDevices.map((d) => (
              <li key={d.deviceSn}>
                {d.deviceName} <span style={{ color: SCREEN.textMuted }}>{d.deviceSn}</span> · {d.count}
              </li>
            ))}
          </ol>
          <p>
            <Trans>Mean time to acknowledge: {ackTime}</Trans>
            <br />
            <Trans>Mean time to handle: {handleTime}</Trans>
          </p>
        </div>
      </section>
      {data.gas ? <GasAlarmAnalysisView gas={data.gas} fromDay={fromDay} days={spanDays} /> : null}
    </>
  );
});
