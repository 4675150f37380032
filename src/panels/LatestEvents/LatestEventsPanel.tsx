import { Trans } from '@lingui/react/macro';
import { useHomeSummary } from '../../panelData';
import { PanelMessage } from '../../components';
import { EventList } from '../../components/home/EventList';
import type { PanelProps } from '../types';
import type { LatestEventsConfig } from './index';

/** The event book's latest events as of the board clock (useHomeSummary). */
export function LatestEventsPanel({ config, width }: PanelProps<LatestEventsConfig>) {
  const { summary, failed } = useHomeSummary();
  if (!summary) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>The project home could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  // 20–24 px (badges 2 px smaller: ≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(24, Math.floor(width / 36)));
  return (
    <div style={{ height: '100%', overflow: 'auto' }} data-latest-events-panel>
      <EventList projectId={summary.project.projectId} events={summary.latestEvents.slice(0, config.max)} fontPx={px} />
    </div>
  );
}
