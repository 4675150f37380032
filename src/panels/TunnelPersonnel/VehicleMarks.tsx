import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TunnelInfo } from '../../../protocol';
import { usePanelData, useVehicles } from '../../panelData';
import { SCREEN } from '../../components';
import { VEHICLE_ICON_ASPECT, VehicleCard, VehicleIcon, vehicleChainage, vehiclesPerBore } from '../../components/vehicles';
import { MAP_TEXT_PX, type BoreLayout } from './layout';
import { PLATE_GAP_PX, placePlates } from './vehicleLabels';

/**
 * The vehicles on the tunnel strip, apart from the people: a truck mark (VehicleIcon) per vehicle in the
 * tunnel, sitting on the bore's upper edge at its chainage, its plate beside it where it fits inside the
 * strip and clear of the others (placePlates; always in its tooltip and card); the count per bore in the
 * label column under the headcount; a click opens the vehicle's card. DOM over the canvas (a site has a
 * few dozen vehicles at most), from useVehicles (live; in replay the strip shows people only).
 */
export function VehicleMarks(props: VehicleMarksProps) {
  // only a live source with a server has vehicles: in replay (and in a source without one) the strip shows people only
  const source = usePanelData();
  if (source.mode !== 'live' || !source.vehicles) return null;
  return <LiveVehicleMarks {...props} />;
}

interface VehicleMarksProps {
  bores: readonly BoreLayout[];
  tunnels: readonly TunnelInfo[];
  width: number;
  px: (designPx: number) => number;
}

function LiveVehicleMarks({ bores, tunnels, width, px }: VehicleMarksProps) {
  // as the map's canvas labels: grown with the board's scale so none is drawn under 12 screen px (mapTextPx)
  const textPx = px(MAP_TEXT_PX.boreName);
  // plates at 20 page px at least: 12.7 screen px on a 1366×768 board with page tabs (scale 0.634), 40 on a 3840×2160 wall (docs/product.md), DOM
  // text following the board's scale even before the map has measured it
  const platePx = Math.max(20, px(16));
  const { state } = useVehicles();
  const { t } = useLingui();
  const [picked, setPicked] = useState<string | null>(null);
  if (!state) return null;
  const perBore = vehiclesPerBore(state.vehicles);
  const card = picked ? state.vehicles.find((v) => v.sn === picked) : undefined;
  const markHOf = (b: BoreLayout) => Math.max(14, Math.min(26, b.bodyH * 0.5));
  const sides = new Map(
    bores.map((b) => {
      const marks = (perBore.get(b.tunnel.tunnelId) ?? []).map((v) => ({ sn: v.sn, x: b.xOf(v.chainageM ?? 0), plate: v.plate }));
      return [b.tunnel.tunnelId, placePlates(marks, markHOf(b) * VEHICLE_ICON_ASPECT, platePx, width)] as const;
    }),
  );
  const summary = bores.map((b) => `${b.tunnel.name}: ${t`${perBore.get(b.tunnel.tunnelId)?.length ?? 0} vehicles`}`).join('; ');
  return (
    <div data-vehicle-layer style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      <p data-summary="vehicles" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', margin: -1 }}>
        {summary}
      </p>
      {bores.map((b) => {
        const here = perBore.get(b.tunnel.tunnelId) ?? [];
        const markH = markHOf(b);
        return (
          <div key={b.tunnel.tunnelId}>
            <span data-vehicle-count={b.tunnel.tunnelId} style={{ position: 'absolute', left: 8, top: b.bodyY + b.bodyH + 4, fontSize: textPx, fontWeight: 600, color: SCREEN.text, display: 'inline-flex', gap: 6, alignItems: 'center', whiteSpace: 'nowrap' }}>
              <VehicleIcon size={textPx * 0.8} />
              {t`${here.length} vehicles`}
            </span>
            {here.map((v) => {
              const x = b.xOf(v.chainageM ?? 0);
              const side = sides.get(b.tunnel.tunnelId)?.get(v.sn) ?? null;
              // anchored at the mark's outer edge, so a plate to the left grows leftwards from the mark
              const half = (markH * VEHICLE_ICON_ASPECT) / 2;
              const anchor = side === 'left' ? { right: width - (x + half) } : { left: x - half };
              return (
                <button
                  key={v.sn}
                  type="button"
                  data-vehicle={v.sn}
                  data-moving={v.moving}
                  data-plate-side={side ?? 'none'}
                  aria-label={v.plate}
                  title={`${v.plate} · ${vehicleChainage(v, tunnels)} · ${v.speedKmh?.toFixed(1) ?? '–'} km/h`}
                  onClick={() => setPicked(v.sn)}
                  style={{ position: 'absolute', ...anchor, top: b.bodyY - markH * 0.75, height: markH, padding: 0, border: 'none', background: 'transparent', cursor: 'pointer', pointerEvents: 'auto', display: 'flex', alignItems: 'center', flexDirection: side === 'left' ? 'row-reverse' : 'row', gap: PLATE_GAP_PX }}
                >
                  <VehicleIcon size={markH} moving={v.moving} />
                  {side ? <span style={{ fontSize: platePx, fontWeight: 600, color: SCREEN.text, textShadow: '0 0 3px rgba(0,0,0,0.8)', whiteSpace: 'nowrap' }}>{v.plate}</span> : null}
                </button>
              );
            })}
          </div>
        );
      })}
      {card ? <VehicleCard vehicle={card} tunnels={tunnels} nowMs={state.atMs} onClose={() => setPicked(null)} style={{ right: 12, top: 0, maxHeight: '100%', overflow: 'auto', pointerEvents: 'auto' }} /> : null}
    </div>
  );
}
