import { Trans } from '@lingui/react/macro';
import { useHomeSummary, useTunnelProgress } from '../../panelData';
import { PanelMessage } from '../../components';
import { KeyProgress } from '../../components/home/HomeSections';
import type { PanelProps } from '../types';
import type { KeyProgressConfig } from './index';

/** Key progress by structure type as of the board clock (useHomeSummary, useTunnelProgress). */
export function KeyProgressPanel({ config, width, height }: PanelProps<KeyProgressConfig>) {
  const { summary, failed } = useHomeSummary();
  const { bores } = useTunnelProgress();
  if (!summary) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>The project home could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  // 20–24 px as the panel allows (≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(24, Math.floor(width / 36), Math.floor(height / 16)));
  return (
    <div style={{ height: '100%', overflow: 'auto' }} data-key-progress-panel>
      <KeyProgress bores={bores} summary={summary} fontPx={px} structures={config.structures.length ? config.structures : undefined} />
    </div>
  );
}
