import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the cycle analysis: two tables, one row flagged. */
export function CycleAnalysisThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="cycleAnalysis">
      {[10, 20, 30, 40, 56, 66, 76, 86].map((y) => (
        <g key={y}>
          <rect x="6" y={y} width="30" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="46" y={y} width="70" height="4" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="124" y={y} width="30" height="4" rx="1" style={{ fill: y === 76 ? STATUS_COLOR.alarm : SCREEN.brand }} />
        </g>
      ))}
    </svg>
  );
}
