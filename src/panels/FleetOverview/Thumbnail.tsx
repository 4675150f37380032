import { SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of the fleet overview: a table with status dots and utilisation bars. */
export function FleetOverviewThumbnail({ width, height }: { width: number; height: number }) {
  const rows = [
    { y: 26, status: STATUS_COLOR.online, used: 44 },
    { y: 42, status: STATUS_COLOR.warning, used: 28 },
    { y: 58, status: STATUS_COLOR.online, used: 60 },
    { y: 74, status: STATUS_COLOR.alarm, used: 12 },
    { y: 90, status: STATUS_COLOR.offline, used: 0 },
  ];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="fleetOverview">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      {rows.map((r) => (
        <g key={r.y}>
          <circle cx="10" cy={r.y} r="3" style={{ fill: r.status }} />
          <rect x="18" y={r.y - 2} width="36" height="4" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="60" y={r.y - 2} width="26" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="94" y={r.y - 3} width="60" height="6" rx="1" style={{ fill: SCREEN.panelBorder }} />
          <rect x="94" y={r.y - 3} width={r.used} height="6" rx="1" style={{ fill: SCREEN.brand }} />
        </g>
      ))}
    </svg>
  );
}
