import { Trans, useLingui } from '@lingui/react/macro';
import { PanelMessage, SCREEN } from '../../components';
import { DailyBars, dailyStation } from '../../components/environment/DailyBars';
import { useEnvironmentDaily } from '../../panelData';
import type { PanelProps } from '../types';
import type { EnvironmentWeekConfig } from './index';

/** The readings drawn, with their unit and decimals (environment/daily's daily means). */
const ROWS = [
  { key: 'pm10', name: 'PM10', unit: 'µg/m³', digits: 0 },
  { key: 'pm25', name: 'PM2.5', unit: 'µg/m³', digits: 0 },
  { key: 'tsp', name: 'TSP', unit: 'mg/m³', digits: 3 },
] as const;

/**
 * The seven days of one monitor as of the board clock (useEnvironmentDaily): "compliant days n / judged"
 * as the headline (a day is compliant when every daily mean is within its limit; a day with too few
 * readings is not judged), then a row of daily-mean bars per particulate against its limit.
 */
export function EnvironmentWeekPanel({ config, width, height }: PanelProps<EnvironmentWeekConfig>) {
  const { t } = useLingui();
  const { data, failed } = useEnvironmentDaily(7);
  if (!data) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>The daily figures could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const station = dailyStation(data.stations, config.sn);
  if (!station) return <PanelMessage>{<Trans>No environment monitors</Trans>}</PanelMessage>;
  // 20–28 page px as the panel allows (≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(28, Math.floor(height / 22)));
  const headH = px * 2;
  const rowH = Math.floor((height - headH - 8) / ROWS.length);
  const compliant = station.compliantDays;
  const judged = station.judgedDays;
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }} data-environment-week={station.sn}>
      <div style={{ height: headH, display: 'flex', alignItems: 'baseline', gap: 12, minWidth: 0, whiteSpace: 'nowrap' }}>
        <span style={{ fontSize: px, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{station.name}</span>
        <span style={{ marginLeft: 'auto', fontSize: px, color: SCREEN.textMuted }}>
          <Trans>Compliant days</Trans>
        </span>
        <span data-compliant-days={compliant} style={{ fontSize: Math.round(px * 1.6), fontWeight: 700 }}>
          {compliant}
          <span style={{ fontSize: px, color: SCREEN.textMuted }}> / {judged}</span>
        </span>
      </div>
      {ROWS.map((r, i) => (
        <DailyBars
          key={r.key}
          title={`${r.name} ${r.unit} · ${t`limit`} ${data.limits[r.key]}`}
          bars={station.days.map((d) => ({ date: d.date, value: d[r.key] }))}
          limit={data.limits[r.key]}
          digits={r.digits}
          width={width}
          height={rowH}
          fontPx={px}
          dates={i === ROWS.length - 1}
        />
      ))}
    </div>
  );
}
