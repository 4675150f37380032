import { Trans } from '@lingui/react/macro';
import { useHomeStatistics, useHomeSummary } from '../../panelData';
import { PanelMessage } from '../../components';
import { AlarmFigures, AttendanceFigures, MachineryFigures, SafeDaysFigure } from '../../components/home/HomeSections';
import type { PanelProps } from '../types';
import type { HomeStatisticsConfig } from './index';

/** The configured statistics sections as of the board clock (useHomeSummary, useHomeStatistics). */
export function HomeStatisticsPanel({ config, width, height }: PanelProps<HomeStatisticsConfig>) {
  const { summary, failed } = useHomeSummary();
  const { statistics, failed: statsFailed } = useHomeStatistics();
  if (!summary || !statistics)
    return <PanelMessage tone={failed || statsFailed ? 'error' : 'muted'}>{failed || statsFailed ? <Trans>The project home could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  // 20–24 px as the panel allows (≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(24, Math.floor(width / 36), Math.floor(height / (config.sections.length * 7))));
  return (
    <div style={{ height: '100%', overflow: 'auto', display: 'grid', gap: px, alignContent: 'start' }} data-home-statistics-panel>
      {config.sections.map((s) =>
        s === 'machinery' ? (
          <MachineryFigures key={s} statistics={statistics} fontPx={px} />
        ) : s === 'attendance' ? (
          <AttendanceFigures key={s} statistics={statistics} fontPx={px} />
        ) : s === 'alarms' ? (
          <AlarmFigures key={s} summary={summary} fontPx={px} byGroup={false} />
        ) : (
          <SafeDaysFigure key={s} summary={summary} fontPx={px} />
        ),
      )}
    </div>
  );
}
