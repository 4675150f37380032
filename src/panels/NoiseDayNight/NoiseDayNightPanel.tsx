import { Trans, useLingui } from '@lingui/react/macro';
import { PanelMessage, SCREEN } from '../../components';
import { DailyBars, dailyStation } from '../../components/environment/DailyBars';
import { useEnvironmentDaily } from '../../panelData';
import type { PanelProps } from '../types';
import type { NoiseDayNightConfig } from './index';

/**
 * Noise by day and night of one monitor as of the board clock (useEnvironmentDaily): a row of the days'
 * daytime Leq against the day limit, a row of the nights' Leq against the night limit (GB 12523-2011
 * §4.1); a bar over its limit in the alarm colour, a day without readings as a dash.
 */
export function NoiseDayNightPanel({ config, width, height }: PanelProps<NoiseDayNightConfig>) {
  const { t } = useLingui();
  const { data, failed } = useEnvironmentDaily(7);
  if (!data) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>The daily figures could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const station = dailyStation(data.stations, config.sn);
  if (!station) return <PanelMessage>{<Trans>No environment monitors</Trans>}</PanelMessage>;
  const px = Math.max(20, Math.min(28, Math.floor(height / 18)));
  // name and the count over the limits on one line when the panel is wide, else on two
  const oneLine = width >= 900;
  const headH = Math.round(px * (oneLine ? 1.5 : 2.8));
  const rowH = Math.floor((height - headH - 8) / 2);
  const overDays = station.days.filter((d) => (d.noiseDayLeq ?? 0) > data.limits.noiseDay).length;
  const overNights = station.days.filter((d) => (d.noiseNightLeq ?? 0) > data.limits.noiseNight).length;
  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }} data-noise-day-night={station.sn}>
      <div style={{ height: headH, display: 'flex', flexDirection: oneLine ? 'row' : 'column', alignItems: oneLine ? 'baseline' : 'flex-start', gap: oneLine ? 12 : 2, fontSize: px, lineHeight: 1.3, whiteSpace: 'nowrap', minWidth: 0 }}>
        <span style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0, maxWidth: '100%' }}>{station.name}</span>
        <span style={{ marginLeft: oneLine ? 'auto' : 0, color: SCREEN.textMuted }} data-over={`${overDays}/${overNights}`}>
          <Trans>
            Over the limit: {overDays} days, {overNights} nights
          </Trans>
        </span>
      </div>
      <DailyBars
        title={t`Day Leq dB(A) (06:00–22:00) · limit ${data.limits.noiseDay}`}
        bars={station.days.map((d) => ({ date: d.date, value: d.noiseDayLeq }))}
        limit={data.limits.noiseDay}
        digits={1}
        width={width}
        height={rowH}
        fontPx={px}
        dates={false}
      />
      <DailyBars
        title={t`Night Leq dB(A) (22:00–06:00) · limit ${data.limits.noiseNight}`}
        bars={station.days.map((d) => ({ date: d.date, value: d.noiseNightLeq }))}
        limit={data.limits.noiseNight}
        digits={1}
        width={width}
        height={rowH}
        fontPx={px}
        dates
        color={SCREEN.brand}
      />
    </div>
  );
}
