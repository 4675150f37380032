import { LEVEL_COLOR, SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the seven days: a headline figure over three rows of seven bars and their limit. */
export function EnvironmentWeekThumbnail({ width, height }: { width: number; height: number }) {
  const rows = [0, 1, 2];
  const heights = [10, 14, 8, 18, 12, 9, 11];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="environmentWeek">
      <rect x="6" y="4" width="40" height="10" rx="2" style={{ fill: SCREEN.text }} />
      {rows.map((r) => (
        <g key={r}>
          {heights.map((h, i) => (
            <rect key={i} x={8 + i * 21} y={40 + r * 27 - h} width="12" height={h} style={{ fill: i === 3 && r === 0 ? LEVEL_COLOR.alarm : STATUS_COLOR.online }} />
          ))}
          <line x1="4" y1={40 + r * 27 - 15} x2="156" y2={40 + r * 27 - 15} style={{ stroke: LEVEL_COLOR.alarm, strokeDasharray: '4 3' }} />
        </g>
      ))}
    </svg>
  );
}
