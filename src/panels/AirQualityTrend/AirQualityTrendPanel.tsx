import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PanelMessage, SCREEN } from '../../components';
import { metricLabel } from '../../i18n/metricLabels';
import { RefusedMessage, useDevices, useEnvironmentTrend, useTelemetryTopic } from '../../panelData';
import { AirQualityChart } from '../../components/environment/AirQualityChart';
import { selectMonitor } from '../../components/environment/environmentView';
import { TREND_COLOR, TREND_RANGE_MS, TREND_RANGES, trendData, trendLimitLines, type TrendMetric, type TrendRange } from '../../components/environment/trendSeries';
import type { PanelProps } from '../types';
import type { AirQualityTrendConfig } from './index';

const RANGE_LABEL: Record<TrendRange, MessageDescriptor> = { '24h': msg`24 h`, '7d': msg`7 days`, '30d': msg`30 days` };
/** Text of the switch and legend: 20 page px (12 px on a 1920×1080 board shown at 1366×768). */
const FONT_PX = 20;
const HEADER_PX = 40;

/**
 * The air-quality trend of one monitor as of the board clock: a legend, the 24 h / 7 days / 30 days switch
 * (starting on the configured range; a switch is the viewer's, not saved) and the chart with its limits.
 */
export const AirQualityTrendPanel = observer(function AirQualityTrendPanel({ config, width, height }: PanelProps<AirQualityTrendConfig>) {
  const { i18n, t } = useLingui();
  const devices = useDevices();
  const refusal = useTelemetryTopic('environment');
  const [picked, setPicked] = useState<TrendRange | null>(null);
  const range = picked ?? config.range;
  const monitor = selectMonitor(devices.all, config.sn);
  const metrics = config.metrics as readonly TrendMetric[];
  const trend = useEnvironmentTrend({ sn: monitor?.sn ?? null, metrics, spanMs: TREND_RANGE_MS[range], widthPx: width });
  const labels = useMemo(() => Object.fromEntries(metrics.map((m) => [m, monitor ? metricLabel(i18n, monitor.kind, m) : m])) as Record<TrendMetric, string>, [metrics, monitor, i18n]);
  const lines = useMemo(
    () => (monitor ? trendLimitLines(monitor, metrics, (v, night) => (night ? t`${v} night` : t`${v} day`)) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [monitor?.sn, monitor?.thresholds, metrics, t],
  );
  const { data, max } = useMemo(() => trendData(trend.data, metrics), [trend.data, metrics]);
  if (refusal) return <RefusedMessage reason={refusal} />;
  if (!monitor) return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>No environment monitors</Trans>}</PanelMessage>;
  const chartH = height - HEADER_PX - 8;
  const empty = trend.data !== null && data[0].length === 0;
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }} data-air-quality-trend={monitor.sn} data-range={range}>
      <div style={{ height: HEADER_PX, display: 'flex', alignItems: 'center', gap: 16, fontSize: FONT_PX, minWidth: 0 }}>
        <span style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{monitor.name}</span>
        {metrics.map((m) => (
          <span key={m} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }} data-legend={m}>
            <span style={{ width: 18, height: 4, background: TREND_COLOR[m], display: 'inline-block' }} />
            {labels[m]}
          </span>
        ))}
        <div role="group" aria-label={t`Time range`} style={{ marginLeft: 'auto', display: 'flex', gap: 4 }}>
          {TREND_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() => setPicked(r)}
              style={{
                fontSize: FONT_PX,
                padding: '2px 10px',
                borderRadius: 4,
                border: `1px solid ${SCREEN.panelBorder}`,
                background: r === range ? SCREEN.brand : SCREEN.panelTitle,
                color: r === range ? '#fff' : SCREEN.text,
                cursor: 'pointer',
                whiteSpace: 'nowrap',
              }}
            >
              {i18n._(RANGE_LABEL[r])}
            </button>
          ))}
        </div>
      </div>
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {trend.data === null ? (
          <PanelMessage tone={trend.failed ? 'error' : 'muted'}>{trend.failed ? <Trans>The history could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>
        ) : empty ? (
          <PanelMessage>
            <Trans>No readings in this range</Trans>
          </PanelMessage>
        ) : (
          <AirQualityChart metrics={metrics} labels={labels} data={data} max={max} lines={lines} fromMs={trend.toMs - TREND_RANGE_MS[range]} toMs={trend.toMs} width={width} height={chartH} fontPx={FONT_PX} />
        )}
      </div>
    </div>
  );
});
