import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the project statistics: big figures over a small state table. */
export function HomeStatisticsThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="homeStatistics">
      {[8, 48, 88, 128].map((x, i) => (
        <g key={x}>
          <rect x={x} y="10" width="24" height="14" rx="2" style={{ fill: i === 3 ? STATUS_COLOR.alarm : SCREEN.brand }} />
          <rect x={x} y="28" width="24" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
        </g>
      ))}
      {[50, 62, 74].map((y) => (
        <g key={y}>
          <rect x="8" y={y} width="40" height="5" rx="1" style={{ fill: SCREEN.text }} />
          {[64, 86, 108, 130].map((x) => (
            <rect key={x} x={x} y={y} width="14" height="5" rx="1" style={{ fill: SCREEN.textMuted }} />
          ))}
        </g>
      ))}
    </svg>
  );
}
