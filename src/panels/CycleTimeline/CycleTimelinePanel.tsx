import { BOARD_TEXT_PX } from '../../components/cycles/stageText';
import { Trans } from '@lingui/react/macro';
import { observer } from 'mobx-react-lite';
import { useCycleTimeline, useTunnels } from '../../panelData';
import { PanelMessage } from '../../components';
import { StageLegend, StageTimeline } from '../../components/cycles/StageTimeline';
import type { PanelProps } from '../types';
import type { CycleTimelineConfig } from './index';

/**
 * The headings' stage spans over the configured hours before the board clock, reported solid and inferred
 * light; a row per heading of the project's bores (the board's tunnels, not a second stage request).
 */
export const CycleTimelinePanel = observer(function CycleTimelinePanel({ config }: PanelProps<CycleTimelineConfig>) {
  const { tunnels, loaded } = useTunnels();
  const { timeline, failed, fromMs, toMs } = useCycleTimeline(config.hours);
  if (!timeline || !loaded) return <PanelMessage>{failed ? <Trans>Process data could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const headings = tunnels.flatMap((t) => t.headings.map((h) => ({ headingId: h.headingId, name: h.headingId })));
  return (
    <div style={{ height: '100%', fontSize: BOARD_TEXT_PX, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 6 }}>
      <StageTimeline spans={timeline.spans} headings={headings} fromMs={fromMs} toMs={toMs} />
      <StageLegend />
    </div>
  );
});
