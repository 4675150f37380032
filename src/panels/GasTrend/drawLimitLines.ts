import uPlot from 'uplot';
import { LEVEL_COLOR } from '../../components';
import type { LimitLine } from './buildSeries';

/**
 * uPlot draw hook body: dashed warning (amber) and alarm (red) lines with a "CO 24" label at the right
 * edge, each on its gas's own y scale. Lines outside the plot area are skipped.
 */
export function drawLimitLines(u: uPlot, lines: readonly LimitLine[]): void {
  const { ctx, bbox } = u;
  const px = uPlot.pxRatio;
  ctx.save();
  ctx.lineWidth = 1.5 * px;
  ctx.setLineDash([6 * px, 4 * px]);
  ctx.font = `${12 * px}px sans-serif`;
  ctx.textAlign = 'right';
  for (const l of lines) {
    const y = u.valToPos(l.value, l.scale, true);
    if (!Number.isFinite(y) || y < bbox.top || y > bbox.top + bbox.height) continue;
    ctx.strokeStyle = LEVEL_COLOR[l.level];
    ctx.fillStyle = LEVEL_COLOR[l.level];
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    ctx.fillText(`${l.gas} ${l.value}`, bbox.left + bbox.width - 4 * px, y - 3 * px);
  }
  ctx.restore();
}
