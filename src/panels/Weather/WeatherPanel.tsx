import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DEVICE_KIND_REGISTRY } from '../../../protocol';
import { metricLabel } from '../../i18n/metricLabels';
import { RefusedMessage, useDevices, useTelemetryTopic } from '../../panelData';
import { formatNumber, PanelMessage, SCREEN, ValueWithUnit } from '../../components';
import { compassPoint, flagOf, selectMonitor } from '../../components/environment/environmentView';
import type { PanelProps } from '../types';
import type { WeatherConfig } from './index';

/** The readings beside the compass, in order. */
const READINGS = ['temperature', 'humidity', 'pressure', 'windSpeed', 'rainfallMm'] as const;
/** The 8 compass points (compassPoint's index) and the 4 letters drawn on the rose. */
const COMPASS: readonly MessageDescriptor[] = [msg`N`, msg`NE`, msg`E`, msg`SE`, msg`S`, msg`SW`, msg`W`, msg`NW`];
const FONT_PX = 20;

/**
 * The weather of one station as of the board clock: a compass rose with an arrow blowing from where the
 * wind comes (`windDirection`, degrees from north), and temperature, humidity, air pressure, wind speed
 * and rainfall (mm in the station's report period) with their units; a reading the station flags (HJ 212
 * `-Flag` other than N) is dimmed with its flag.
 */
export const WeatherPanel = observer(function WeatherPanel({ config, width, height }: PanelProps<WeatherConfig>) {
  const { i18n, t } = useLingui();
  const devices = useDevices();
  const refusal = useTelemetryTopic('environment');
  const monitor = selectMonitor(devices.all, config.sn);
  if (refusal) return <RefusedMessage reason={refusal} />;
  if (!monitor) return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>No environment monitors</Trans>}</PanelMessage>;
  const latest = monitor.latest;
  const dir = latest?.windDirection;
  const from = dir == null ? null : i18n._(COMPASS[compassPoint(dir)]);
  const wide = width >= height * 1.2;
  const rose = Math.max(80, Math.min(wide ? height - 40 : width - 16, wide ? width * 0.45 : height * 0.5));
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 16, alignItems: 'center', fontSize: FONT_PX }} data-weather={monitor.sn}>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }} data-wind-from={dir ?? ''}>
        <svg width={rose} height={rose} role="img" aria-label={from === null ? t`Wind direction unknown` : t`Wind from ${from} (${formatNumber(dir!, 0)}°)`}>
          {/* the rose in 120 units across; its letters outside the scaling, at FONT_PX */}
          <g transform={`translate(${rose / 2} ${rose / 2}) scale(${rose / 120})`}>
            <circle r="44" style={{ fill: 'none', stroke: SCREEN.textMuted, strokeWidth: 2 }} />
            {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
              <line key={a} x1="0" y1="-44" x2="0" y2={a % 90 === 0 ? -36 : -40} transform={`rotate(${a})`} style={{ stroke: SCREEN.textMuted, strokeWidth: 2 }} />
            ))}
            {dir == null ? null : (
              <g transform={`rotate(${(dir + 180) % 360})`} data-wind-to={(dir + 180) % 360}>
                <path d="M0 34 L0 -30 M-10 -18 L0 -32 L10 -18" style={{ stroke: SCREEN.brand, strokeWidth: 6, fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' }} />
              </g>
            )}
          </g>
          {[0, 2, 4, 6].map((p) => {
            const a = (p * 45 * Math.PI) / 180;
            const r = (53 * rose) / 120;
            return (
              <text key={p} x={rose / 2 + Math.sin(a) * r} y={rose / 2 - Math.cos(a) * r + FONT_PX * 0.35} textAnchor="middle" style={{ fill: SCREEN.text, fontSize: FONT_PX, fontWeight: p === 0 ? 700 : 400 }}>
                {i18n._(COMPASS[p])}
              </text>
            );
          })}
        </svg>
        <span style={{ color: SCREEN.textMuted, whiteSpace: 'nowrap' }}>{from === null ? '—' : t`From ${from} (${formatNumber(dir!, 0)}°)`}</span>
      </div>
      <div style={{ flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: wide ? '1fr' : '1fr 1fr', gap: 8, alignSelf: 'stretch', alignContent: 'center' }}>
        {READINGS.map((key) => {
          const m = DEVICE_KIND_REGISTRY.metric(monitor.kind, key);
          const flag = flagOf(latest, key);
          return (
            <div key={key} data-reading={key} data-flag={flag ?? undefined} style={{ minWidth: 0 }}>
              <div style={{ color: SCREEN.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {metricLabel(i18n, monitor.kind, key)}
                {flag ? ` · ${flag}` : null}
              </div>
              <div style={{ opacity: flag ? 0.6 : 1 }}>
                <ValueWithUnit value={latest?.[key]} unit={m?.unit} digits={m?.digits ?? 1} size="medium" />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
});
