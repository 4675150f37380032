import uPlot from 'uplot';
import { LEVEL_COLOR } from '../../theme/status';

/** A horizontal limit line of a chart: its value on y scale `scale`, drawn in its level's colour. */
export interface ChartLimitLine {
  scale: string;
  value: number;
  level: 'warning' | 'alarm';
}

/** Label size of a limit line, in CSS px before the page's scale (20 page px: over 12 px on a 1366×768 screen). */
export const LIMIT_LABEL_PX = 20;

/**
 * uPlot draw hook body: dashed warning (amber) and alarm (red) lines, each on its own y scale, with
 * the limit value (or `label`) as a label at the right end. The dashes stop short of the label, so the label never
 * sits on a dash; two labels that would overlap are pushed apart vertically. Lines outside the plot area
 * are skipped.
 */
export function drawLimitLines(u: uPlot, lines: readonly (ChartLimitLine & { label?: string })[]): void {
  const { ctx, bbox } = u;
  const px = uPlot.pxRatio;
  const fontPx = LIMIT_LABEL_PX * px;
  ctx.save();
  ctx.lineWidth = 2 * px;
  ctx.font = `600 ${fontPx}px sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  let lastLabelY = Number.NEGATIVE_INFINITY;
  const drawn = lines
    .map((l) => ({ l, y: u.valToPos(l.value, l.scale, true) }))
    .filter(({ y }) => Number.isFinite(y) && y >= bbox.top && y <= bbox.top + bbox.height)
    .sort((a, b) => a.y - b.y);
  for (const { l, y } of drawn) {
    const text = l.label ?? String(l.value);
    const textW = ctx.measureText(text).width;
    const right = bbox.left + bbox.width - 4 * px;
    const gap = 8 * px;
    ctx.strokeStyle = LEVEL_COLOR[l.level];
    ctx.fillStyle = LEVEL_COLOR[l.level];
    ctx.setLineDash([8 * px, 6 * px]);
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(right - textW - gap, y);
    ctx.stroke();
    ctx.setLineDash([]);
    const labelY = Math.max(y, lastLabelY + fontPx * 1.1);
    lastLabelY = labelY;
    ctx.fillText(text, right, labelY);
  }
  ctx.restore();
}
