import { SCREEN } from '../../components';
import { WORK_COLOR } from '../../components/tunnel/BoreProgress';
import { ROCK_GRADE_COLOR } from '../../theme/rockGrade';

/** Catalogue picture of tunnel progress: two bores dug from both portals over bands of rock grades. */
export function TunnelProgressThumbnail({ width, height }: { width: number; height: number }) {
  const bore = (y: number, left: number, right: number) => (
    <g key={y}>
      <rect x="8" y={y} width="144" height="12" style={{ fill: 'none', stroke: SCREEN.textMuted }} strokeDasharray="3 2" />
      <rect x="8" y={y} width={left} height="12" style={{ fill: WORK_COLOR.excavated }} />
      <rect x={152 - right} y={y} width={right} height="12" style={{ fill: WORK_COLOR.excavated }} />
      <rect x="8" y={y + 3} width={left - 14} height="5" style={{ fill: WORK_COLOR.lining }} />
      <rect x={152 - right + 12} y={y + 3} width={right - 12} height="5" style={{ fill: WORK_COLOR.lining }} />
      {[ROCK_GRADE_COLOR.V, ROCK_GRADE_COLOR.IV, ROCK_GRADE_COLOR.III, ROCK_GRADE_COLOR.IV, ROCK_GRADE_COLOR.V].map((c, i) => (
        <rect key={i} x={8 + i * 28.8} y={y + 15} width="28.8" height="4" style={{ fill: c }} />
      ))}
    </g>
  );
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="tunnelProgress">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      {bore(26, 60, 50)}
      {bore(58, 52, 62)}
      <rect x="8" y="88" width="60" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
    </svg>
  );
}
