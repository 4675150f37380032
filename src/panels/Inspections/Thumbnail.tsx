import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the inspection panel: two categories' counts (one overdue in red), a list of issues. */
export function InspectionsThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="inspections">
      {[8, 84].map((x) => (
        <g key={x}>
          <rect x={x} y="8" width="30" height="14" rx="2" style={{ fill: SCREEN.text }} />
          <rect x={x + 36} y="8" width="30" height="14" rx="2" style={{ fill: STATUS_COLOR.alarm }} />
        </g>
      ))}
      {[36, 50, 64, 78].map((y, i) => (
        <g key={y}>
          <rect x="8" y={y} width="100" height="6" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="118" y={y} width="34" height="6" rx="1" style={{ fill: i === 0 ? STATUS_COLOR.alarm : SCREEN.textMuted }} />
        </g>
      ))}
    </svg>
  );
}
