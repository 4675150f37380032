import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTunnels, useVehicles } from '../../panelData';
import { PanelMessage, SCREEN, tablePages, useElementHeight, usePageTurns } from '../../components';
import { sortVehicles, VehicleCard, VehicleIcon, VehicleTable, vehiclesPerBore } from '../../components/vehicles';
import type { PanelProps } from '../types';
import type { VehiclesInTunnelConfig } from './index';

/** Seconds each page of the vehicle list stays up when the list takes more than one. */
const PAGE_TURN_S = 8;

/**
 * Vehicles in the tunnel now (useVehicles, live): per bore the number of vehicles in it, then the list
 * (in the tunnel first) in whole rows, turning its pages every PAGE_TURN_S with "page / pages" beneath when
 * it does not fit (tablePages); a row opens the vehicle's card. In replay it says vehicles are shown live only.
 */
export function VehiclesInTunnelPanel({ width, height }: PanelProps<VehiclesInTunnelConfig>) {
  const { state, failed, unavailable } = useVehicles();
  const tunnels = useTunnels();
  const { t } = useLingui();
  const [picked, setPicked] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const listPx = useElementHeight(listRef);
  const count = state?.vehicles.length ?? 0;
  const fontPx = Math.max(20, Math.min(26, Math.floor(height / (count + 4) / 1.6)));
  const rowPx = Math.ceil(fontPx * 1.6);
  // the head row and, when paging, the indicator line take a row each
  const { perPage, pages, rotating } = listPx > 0 ? tablePages(count, 0, Math.floor(listPx / rowPx) - 1, Math.floor(listPx / rowPx) - 2) : { perPage: Math.max(1, count), pages: 1, rotating: 1 };
  const page = usePageTurns(rotating, PAGE_TURN_S);
  if (unavailable) return <PanelMessage><Trans>Vehicles are shown live only</Trans></PanelMessage>;
  if (!state) return <PanelMessage>{failed ? <Trans>Vehicles could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const perBore = vehiclesPerBore(state.vehicles);
  const shown = sortVehicles(state.vehicles).slice(page * perPage, (page + 1) * perPage);
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
      <div ref={listRef} style={{ flex: 1, minHeight: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
        <VehicleTable vehicles={shown} tunnels={tunnels.tunnels} nowMs={state.atMs} fontPx={fontPx} rowPx={rowPx} compact={width < 1100} onPick={setPicked} />
        {pages > 1 ? (
          <div data-page-indicator={`${page + 1}/${pages}`} style={{ marginTop: 'auto', height: rowPx, flex: 'none', display: 'flex', alignItems: 'center', justifyContent: 'flex-end', fontSize: fontPx, color: SCREEN.textMuted }}>
            {page + 1} / {pages}
          </div>
        ) : null}
      </div>
      {card ? <VehicleCard vehicle={card} tunnels={tunnels.tunnels} nowMs={state.atMs} onClose={() => setPicked(null)} style={{ right: 8, top: 8 }} /> : null}
    </div>
  );
}
