import { Trans, useLingui } from '@lingui/react/macro';
import type { TunnelInfo, VehicleInfo } from '../../../protocol';
import { formatLastSeen } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { VEHICLE_SOURCE_LABEL, VEHICLE_TYPE_LABEL, vehicleChainage } from './labels';
import { VehicleIcon } from './VehicleIcon';

/**
 * One vehicle's card (a click on its mark on the strip or its row): plate, type, driver, source, bore,
 * chainage, speed and last fix. Placed by the caller (absolutely, over the panel or the screen).
 */
export function VehicleCard({ vehicle, tunnels, nowMs, onClose, style }: { vehicle: VehicleInfo; tunnels: readonly TunnelInfo[]; nowMs: number; onClose: () => void; style?: React.CSSProperties }) {
  const { i18n, t } = useLingui();
  const bore = tunnels.find((x) => x.tunnelId === vehicle.tunnelId)?.name ?? vehicle.tunnelId ?? '–';
  const rows: Array<[string, string]> = [
    [t`Type`, i18n._(VEHICLE_TYPE_LABEL[vehicle.type])],
    [t`Driver`, vehicle.driver || '–'],
    [t`Source`, i18n._(VEHICLE_SOURCE_LABEL[vehicle.source])],
    [t`Bore`, bore],
    [t`Chainage`, vehicleChainage(vehicle, tunnels)],
    [t`Speed`, vehicle.speedKmh === null ? '–' : `${vehicle.speedKmh.toFixed(1)} km/h`],
    [t`Last seen`, formatLastSeen(vehicle.lastSeenMs, nowMs) || '–'],
  ];
  return (
    <div
      role="dialog"
      aria-label={t`Vehicle ${vehicle.plate}`}
      data-vehicle-card={vehicle.sn}
      style={{ position: 'absolute', zIndex: 5, minWidth: 320, padding: '12px 16px', borderRadius: 6, fontSize: 20, background: SCREEN.panelBackground, color: SCREEN.text, border: `1px solid ${SCREEN.textMuted}`, boxShadow: '0 6px 24px rgba(0,0,0,0.45)', ...style }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 8 }}>
        <VehicleIcon size={22} moving={vehicle.moving} />
        <strong style={{ fontSize: 24 }}>{vehicle.plate}</strong>
        <span style={{ color: SCREEN.textMuted }}>{vehicle.name}</span>
        <button type="button" onClick={onClose} aria-label={t`Close`} style={{ marginLeft: 'auto', fontSize: 20, background: 'transparent', color: SCREEN.text, border: 'none', cursor: 'pointer' }}>
          ×
        </button>
      </div>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: 0 }}>
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt style={{ color: SCREEN.textMuted }}>{k}</dt>
            <dd style={{ margin: 0 }}>{v}</dd>
          </div>
        ))}
      </dl>
      {vehicle.present ? null : (
        <p style={{ margin: '8px 0 0', color: SCREEN.textMuted }}>
          <Trans>Not in the tunnel (no fix for a minute)</Trans>
        </p>
      )}
    </div>
  );
}
