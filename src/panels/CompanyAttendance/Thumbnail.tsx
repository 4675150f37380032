import { SCREEN } from '../../components';

/** Catalogue picture of the company attendance: a table of companies with a rate bar each. */
export function CompanyAttendanceThumbnail({ width, height }: { width: number; height: number }) {
  const rows = [22, 40, 58, 76];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="companyAttendance">
      {rows.map((y, i) => (
        <g key={y}>
          <rect x="8" y={y} width="44" height="5" rx="1" style={{ fill: SCREEN.text }} />
          {[62, 84, 106].map((x) => (
            <rect key={x} x={x} y={y} width="14" height="5" rx="1" style={{ fill: SCREEN.textMuted }} />
          ))}
          <rect x="128" y={y} width={24 - i * 4} height="5" rx="1" style={{ fill: SCREEN.brand }} />
        </g>
      ))}
    </svg>
  );
}
