import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the labour count: big figures, two bores with two counts, a warning line. */
export function LabourCountThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="labourCount">
      {[8, 48, 88, 128].map((x, i) => (
        <g key={x}>
          <rect x={x} y="10" width="24" height="14" rx="2" style={{ fill: i === 2 ? STATUS_COLOR.warning : SCREEN.text }} />
          <rect x={x} y="28" width="24" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
        </g>
      ))}
      {[46, 58].map((y) => (
        <g key={y}>
          <rect x="8" y={y} width="50" height="5" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="90" y={y} width="20" height="5" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="126" y={y} width="20" height="5" rx="1" style={{ fill: SCREEN.textMuted }} />
        </g>
      ))}
      <rect x="8" y="78" width="140" height="5" rx="1" style={{ fill: STATUS_COLOR.warning }} />
      <rect x="8" y="88" width="110" height="5" rx="1" style={{ fill: STATUS_COLOR.warning }} />
    </svg>
  );
}
