import { SCREEN } from '../../components';

/** Catalogue picture of the key progress: labelled progress bars. */
export function KeyProgressThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="keyProgress">
      {[[12, 0.8], [36, 0.55], [60, 0.3], [84, 0.65]].map(([y, f]) => (
        <g key={y}>
          <rect x="8" y={y} width="60" height="5" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="8" y={y + 8} width="144" height="5" rx="2" style={{ fill: SCREEN.panelBorder }} />
          <rect x="8" y={y + 8} width={144 * f} height="5" rx="2" style={{ fill: SCREEN.brand }} />
        </g>
      ))}
    </svg>
  );
}
