import { useTunnelProgress } from '../../panelData';
import { ProgressMessage } from '../../components/tunnel/ProgressMessage';
import { BoreLegend, BoreProgress, gradesOf } from '../../components/tunnel/BoreProgress';
import { ProgressFigures } from '../../components/tunnel/ProgressFigures';
import type { PanelProps } from '../types';
import type { TunnelProgressConfig } from './index';

/**
 * Label size for a panel of `height` page pixels: 20–28 px, so a 1920×1080 board shown at 1366×768 (scaled
 * by about 0.64 under the header) still draws them at 12.8 px or more.
 */
export function labelPx(height: number): number {
  return Math.max(20, Math.min(28, Math.round(height / 20)));
}

/**
 * The bores of the project as of the board clock (useTunnelProgress: live, or the replayed instant): the
 * legend of rock grades and works, each bore along its length, and (config `showFigures`) the figures.
 */
export function TunnelProgressPanel({ config, height }: PanelProps<TunnelProgressConfig>) {
  const { bores, failed } = useTunnelProgress();
  if (!bores || bores.length === 0) return <ProgressMessage bores={bores} failed={failed} />;
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
