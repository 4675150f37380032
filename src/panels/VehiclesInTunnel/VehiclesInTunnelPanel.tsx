import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTunnels, useVehicles } from '../../panelData';
import { PanelMessage, SCREEN } from '../../components';
import { VehicleCard, VehicleIcon, VehicleTable, vehiclesPerBore } from '../../components/vehicles';
import type { PanelProps } from '../types';
import type { VehiclesInTunnelConfig } from './index';

/**
 * Vehicles in the tunnel now (useVehicles, live): per bore the number of vehicles in it, then the list
 * (in the tunnel first); a row opens the vehicle's card. In replay it says vehicles are shown live only.
 */
export function VehiclesInTunnelPanel({ width, height }: PanelProps<VehiclesInTunnelConfig>) {
  const { state, failed, unavailable } = useVehicles();
  const tunnels = useTunnels();
  const { t } = useLingui();
  const [picked, setPicked] = useState<string | null>(null);
  if (unavailable) return <PanelMessage><Trans>Vehicles are shown live only</Trans></PanelMessage>;
  if (!state) return <PanelMessage>{failed ? <Trans>Vehicles could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const perBore = vehiclesPerBore(state.vehicles);
  const fontPx = Math.max(20, Math.min(26, Math.floor(height / (state.vehicles.length + 4) / 1.6)));
  const card = picked ? state.vehicles.find((v) => v.sn === picked) : undefined;
  return (
    <div data-vehicles-panel style={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {tunnels.tunnels.map((b) => (
          <div key={b.tunnelId} data-bore-vehicles={b.tunnelId} style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '4px 12px', borderRadius: 4, background: `color-mix(in srgb, ${SCREEN.textMuted} 18%, transparent)`, fontSize: fontPx }}>
            <VehicleIcon size={fontPx} />
            <span>{b.name}</span>
            <strong style={{ fontSize: fontPx * 1.4 }}>{perBore.get(b.tunnelId)?.length ?? 0}</strong>
            <span style={{ color: SCREEN.textMuted }}>{t`vehicles`}</span>
          </div>
        ))}
      </div>
      <div style={{ flex: 1, overflow: 'auto' }}>
        <VehicleTable vehicles={state.vehicles} tunnels={tunnels.tunnels} nowMs={state.atMs} fontPx={fontPx} compact={width < 1100} onPick={setPicked} />
      </div>
      {card ? <VehicleCard vehicle={card} tunnels={tunnels.tunnels} nowMs={state.atMs} onClose={() => setPicked(null)} style={{ right: 8, top: 8 }} /> : null}
    </div>
  );
}
