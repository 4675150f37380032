import { SCREEN } from '../../components';

/** Catalogue picture of the stage timeline: rows of coloured stage bars. */
export function CycleTimelineThumbnail({ width, height }: { width: number; height: number }) {
  const colours = ['#3b82f6', '#a855f7', '#ef4444', '#f59e0b', '#eab308', '#8b5e34', '#10b981', '#64748b'];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="cycleTimeline">
      {[14, 36, 58, 80].map((y, row) => (
        <g key={y}>
          <rect x="4" y={y + 2} width="16" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
          {colours.map((c, i) => (
            <rect key={c} x={24 + ((i * 17 + row * 9) % 136)} y={y} width="16" height="10" style={{ fill: c }} />
          ))}
        </g>
      ))}
    </svg>
  );
}
