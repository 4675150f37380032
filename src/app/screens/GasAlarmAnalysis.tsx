import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DealStatus, GasAlarmAnalysis } from '../../../protocol';
import { formatBeijing, formatDuration } from '../../format/time';
import { metricLabel } from '../../i18n/metricLabels';
import { SCREEN } from '../../theme/theme';
import { useThemeColors } from '../../theme/screenVars';
import { countLegendValue, dayBarPaths, dayBarsFrame, dayLegendSeries } from './dayBars';
import { DEAL_STATUS_LABEL } from '../../components';

const DAY_MS = 86_400_000;
/** Colours of the stations in one gas chart, in order of first appearance (then repeated). */
const STATION_COLOURS = ['#f5a623', '#e5484d', '#3e9bff', '#30a46c', '#a855f7', '#f76b15', '#12a594', '#d6409f'];
const STATUS: Record<string, MessageDescriptor> = { active: msg`Active`, cleared: msg`Cleared` };

/**
 * Over-limit alarms of one gas per Beijing day and station, as uPlot's aligned data: x = the `days` day
 * starts from `fromDay` (s, UTC standing for Beijing days), one series per station in `stations` order.
 * Days without alarms are 0; rows of other gases or outside the span are left out.
 */
export function gasDailySeries(gas: GasAlarmAnalysis, metric: string, stations: string[], fromDay: string, days: number): uPlot.AlignedData {
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const xs = Array.from({ length: days }, (_, i) => (start + i * DAY_MS) / 1000);
  const index = new Map(xs.map((x, i) => [new Date(x * 1000).toISOString().slice(0, 10), i]));
  const ys = stations.map(() => new Array<number>(days).fill(0));
  for (const r of gas.byDay) {
    if (r.metric !== metric) continue;
    const i = index.get(r.day);
    const k = stations.indexOf(r.deviceSn);
    if (i !== undefined && k >= 0) ys[k][i] += r.count;
  }
  return [xs, ...ys];
}

/** The stations (serial number and name) with over-limit alarms of `metric`, in order of first alarm day. */
export function gasStations(gas: GasAlarmAnalysis, metric: string): Array<{ sn: string; name: string }> {
  const seen = new Map<string, string>();
  for (const r of gas.byDay) if (r.metric === metric && !seen.has(r.deviceSn)) seen.set(r.deviceSn, r.deviceName);
  return [...seen].map(([sn, name]) => ({ sn, name }));
}

/** One gas: a uPlot bar chart of its over-limit alarms per day, a series per station. */
function GasChart({ gas, metric, fromDay, days, i18n }: { gas: GasAlarmAnalysis; metric: string; fromDay: string; days: number; i18n: I18n }) {
  const host = useRef<HTMLDivElement | null>(null);
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const stations = gasStations(gas, metric);
    const bars = dayBarPaths();
    const u = new uPlot(
      {
        ...dayBarsFrame(Math.max(280, el.clientWidth || 420), 180, axisColor, gridColor),
        series: [
          dayLegendSeries(i18n._(msg`Day`)),
          ...stations.map((s, i) => {
            const c = STATION_COLOURS[i % STATION_COLOURS.length];
            return { label: s.name, stroke: c, fill: `${c}99`, paths: bars, value: countLegendValue };
          }),
        ],
      },
      gasDailySeries(gas, metric, stations.map((s) => s.sn), fromDay, days),
      el,
    );
    return () => u.destroy();
  }, [gas, metric, fromDay, days, i18n, axisColor, gridColor]);
  const gasName = metricLabel(i18n, 'gas', metric);
  return (
    <figure style={{ margin: 0 }} aria-label={i18n._(msg`Over-limit alarms of ${gasName} per day and station`)}>
      <figcaption style={{ fontSize: 16, fontWeight: 600 }}>{gasName}</figcaption>
      <div ref={host} />
    </figure>
  );
}

/**
 * The gas alarm analysis and over-limit detail of alarm/analysis (docs/api.md "alarm/analysis"): per gas,
 * a chart of over-limit alarms per Beijing day and station over the `days` days from `fromDay`, then the
 * over-limit detail (station, gas, peak against limit, start, duration, status). Times in Beijing time.
 */
export function GasAlarmAnalysisView({ gas, fromDay, days }: { gas: GasAlarmAnalysis; fromDay: string; days: number }) {
  const { i18n } = useLingui();
  const metrics = [...new Set(gas.byDay.map((r) => r.metric))].sort();
  const cell = { padding: '4px 8px', borderBottom: `1px solid ${SCREEN.panelBorder}`, textAlign: 'left' as const };
  return (
    <section aria-label={i18n._(msg`Gas alarm analysis`)} style={{ marginBottom: 24 }}>
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>
        <Trans>Gas alarm analysis: over-limit alarms per day and station</Trans>
      </h2>
      {metrics.length === 0 ? (
        <p>
          <Trans>No gas over-limit alarms in this period.</Trans>
        </p>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: 16 }}>
          {metrics.map((m) => (
            <GasChart key={m} gas={gas} metric={m} fromDay={fromDay} days={days} i18n={i18n} />
          ))}
        </div>
      )}
      <h2 style={{ fontSize: 18, margin: '16px 0 8px' }}>
        <Trans>Over-limit detail</Trans>
      </h2>
      <table aria-label={i18n._(msg`Over-limit detail`)} style={{ borderCollapse: 'collapse', width: '100%', fontVariantNumeric: 'tabular-nums' }}>
        <thead>
          <tr>
            <th style={cell}>
              <Trans>Station</Trans>
            </th>
            <th style={cell}>
              <Trans>Gas</Trans>
            </th>
            <th style={cell}>
              <Trans>Peak / limit</Trans>
            </th>
            <th style={cell}>
              <Trans>Start</Trans>
            </th>
            <th style={cell}>
              <Trans>Duration</Trans>
            </th>
            <th style={cell}>
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {gas.overLimit.map((r) => {
            const unit = r.unit ? ` ${r.unit}` : '';
            const side = r.side === 'below' ? i18n._(msg`below limit`) : i18n._(msg`over limit`);
            return (
              <tr key={r.alarmId} data-alarm-id={r.alarmId}>
                <td style={cell}>
                  {r.deviceName}
                  {r.position ? <span style={{ color: SCREEN.textMuted }}> · {r.position}</span> : null}
                </td>
                <td style={cell}>{metricLabel(i18n, 'gas', r.metric)}</td>
                <td style={cell}>
                  {r.peakValue ?? '–'}
                  {unit} / {r.threshold ?? '–'}
                  {unit} <span style={{ color: SCREEN.textMuted }}>({side})</span>
                </td>
                <td style={cell}>{formatBeijing(r.startMs)}</td>
                <td style={cell}>{formatDuration(r.durationMs)}</td>
                <td style={cell}>
                  {i18n._(STATUS[r.state])} ({i18n._(DEAL_STATUS_LABEL[r.dealStatus as DealStatus] ?? DEAL_STATUS_LABEL[0])})
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
