import { BOARD_TEXT_PX } from '../../components/cycles/stageText';
import { Trans } from '@lingui/react/macro';
import { useCycleState } from '../../panelData';
import { PanelMessage } from '../../components';
import { HeadingStageView } from '../../components/cycles/HeadingStageCard';
import type { PanelProps } from '../types';
import type { CycleStageConfig } from './index';

/** One stage card per heading (or the configured one), as of the board clock. */
export function CycleStagePanel({ config, width }: PanelProps<CycleStageConfig>) {
  const { state, failed, atMs } = useCycleState();
  if (!state) return <PanelMessage>{failed ? <Trans>Process data could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const headings = state.headings.filter((h) => !config.headingId || h.headingId === config.headingId);
  if (headings.length === 0) return <PanelMessage><Trans>No headings in this project</Trans></PanelMessage>;
  const columns = Math.max(1, Math.min(headings.length, Math.floor(width / 300)));
  return (
    <div style={{ height: '100%', fontSize: BOARD_TEXT_PX, overflow: 'auto', display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 8 }}>
      {headings.map((h) => (
        <HeadingStageView key={h.headingId} heading={h} atMs={atMs} startChainageM={null} />
      ))}
    </div>
  );
}
