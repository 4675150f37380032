import { BOARD_TEXT_PX } from '../../components/cycles/stageText';
import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { CycleStage } from '../../../protocol';
import { useCycleAnalysis } from '../../panelData';
import { PanelMessage } from '../../components';
import { StageSelect } from '../../components/cycles/StageSelect';
import { StageTrendChart } from '../../components/cycles/StageTrendChart';
import type { PanelProps } from '../types';
import type { CycleTrendConfig } from './index';

/** The stage picker and the trend of the chosen stage over the rounds of the week. */
export function CycleTrendPanel({ config, width, height }: PanelProps<CycleTrendConfig>) {
  const [stage, setStage] = useState<CycleStage>(config.stage);
  const { analysis, failed } = useCycleAnalysis();
  if (!analysis) return <PanelMessage>{failed ? <Trans>Process data could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  return (
    <div style={{ height: '100%', fontSize: BOARD_TEXT_PX, display: 'flex', flexDirection: 'column', gap: 6 }}>
      <label style={{ fontSize: '0.875em' }}>
        <Trans>Stage</Trans>{' '}
        <StageSelect value={stage} onChange={setStage} fontSize="1em" />
      </label>
      {analysis.trend.length === 0 ? <PanelMessage><Trans>No rounds closed in the last 7 days</Trans></PanelMessage> : <StageTrendChart analysis={analysis} stage={stage} width={width - 8} height={height - 90} fontPx={BOARD_TEXT_PX} />}
    </div>
  );
}
