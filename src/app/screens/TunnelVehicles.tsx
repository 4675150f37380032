import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { VEHICLES, type TunnelInfo } from '../../../protocol';
import { useQuery } from '../../stores';
import { VEHICLE_REFRESH_MS } from '../../panelData';
import { VehicleCard, VehicleIcon, VehicleTable, vehiclesPerBore } from '../../components/vehicles';
import { SCREEN } from '../../theme/theme';

/**
 * The tunnel screen's vehicle section (docs/domain.md "Vehicles in the tunnel"): vehicles per bore and the
 * list of the project's vehicles with bore, chainage, speed and last fix; a row opens the vehicle's card.
 */
export const TunnelVehicles = observer(function TunnelVehicles({ projectId, tunnels }: { projectId: string; tunnels: readonly TunnelInfo[] }) {
  const { t } = useLingui();
  const state = useQuery(VEHICLES.state, { projectId }, { refreshMs: VEHICLE_REFRESH_MS }).data;
  const [picked, setPicked] = useState<string | null>(null);
  if (!state) return null;
  const perBore = vehiclesPerBore(state.vehicles);
  const card = picked ? state.vehicles.find((v) => v.sn === picked) : undefined;
  return (
    <section aria-label={t`Vehicles in the tunnel`} data-tunnel-vehicles style={{ position: 'relative', background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16, display: 'grid', gap: 12 }}>
      <h3 style={{ margin: 0, fontSize: 18 }}>
        <Trans>Vehicles in the tunnel</Trans>
      </h3>
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', fontSize: 16 }}>
        {tunnels.map((b) => (
          <span key={b.tunnelId} data-bore-vehicles={b.tunnelId} style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <VehicleIcon size={16} />
            {b.name}: <strong>{perBore.get(b.tunnelId)?.length ?? 0}</strong>
          </span>
        ))}
      </div>
      <VehicleTable vehicles={state.vehicles} tunnels={tunnels} nowMs={state.atMs} fontPx={16} onPick={setPicked} />
      {card ? <VehicleCard vehicle={card} tunnels={tunnels} nowMs={state.atMs} onClose={() => setPicked(null)} style={{ right: 16, top: 16 }} /> : null}
    </section>
  );
});
