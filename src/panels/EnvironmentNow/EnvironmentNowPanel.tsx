import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DEVICE_KIND_REGISTRY, isNoiseNight, type DataFlag, type DeviceInfo } from '../../../protocol';
import { metricLabel } from '../../i18n/metricLabels';
import { RefusedMessage, useBoardClock, useDevices, useTelemetryTopic } from '../../panelData';
import { formatLastSeen, formatNumber, LEVEL_COLOR, PanelMessage, SCREEN, StatusBadge, thresholdLevel, ValueWithUnit } from '../../components';
import type { PanelProps } from '../types';
import { compassPoint, flagOf, limitAt, selectMonitor } from './environmentView';
import type { EnvironmentNowConfig } from './index';

/** The readings shown as tiles, in order; wind speed and direction share the last one. */
const TILES = ['pm25', 'pm10', 'tsp', 'noise', 'temperature', 'humidity'] as const;

/** What an HJ 212 data flag other than N means (HJ 212-2017 table 5). */
const FLAG_MEANING: Record<DataFlag, MessageDescriptor> = {
  N: msg`valid`,
  F: msg`stopped`,
  M: msg`maintenance`,
  S: msg`set by hand`,
  D: msg`fault`,
  C: msg`calibrating`,
  T: msg`over range`,
  B: msg`no communication`,
};

/** Where the wind comes from, by 8-point sector (compassPoint). */
const COMPASS: readonly MessageDescriptor[] = [msg`N`, msg`NE`, msg`E`, msg`SE`, msg`S`, msg`SW`, msg`W`, msg`NW`];

const tile = {
  background: SCREEN.panelTitle,
  borderRadius: 4,
  padding: '8px 12px',
  display: 'flex',
  flexDirection: 'column' as const,
  justifyContent: 'space-between',
  minWidth: 0,
};
const labelStyle = { fontSize: 18, color: SCREEN.textMuted, whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis' };
const noteStyle = { fontSize: 16, color: SCREEN.textMuted, whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis' };

/**
 * "Environment now": one monitor's latest readings as of the board clock (live or replayed). PM2.5, PM10,
 * TSP and noise take the colour of the limit they are at (noise against the day or night limit in force
 * at the clock's instant, as the rules judge it); a reading flagged by the monitor shows its flag and no
 * colour (the rules do not judge it). Wind shows its speed and an arrow blowing from where it comes.
 */
export const EnvironmentNowPanel = observer(function EnvironmentNowPanel({ config }: PanelProps<EnvironmentNowConfig>) {
  const devices = useDevices();
  const clock = useBoardClock();
  const { i18n, t } = useLingui();
  const refusal = useTelemetryTopic('environment');
  const monitor = selectMonitor(devices.all, config.sn);
  if (refusal) return <RefusedMessage reason={refusal} />;
  if (!monitor) return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>No environment monitors</Trans>}</PanelMessage>;
  const atMs = clock.now();
  const night = isNoiseNight(atMs);
  const latest = monitor.latest;

  const reading = (key: (typeof TILES)[number]) => {
    const m = DEVICE_KIND_REGISTRY.metric(monitor.kind, key);
    const v = latest?.[key];
    const flag = flagOf(latest, key);
    const limit = limitAt(monitor, key, atMs);
    const level = flag ? null : thresholdLevel(v, limit);
    let note: string | null = null;
    if (flag) note = t`Flag ${flag}: ${i18n._(FLAG_MEANING[flag])}`;
    else if (key === 'noise' && limit?.alarmHigh != null) {
      const value = formatNumber(limit.alarmHigh, 0);
      note = night ? t`Night limit ${value} dB(A)` : t`Day limit ${value} dB(A)`;
    }
    return (
      <div key={key} style={tile} data-reading={key} data-level={level ?? 'normal'} data-flag={flag ?? undefined}>
        <div style={labelStyle}>{metricLabel(i18n, monitor.kind, key)}</div>
        <div style={{ opacity: flag ? 0.6 : 1 }}>
          <ValueWithUnit value={v} unit={m?.unit} digits={m?.digits ?? 1} size="key" color={level ? LEVEL_COLOR[level] : undefined} />
        </div>
        <div style={{ ...noteStyle, color: flag ? LEVEL_COLOR.warning : SCREEN.textMuted }}>{note ?? '\u00a0'}</div>
      </div>
    );
  };

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Header monitor={monitor} nowMs={atMs} />
      <div style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))', gridAutoRows: 'minmax(0, 1fr)', gap: 8 }}>
        {TILES.map(reading)}
        <Wind monitor={monitor} />
      </div>
    </div>
  );
});

function Header({ monitor, nowMs }: { monitor: DeviceInfo; nowMs: number }) {
  return (
    <div style={{ display: 'flex', alignItems: 'baseline', gap: 12, fontSize: 20, minWidth: 0 }}>
      <span style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={monitor.position}>
        {monitor.name}
      </span>
      <StatusBadge status={monitor.status} />
      <span data-last-seen style={{ marginLeft: 'auto', color: SCREEN.textMuted, whiteSpace: 'nowrap' }}>
        {formatLastSeen(monitor.lastSeenMs, nowMs)}
      </span>
    </div>
  );
}

/** Wind speed, and an arrow pointing where the wind blows (from `windDirection`, degrees from north). */
function Wind({ monitor }: { monitor: DeviceInfo }) {
  const { i18n, t } = useLingui();
  const speed = DEVICE_KIND_REGISTRY.metric(monitor.kind, 'windSpeed');
  const dir = monitor.latest?.windDirection;
  const from = dir == null ? null : i18n._(COMPASS[compassPoint(dir)]);
  return (
    <div style={tile} data-reading="wind">
      <div style={labelStyle}>{metricLabel(i18n, monitor.kind, 'windSpeed')}</div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <ValueWithUnit value={monitor.latest?.windSpeed} unit={speed?.unit} digits={speed?.digits ?? 1} size="key" />
        {dir == null ? null : (
          <svg width="36" height="36" viewBox="-18 -18 36 36" aria-hidden data-wind-to={(dir + 180) % 360}>
            <g transform={`rotate(${(dir + 180) % 360})`}>
              <path d="M0 14 L0 -12 M-7 -5 L0 -13 L7 -5" style={{ stroke: SCREEN.text, strokeWidth: 3, fill: 'none', strokeLinecap: 'round' }} />
            </g>
          </svg>
        )}
      </div>
      <div style={noteStyle}>{from === null ? '\u00a0' : t`From ${from} (${formatNumber(dir!, 0)}°)`}</div>
    </div>
  );
}
