import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatChainage } from '../../../protocol';
import { useSupplyPoints } from '../../panelData';
import { SupplyPointCard, SupplyPointIcon, supplyMarkStyle } from '../../components/emergency/SupplyPointCard';
import type { BoreLayout } from './layout';
import { placeSupplyPoints } from './supplyPoints';

/**
 * The emergency supply points on the tunnel strip (docs/domain.md "Emergency resources"): a first-aid mark
 * (a white cross on a green square, the safety sign's shape, not a colour alone) under the bore's lower
 * edge at each point's chainage (placeSupplyPoints), its name, chainage, contact and phone in its tooltip,
 * and in a card on a click. DOM over the canvas, like the vehicles (a site has a few dozen points at most);
 * live only (useSupplyPoints), off with the panel's `supplyPoints` setting.
 */
export function SupplyPointMarks({ bores, enabled, px }: { bores: readonly BoreLayout[]; enabled: boolean; px: (designPx: number) => number }) {
  const { points } = useSupplyPoints(enabled);
  const { t } = useLingui();
  const [picked, setPicked] = useState<number | null>(null);
  if (!enabled || !points) return null;
  const placed = placeSupplyPoints(points, bores);
  const card = placed.find((p) => p.point.recordId === picked);
  // text of the card at the map's label size: never under 12 screen px (mapTextPx)
  const textPx = px(14);
  return (
    <div data-supply-layer style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      {placed.map(({ point, x, bodyY, bodyH }) => {
        const size = Math.max(14, Math.min(24, bodyH * 0.45));
        const label = `${point.name} · ${formatChainage(point.chainageM)} · ${point.contact} ${point.phone}`;
        return (
          <button
            key={point.recordId}
            type="button"
            data-supply-point={point.recordId}
            aria-label={t`Supply point ${point.name}`}
            title={label}
            onClick={() => setPicked(point.recordId === picked ? null : point.recordId)}
            style={{ position: 'absolute', left: x - size / 2, top: bodyY + bodyH - size * 0.25, ...supplyMarkStyle(size) }}
          >
            <SupplyPointIcon />
          </button>
        );
      })}
      {card ? <SupplyPointCard point={card.point} textPx={textPx} style={{ left: Math.max(8, card.x - 160), top: card.bodyY + card.bodyH + 8 }} onClose={() => setPicked(null)} /> : null}
    </div>
  );
}
