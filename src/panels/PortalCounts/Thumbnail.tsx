import { SCREEN } from '../../components';

/** Catalogue picture of the portal-count panel: two bores, each a name, an underground figure and two portals' in/out. */
export function PortalCountsThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="portalCounts">
      {[10, 56].map((y) => (
        <g key={y}>
          <rect x="8" y={y} width="40" height="8" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="8" y={y + 12} width="28" height="18" rx="2" style={{ fill: SCREEN.text }} />
          {[60, 110].map((x) => (
            <g key={x}>
              <rect x={x} y={y} width="40" height="8" rx="1" style={{ fill: SCREEN.textMuted }} />
              <rect x={x} y={y + 14} width="16" height="14" rx="2" style={{ fill: SCREEN.text }} />
              <rect x={x + 22} y={y + 14} width="16" height="14" rx="2" style={{ fill: SCREEN.text }} />
            </g>
          ))}
        </g>
      ))}
    </svg>
  );
}
