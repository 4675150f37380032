import { Trans, useLingui } from '@lingui/react/macro';
import type { TunnelInfo, VehicleInfo } from '../../../protocol';
import { formatLastSeen } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { VEHICLE_SOURCE_LABEL, VEHICLE_TYPE_LABEL, vehicleChainage } from './labels';
import { VehicleIcon } from './VehicleIcon';

/** The vehicles in the list's order: those in the tunnel first (by bore and chainage), then the others. */
export function sortVehicles(vehicles: readonly VehicleInfo[]): VehicleInfo[] {
  return [...vehicles].sort((a, b) => Number(b.present) - Number(a.present) || (a.tunnelId ?? '').localeCompare(b.tunnelId ?? '') || (a.chainageM ?? 0) - (b.chainageM ?? 0));
}

/**
 * The vehicle list in {@link sortVehicles} order; plate, type, driver, source, bore, chainage, speed, last
 * fix. A row click picks the vehicle (its card). `compact` leaves out driver and source (a narrow panel);
 * `rowPx` gives every row (and the head) that height, so a panel can tell how many whole rows fit.
 */
export function VehicleTable({ vehicles, tunnels, nowMs, fontPx, compact = false, rowPx, onPick }: { vehicles: readonly VehicleInfo[]; tunnels: readonly TunnelInfo[]; nowMs: number; fontPx: number; compact?: boolean; rowPx?: number; onPick: (sn: string) => void }) {
  const { i18n } = useLingui();
  const sorted = sortVehicles(vehicles);
  const th = { textAlign: 'left' as const, padding: '2px 8px', color: SCREEN.textMuted, fontWeight: 500 };
  const td = { padding: '2px 8px', whiteSpace: 'nowrap' as const };
  if (vehicles.length === 0) {
    return (
      <p style={{ fontSize: fontPx, color: SCREEN.textMuted }}>
        <Trans>No vehicles registered in this project</Trans>
      </p>
    );
  }
  return (
    <table data-vehicle-table style={{ borderCollapse: 'collapse', width: '100%', fontSize: fontPx }}>
      <thead>
        <tr style={{ height: rowPx }}>
          <th style={th}><Trans>Plate</Trans></th>
          <th style={th}><Trans>Type</Trans></th>
          {compact ? null : <th style={th}><Trans>Driver</Trans></th>}
          {compact ? null : <th style={th}><Trans>Source</Trans></th>}
          <th style={th}><Trans>Bore</Trans></th>
          <th style={th}><Trans>Chainage</Trans></th>
          <th style={{ ...th, textAlign: 'right' }}><Trans>Speed (km/h)</Trans></th>
          <th style={th}><Trans>Last seen</Trans></th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((v) => (
          <tr key={v.sn} data-vehicle-row={v.sn} onClick={() => onPick(v.sn)} style={{ cursor: 'pointer', opacity: v.present ? 1 : 0.55, height: rowPx }}>
            <td style={td}>
              <VehicleIcon size={fontPx * 0.8} moving={v.moving} /> {v.plate}
            </td>
            <td style={td}>{i18n._(VEHICLE_TYPE_LABEL[v.type])}</td>
            {compact ? null : <td style={td}>{v.driver || '–'}</td>}
            {compact ? null : <td style={td}>{i18n._(VEHICLE_SOURCE_LABEL[v.source])}</td>}
            <td style={td}>{v.present ? (tunnels.find((t) => t.tunnelId === v.tunnelId)?.name ?? v.tunnelId) : '–'}</td>
            <td style={td}>{v.present ? vehicleChainage(v, tunnels) : '–'}</td>
            <td style={{ ...td, textAlign: 'right' }}>{v.present && v.speedKmh !== null ? v.speedKmh.toFixed(1) : '–'}</td>
            <td style={td}>{formatLastSeen(v.lastSeenMs, nowMs) || '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
