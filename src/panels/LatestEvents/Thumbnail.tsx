import { SCREEN } from '../../components';

/** Catalogue picture of the latest events: dated lines with a kind badge each. */
export function LatestEventsThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="latestEvents">
      {[10, 32, 54, 76].map((y, i) => (
        <g key={y}>
          <rect x="8" y={y} width="30" height="5" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="44" y={y - 1} width="18" height="7" rx="2" style={{ fill: ['#3fa7ff', '#2fbf71', '#ff5a5a', '#c08cff'][i] }} />
          <rect x="68" y={y} width="80" height="5" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="8" y={y + 9} width="110" height="4" rx="1" style={{ fill: SCREEN.panelBorder }} />
        </g>
      ))}
    </svg>
  );
}
