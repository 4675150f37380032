import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { observer } from 'mobx-react-lite';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, ToggleButton } from '@fluentui/react-components';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BEIJING_OFFSET_MS, CAPTURES, type CaptureAnalysis } from '../../../protocol';
import { useQuery } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { useThemeColors } from '../../theme/screenVars';
import { formatDuration } from '../../format/time';
import { useAlgTypeLabel } from '../../components/captures/CaptureViewer';
import { countLegendValue, dayBarPaths, dayBarsFrame, dayLegendSeries } from './dayBars';
import { percentText } from './AlarmCenterAnalysis';

const DAY_MS = 86_400_000;
/** The spans the analysis offers, in Beijing days up to today. */
const SPANS = [7, 30, 90] as const;
/** Colours of the handling outcomes: processed, misinformation (a false alarm), untreated. */
const DEAL_COLOURS = { processed: '#30a46c', falseAlarms: '#8b8d98', untreated: '#e5484d' } as const;
/** docs/domain.md "AI video violations": the false-alarm share a site expects. */
const EXPECTED_FALSE = { min: 0.1, max: 0.3 };

/** The first Beijing day (YYYY-MM-DD) of a span of `days` ending today, at `nowMs`. */
export function spanStartDay(days: number, nowMs: number): string {
  const today = new Date(nowMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * uPlot's aligned data of the per-day figures: x = Beijing day starts (s, UTC), then the captures and
 * the false alarms of each day over `days` days from `fromDay` (0 for days without captures).
 */
export function captureDaySeries(byDay: CaptureAnalysis['byDay'], fromDay: string, days: number): uPlot.AlignedData {
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const xs = Array.from({ length: days }, (_, i) => (start + i * DAY_MS) / 1000);
  const index = new Map(xs.map((x, i) => [new Date(x * 1000).toISOString().slice(0, 10), i]));
  const count = new Array<number>(days).fill(0);
  const falseAlarms = new Array<number>(days).fill(0);
  for (const r of byDay) {
    const i = index.get(r.day);
    if (i === undefined) continue;
    count[i] = r.count;
    falseAlarms[i] = r.falseAlarms;
  }
  return [xs, count, falseAlarms];
}

type Row = { key: string; label: string; count: number; processed: number; falseAlarms: number; untreated: number };

/** One bar per row split into processed, false alarms and untreated, its length the row's share of the largest. */
function SplitBars({ rows, label }: { rows: Row[]; label: string }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <table aria-label={label} style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-row={r.key}>
            <td style={{ padding: '3px 8px 3px 0', whiteSpace: 'nowrap' }}>{r.label}</td>
            <td style={{ padding: '3px 8px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{r.count}</td>
            <td style={{ width: '55%', padding: '3px 0' }}>
              <div style={{ display: 'flex', height: 12, width: `${(r.count / max) * 100}%`, borderRadius: 2, overflow: 'hidden' }}>
                {(['processed', 'falseAlarms', 'untreated'] as const).map((k) => (
                  <div key={k} style={{ flex: r[k], background: DEAL_COLOURS[k] }} />
                ))}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One headline figure of the analysis. */
function Figure({ label, value, testId, warn }: { label: React.ReactNode; value: string; testId: string; warn?: boolean }) {
  return (
    <div style={{ padding: '8px 12px', border: `1px solid ${SCREEN.textMuted}`, borderRadius: 4, minWidth: 140 }}>
      <div style={{ color: SCREEN.textMuted, fontSize: 14 }}>{label}</div>
      <div data-testid={testId} style={{ fontSize: 26, fontVariantNumeric: 'tabular-nums', color: warn ? '#f5a623' : undefined }}>
        {value}
      </div>
    </div>
  );
}

/**
 * The violation analysis modal (capture/analysis, docs/api.md "AI captures"): over the last 7, 30 or 90
 * Beijing days of the project (of one camera when `cameraSn` is given), the captures, handled and
 * untreated, the false-alarm ratio against the 10–30 % a site expects (docs/domain.md), the mean time to
 * handle, and the captures by violation type, by camera and by day.
 */
export const CaptureAnalysisModal = observer(function CaptureAnalysisModal({ projectId, open, onClose, cameraSn }: { projectId: string; open: boolean; onClose: () => void; cameraSn?: string }) {
  const { t, i18n } = useLingui();
  const algLabel = useAlgTypeLabel();
  const [days, setDays] = useState<number>(30);
  const host = useRef<HTMLDivElement | null>(null);
  const { textMuted: axisColor, grid: gridColor } = useThemeColors();
  // up to the next whole minute: re-rendering within a minute asks the same query
  const toMs = Math.ceil(Date.now() / 60_000) * 60_000;
  const fromDay = spanStartDay(days, Date.now());
  const fromMs = Date.parse(`${fromDay}T00:00:00Z`) - BEIJING_OFFSET_MS;
  const { data } = useQuery(CAPTURES.captureAnalysis, open ? { projectId, fromMs, toMs, ...(cameraSn ? { cameraSn } : {}) } : null);

  useEffect(() => {
    const el = host.current;
    if (!data || !el || !open) return;
    const bars = dayBarPaths();
    const frame = dayBarsFrame(Math.max(320, el.clientWidth || 760), window.innerHeight < 900 ? 150 : 200, axisColor, gridColor);
    const u = new uPlot(
      {
        ...frame,
        // half a day either side, so the first and the last day's bars are whole
        scales: { ...frame.scales, x: { time: true, range: (_u, min, max) => [min - DAY_MS / 2000, max + DAY_MS / 2000] } },
        series: [
          dayLegendSeries(i18n._(msg`Day`)),
          { label: i18n._(msg`Captures`), stroke: '#3e9bff', fill: '#3e9bff99', paths: bars, value: countLegendValue },
          { label: i18n._(msg`False alarms`), stroke: DEAL_COLOURS.falseAlarms, fill: `${DEAL_COLOURS.falseAlarms}cc`, paths: bars, value: countLegendValue },
        ],
      },
      captureDaySeries(data.byDay, fromDay, days),
      el,
    );
    return () => u.destroy();
  }, [data, open, fromDay, days, i18n, axisColor, gridColor]);

  const handled = data ? data.processed + data.falseAlarms : 0;
  const ratio = data?.falseAlarmRatio ?? null;
  const outside = ratio !== null && (ratio < EXPECTED_FALSE.min || ratio > EXPECTED_FALSE.max);
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label={t`Violation analysis`} style={{ maxWidth: 'min(1280px, 96vw)', width: 'min(1280px, 96vw)', maxHeight: '96vh', overflowY: 'auto' }}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={t`Close`} onClick={onClose}>✕</Button>}>
            <Trans>Violation analysis</Trans>
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <div role="group" aria-label={t`Span`} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              {SPANS.map((n) => (
                <ToggleButton key={n} checked={days === n} onClick={() => setDays(n)}>
                  <Trans>Last {n} days</Trans>
                </ToggleButton>
              ))}
              <span style={{ flex: 1 }} />
              <span style={{ color: SCREEN.textMuted, fontSize: 14 }}>
                <span style={{ color: DEAL_COLOURS.processed }}>■</span> <Trans>Processed</Trans>{' '}
                <span style={{ color: DEAL_COLOURS.falseAlarms }}>■</span> <Trans>Misinformation</Trans>{' '}
                <span style={{ color: DEAL_COLOURS.untreated }}>■</span> <Trans>Untreated</Trans>
              </span>
            </div>
            {data ? (
              <>
                <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
                  <Figure label={<Trans>Captures</Trans>} value={String(data.total)} testId="analysis-total" />
                  <Figure label={<Trans>Handled</Trans>} value={String(handled)} testId="analysis-handled" />
                  <Figure label={<Trans>Untreated</Trans>} value={String(data.untreated)} testId="analysis-untreated" warn={data.untreated > 0} />
                  <Figure
                    label={<Trans>False-alarm ratio (expected 10–30 %)</Trans>}
                    value={ratio === null ? '–' : percentText(ratio)}
                    testId="analysis-false-ratio"
                    warn={outside}
                  />
                  <Figure label={<Trans>Mean time to handle</Trans>} value={formatDuration(data.meanHandleMs)} testId="analysis-mean-handle" />
                </div>
                <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24 }}>
                  <section>
                    <h3 style={{ fontSize: 16, margin: '0 0 6px' }}>
                      <Trans>By violation type</Trans>
                    </h3>
                    <SplitBars label={t`By violation type`} rows={data.byAlgType.map((r) => ({ key: r.algType, label: algLabel(r), ...r }))} />
                  </section>
                  <section>
                    <h3 style={{ fontSize: 16, margin: '0 0 6px' }}>
                      <Trans>By camera</Trans>
                    </h3>
                    <SplitBars label={t`By camera`} rows={data.byCamera.map((r) => ({ key: r.cameraSn, label: r.cameraName, ...r }))} />
                  </section>
                </div>
                <section>
                  <h3 style={{ fontSize: 16, margin: '0 0 6px' }}>
                    <Trans>By day</Trans>
                  </h3>
                  <div ref={host} data-testid="analysis-by-day" />
                </section>
              </>
            ) : null}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
