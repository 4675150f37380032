import { BOARD_TEXT_PX } from '../../components/cycles/stageText';
import { Trans } from '@lingui/react/macro';
import { useCycleAnalysis } from '../../panelData';
import { PanelMessage } from '../../components';
import { CycleAveragesTable, CycleEfficiencyTable } from '../../components/cycles/CycleAnalysisView';
import type { PanelProps } from '../types';
import type { CycleAnalysisConfig } from './index';

/** The averages and the efficiency against the presets, as of the board clock. */
export function CycleAnalysisPanel({ config }: PanelProps<CycleAnalysisConfig>) {
  const { analysis, failed } = useCycleAnalysis(config.headingId || undefined);
  if (!analysis) return <PanelMessage>{failed ? <Trans>Process data could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  return (
    <div style={{ height: '100%', fontSize: BOARD_TEXT_PX, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 10 }}>
      <CycleAveragesTable analysis={analysis} />
      <CycleEfficiencyTable analysis={analysis} />
    </div>
  );
}
