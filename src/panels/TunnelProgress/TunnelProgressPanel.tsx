import { Trans } from '@lingui/react/macro';
import { useTunnelProgress } from '../../panelData';
import { PanelMessage } from '../../components';
import { BoreLegend, BoreProgress, gradesOf } from '../../components/tunnel/BoreProgress';
import { ProgressFigures } from '../../components/tunnel/ProgressFigures';
import type { PanelProps } from '../types';
import type { TunnelProgressConfig } from './index';

/** Label size for a panel of `height` page pixels: 14 px, more on tall panels; never under 12 px. */
export function labelPx(height: number): number {
  return Math.max(14, Math.min(22, Math.round(height / 28)));
}

/**
 * The bores of the project as of the board clock (useTunnelProgress: live, or the replayed instant): the
 * legend of rock grades and works, each bore along its length, and (config `showFigures`) the figures.
 */
export function TunnelProgressPanel({ config, height }: PanelProps<TunnelProgressConfig>) {
  const { bores, failed } = useTunnelProgress();
  if (!bores) return <PanelMessage>{failed ? <Trans>Tunnel progress could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  if (bores.length === 0) return <PanelMessage><Trans>No tunnel bores in this project</Trans></PanelMessage>;
  const px = labelPx(height);
  return (
    <div style={{ height: '100%', overflow: 'auto', display: 'grid', gap: px * 0.6, alignContent: 'start' }} data-tunnel-progress>
      <BoreLegend grades={gradesOf(bores.map((b) => b.tunnel))} fontPx={px} />
      {bores.map((b) => (
        <BoreProgress key={b.tunnel.tunnelId} tunnel={b.tunnel} fontPx={px} />
      ))}
      {config.showFigures ? <ProgressFigures bores={bores} fontPx={px} compact /> : null}
    </div>
  );
}
