import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the spray state: rows of cannons, each with an on/off lamp and two text cells. */
export function SprayStateThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="sprayState">
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x="4" y={10 + i * 30} width="152" height="24" rx="2" style={{ fill: SCREEN.panelTitle }} />
          <circle cx="18" cy={22 + i * 30} r="6" style={{ fill: i === 0 ? STATUS_COLOR.online : SCREEN.textMuted }} />
          <rect x="32" y={18 + i * 30} width="48" height="8" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="92" y={18 + i * 30} width="56" height="8" rx="1" style={{ fill: SCREEN.textMuted }} />
        </g>
      ))}
    </svg>
  );
}
