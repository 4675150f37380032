import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the headline row: four tiles, each a label and a large figure. */
export function HeadlineThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="headline">
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <rect x={4 + i * 39} y="30" width="35" height="40" rx="3" style={{ fill: SCREEN.panelTitle }} />
          <rect x={9 + i * 39} y="36" width="22" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x={9 + i * 39} y="45" width="18" height="16" rx="2" style={{ fill: i === 1 ? STATUS_COLOR.alarm : SCREEN.text }} />
        </g>
      ))}
    </svg>
  );
}
