import { useTunnelProgress } from '../../panelData';
import { ProgressMessage } from '../../components/tunnel/ProgressMessage';
import { ProgressFigures } from '../../components/tunnel/ProgressFigures';
import type { PanelProps } from '../types';
import type { ProgressFiguresConfig } from './index';

/** The progress figures as of the board clock (useTunnelProgress: live, or the replayed instant). */
export function ProgressFiguresPanel({ width, height }: PanelProps<ProgressFiguresConfig>) {
  const { bores, failed } = useTunnelProgress();
  if (!bores || bores.length === 0) return <ProgressMessage bores={bores} failed={failed} />;
  const rows = bores.reduce((n, b) => n + b.figures.headings.length + 1, 1);
  // narrower than a wall screen's width: the headings, advances and step distances only
  const compact = width < 1500;
  // 20–26 px (≥ 12.8 px on a 1920×1080 board shown at 1366×768), as the rows and columns fit
  const px = Math.max(20, Math.min(26, Math.floor(height / rows / 1.9), Math.floor(width / (compact ? 48 : 62))));
  return (
    <div style={{ height: '100%', overflow: 'auto' }} data-progress-figures>
      <ProgressFigures bores={bores} fontPx={px} compact={compact} />
    </div>
  );
}
