import { SCREEN } from '../../components';

/** Catalogue picture of the project summary: a title, label and value lines, a row of figures. */
export function ProjectSummaryThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="projectSummary">
      <rect x="8" y="8" width="90" height="8" rx="2" style={{ fill: SCREEN.text }} />
      {[24, 34, 44, 54].map((y) => (
        <g key={y}>
          <rect x="8" y={y} width="36" height="5" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="52" y={y} width="70" height="5" rx="1" style={{ fill: SCREEN.text }} />
        </g>
      ))}
      {[8, 46, 84, 122].map((x) => (
        <rect key={x} x={x} y="70" width="28" height="14" rx="2" style={{ fill: SCREEN.brand }} />
      ))}
    </svg>
  );
}
