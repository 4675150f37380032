import { SCREEN } from '../../components';

/** Catalogue picture of the process identification: stage cards with a coloured stage dot. */
export function CycleStageThumbnail({ width, height }: { width: number; height: number }) {
  const cards = [
    { x: 4, c: '#3b82f6' },
    { x: 56, c: '#ef4444' },
    { x: 108, c: '#10b981' },
  ];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="processStage">
      {cards.map((k) => (
        <g key={k.x}>
          <rect x={k.x} y="10" width="48" height="80" rx="3" style={{ fill: 'none', stroke: SCREEN.panelBorder }} />
          <rect x={k.x + 4} y="16" width="30" height="4" rx="1" style={{ fill: SCREEN.text }} />
          <circle cx={k.x + 9} cy="34" r="4" style={{ fill: k.c }} />
          <rect x={k.x + 16} y="31" width="26" height="6" rx="1" style={{ fill: SCREEN.text }} />
          {[48, 58, 68, 78].map((y) => (
            <rect key={y} x={k.x + 4} y={y} width="40" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
          ))}
        </g>
      ))}
    </svg>
  );
}
