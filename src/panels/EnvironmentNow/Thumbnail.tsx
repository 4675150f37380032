import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of "Environment now": a grid of reading tiles, one over its limit, and a wind arrow. */
export function EnvironmentNowThumbnail({ width, height }: { width: number; height: number }) {
  const label = { fill: SCREEN.textMuted, opacity: 0.7 };
  const tiles = [0, 1, 2, 3, 4, 5, 6, 7];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="environmentNow">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      {tiles.map((i) => {
        const x = 6 + (i % 4) * 37;
        const y = 20 + Math.floor(i / 4) * 40;
        return (
          <g key={i}>
            <rect x={x} y={y} width="34" height="36" rx="2" style={{ fill: SCREEN.panelTitle }} />
            <rect x={x + 4} y={y + 5} width="16" height="3" rx="1" style={label} />
            {i === 7 ? (
              <path d={`M${x + 17} ${y + 30} L${x + 17} ${y + 14} M${x + 12} ${y + 19} L${x + 17} ${y + 13} L${x + 22} ${y + 19}`} style={{ stroke: SCREEN.text, strokeWidth: 2, fill: 'none' }} />
            ) : (
              <rect x={x + 4} y={y + 16} width="24" height="8" rx="1" style={{ fill: i === 0 ? STATUS_COLOR.alarm : SCREEN.text }} />
            )}
          </g>
        );
      })}
    </svg>
  );
}
