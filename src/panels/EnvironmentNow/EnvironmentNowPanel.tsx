import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DEVICE_KIND_REGISTRY, isNoiseNight, type DataFlag, type DeviceInfo } from '../../../protocol';
import { metricLabel } from '../../i18n/metricLabels';
import { RefusedMessage, useBoardClock, useDevices, useTelemetryTopic } from '../../panelData';
import { formatLastSeen, formatNumber, LEVEL_COLOR, PanelMessage, SCREEN, StatusBadge, thresholdLevel, ValueWithUnit } from '../../components';
import type { PanelProps } from '../types';
import { compassPoint, flagOf, limitAt, selectMonitor, tileGrid } from '../../components/environment/environmentView';
import type { EnvironmentNowConfig } from './index';

/** The readings shown as tiles, in order (air pressure and rainfall of the monitor's weather sensors too); wind speed and direction share the last one. */
const TILES = ['pm25', 'pm10', 'tsp', 'noise', 'temperature', 'humidity', 'pressure', 'rainfallMm'] as const;

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
/** Text of the tiles: 20 page px, over 12 px on a 1366 × 768 screen showing a 1920 × 1080 board (scale about 0.63). */
const labelStyle = { fontSize: 20, lineHeight: 1.2, color: SCREEN.textMuted, whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis' };
const noteStyle = { ...labelStyle };
const HEADER_PX = 30;
const GAP_PX = 8;

/**
 * "Environment now": one monitor's latest readings as of the board clock (live or replayed). PM2.5, PM10,
 * TSP and noise take the colour of the limit they are at (noise against the day or night limit in force
 * at the clock's instant, as the rules judge it); a reading flagged by the monitor shows its flag and no
 * colour (the rules do not judge it). Wind shows its speed and an arrow blowing from where it comes.
 */
export const EnvironmentNowPanel = observer(function EnvironmentNowPanel({ config, width, height }: PanelProps<EnvironmentNowConfig>) {
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
  // roomy tiles: label, key-size value, note; compact ones (a small panel): label with its note, medium value
  const grid = tileGrid(TILES.length + 1, width, height - HEADER_PX - GAP_PX, GAP_PX);
  const valueSize = grid.roomy ? 'key' : 'medium';

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
      <div key={key} style={grid.roomy ? tile : { ...tile, padding: '2px 8px' }} data-reading={key} data-level={level ?? 'normal'} data-flag={flag ?? undefined} title={note ?? undefined}>
        <div style={labelStyle}>
          {metricLabel(i18n, monitor.kind, key)}
          {!grid.roomy && flag ? <span style={{ color: LEVEL_COLOR.warning }}> · {flag}</span> : null}
          {!grid.roomy && !flag && key === 'noise' && limit?.alarmHigh != null ? ` · ${night ? t`night` : t`day`} ${formatNumber(limit.alarmHigh, 0)}` : null}
        </div>
        <div style={{ opacity: flag ? 0.6 : 1 }}>
          <ValueWithUnit value={v} unit={m?.unit} digits={m?.digits ?? 1} size={valueSize} color={level ? LEVEL_COLOR[level] : undefined} />
        </div>
        {grid.roomy ? <div style={{ ...noteStyle, color: flag ? LEVEL_COLOR.warning : SCREEN.textMuted }}>{note ?? '\u00a0'}</div> : null}
      </div>
    );
  };

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: GAP_PX }}>
      <Header monitor={monitor} nowMs={atMs} />
      <div style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: `repeat(${grid.cols}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))`, gap: GAP_PX }}>
        {TILES.map(reading)}
        <Wind monitor={monitor} roomy={grid.roomy} />
      </div>
    </div>
  );
});

function Header({ monitor, nowMs }: { monitor: DeviceInfo; nowMs: number }) {
  return (
    <div style={{ height: HEADER_PX, display: 'flex', alignItems: 'baseline', gap: 12, fontSize: 20, minWidth: 0 }}>
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
function Wind({ monitor, roomy }: { monitor: DeviceInfo; roomy: boolean }) {
  const { i18n, t } = useLingui();
  const speed = DEVICE_KIND_REGISTRY.metric(monitor.kind, 'windSpeed');
  const dir = monitor.latest?.windDirection;
  const from = dir == null ? null : i18n._(COMPASS[compassPoint(dir)]);
  const note = from === null ? null : t`From ${from} (${formatNumber(dir!, 0)}°)`;
  return (
    <div style={roomy ? tile : { ...tile, padding: '2px 8px' }} data-reading="wind" title={note ?? undefined}>
      <div style={labelStyle}>
        {metricLabel(i18n, monitor.kind, 'windSpeed')}
        {!roomy && from !== null ? ` · ${from}` : null}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <ValueWithUnit value={monitor.latest?.windSpeed} unit={speed?.unit} digits={speed?.digits ?? 1} size={roomy ? 'key' : 'medium'} />
        {dir == null ? null : (
          <svg width={roomy ? 36 : 24} height={roomy ? 36 : 24} viewBox="-18 -18 36 36" aria-hidden data-wind-to={(dir + 180) % 360}>
            <g transform={`rotate(${(dir + 180) % 360})`}>
              <path d="M0 14 L0 -12 M-7 -5 L0 -13 L7 -5" style={{ stroke: SCREEN.text, strokeWidth: 3, fill: 'none', strokeLinecap: 'round' }} />
            </g>
          </svg>
        )}
      </div>
      {roomy ? <div style={noteStyle}>{note ?? '\u00a0'}</div> : null}
    </div>
  );
}
