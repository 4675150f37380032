import { SCREEN } from '../../components';

/** Catalogue picture of the stage trend: two lines over a grid. */
export function CycleTrendThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="cycleTrend">
      {[20, 45, 70].map((y) => (
        <line key={y} x1="10" x2="154" y1={y} y2={y} style={{ stroke: SCREEN.grid }} />
      ))}
      <polyline points="10,60 34,52 58,66 82,40 106,48 130,30 154,38" style={{ fill: 'none', stroke: '#3b82f6', strokeWidth: 2 }} />
      <polyline points="10,76 34,70 58,74 82,62 106,68 130,58 154,64" style={{ fill: 'none', stroke: '#10b981', strokeWidth: 2 }} />
    </svg>
  );
}
