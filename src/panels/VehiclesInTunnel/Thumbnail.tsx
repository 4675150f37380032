import { SCREEN } from '../../components';
import { VEHICLE_COLOR } from '../../components/vehicles';

/** Catalogue picture of the vehicle panel: two bores' counts and a short list with truck marks. */
export function VehiclesInTunnelThumbnail({ width, height }: { width: number; height: number }) {
  const rows = [46, 62, 78, 94];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="vehiclesInTunnel">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      {[8, 84].map((x) => (
        <g key={x}>
          <rect x={x} y="20" width="68" height="18" rx="2" style={{ fill: SCREEN.textMuted, opacity: 0.3 }} />
          <rect x={x + 4} y="25" width="12" height="8" rx="1" fill={VEHICLE_COLOR} />
          <rect x={x + 22} y="26" width="30" height="6" rx="1" style={{ fill: SCREEN.text }} />
        </g>
      ))}
      {rows.map((y) => (
        <g key={y}>
          <rect x="8" y={y - 3} width="10" height="6" rx="1" fill={VEHICLE_COLOR} />
          <rect x="24" y={y - 2} width="40" height="4" rx="1" style={{ fill: SCREEN.text }} />
          <rect x="72" y={y - 2} width="36" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="118" y={y - 2} width="30" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
        </g>
      ))}
    </svg>
  );
}
