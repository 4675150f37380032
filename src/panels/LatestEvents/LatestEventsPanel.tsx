import { Trans } from '@lingui/react/macro';
import { useHomeSummary } from '../../panelData';
import { PanelMessage, SCREEN } from '../../components';
import { EventList } from '../../components/home/EventList';
import type { PanelProps } from '../types';
import type { LatestEventsConfig } from './index';

/** The event book's latest events as of the board clock (useHomeSummary). */
export function LatestEventsPanel({ config, width, height }: PanelProps<LatestEventsConfig>) {
  const { summary, failed } = useHomeSummary();
  if (!summary) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>The project home could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  // 20–24 px (badges 2 px smaller: ≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(24, Math.floor(width / 36)));
  // an event briefly takes up to three lines (date, kind and a wrapped title; who recorded it) and its
  // padding: only whole events are drawn, the others counted (a wall screen does not scroll)
  const eventPx = Math.ceil(px * 1.4 * 3 + 18);
  const events = summary.latestEvents.slice(0, config.max);
  const fit = Math.max(1, Math.floor((height - px * 1.6) / eventPx));
  const shown = events.slice(0, fit);
  return (
    <div style={{ height: '100%' }} data-latest-events-panel>
      <EventList projectId={summary.project.projectId} events={shown} fontPx={px} brief />
      {events.length > shown.length ? (
        <div style={{ fontSize: px - 2, color: SCREEN.textMuted }} data-more-events>
          <Trans>{events.length - shown.length} more in the event book</Trans>
        </div>
      ) : null}
    </div>
  );
}
