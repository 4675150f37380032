import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the progress figures: a table of metres with one step distance over its limit. */
export function ProgressFiguresThumbnail({ width, height }: { width: number; height: number }) {
  const rows = [26, 42, 58, 74, 90];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="progressFigures">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      {rows.map((y, i) => (
        <g key={y}>
          <rect x="8" y={y - 2} width="36" height="4" rx="1" style={{ fill: SCREEN.text }} />
          {[52, 78, 104].map((x) => (
            <rect key={x} x={x} y={y - 2} width="20" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
          ))}
          <rect x="130" y={y - 2} width="22" height="4" rx="1" style={{ fill: i === 1 ? STATUS_COLOR.warning : SCREEN.textMuted }} />
        </g>
      ))}
    </svg>
  );
}
