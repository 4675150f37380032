import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatChainage } from '../../../protocol';
import { useSupplyPoints } from '../../panelData';
import { SCREEN } from '../../components';
import { SupplyPointCard, SupplyPointIcon, supplyMarkStyle } from '../../components/emergency/SupplyPointCard';
import type { PlanBore, PlanView } from './geometry';
import { placePlanSupplyPoints } from './planSupplyPoints';

/**
 * The emergency supply points on the plan (docs/domain.md "Emergency resources"): at each point's chainage on
 * its bore (placePlanSupplyPoints), beyond the grade band on the bore's outer side, the first-aid mark and the point's name; a click
 * opens its card (materials kept there, contact, phone). DOM over the canvas, following pan and zoom (a site
 * has a few dozen points at most); live only (useSupplyPoints), off with the plan's layer toggle.
 * `px` scales design px to the screen (mapTextPx: never under 12 screen px).
 */
export function PlanSupplyPoints({ bores, view, bodyPx, width, height, enabled, px }: { bores: readonly PlanBore[]; view: PlanView; bodyPx: number; width: number; height: number; enabled: boolean; px: (designPx: number) => number }) {
  const { points } = useSupplyPoints(enabled);
  const { t } = useLingui();
  const [picked, setPicked] = useState<number | null>(null);
  if (!enabled || !points) return null;
  const size = px(20);
  const textPx = px(14);
  const placed = placePlanSupplyPoints(points, bores, view, bodyPx / 2 + 12 + size / 2).filter((p) => p.x > -size && p.x < width + size && p.y > -size && p.y < height + size);
  const card = placed.find((p) => p.point.recordId === picked);
  return (
    <div data-supply-layer style={{ position: 'absolute', left: 0, top: 0, width, height, pointerEvents: 'none', overflow: 'hidden' }}>
      {placed.map(({ point, x, y }) => (
        <div key={point.recordId} style={{ position: 'absolute', left: x - size / 2, top: y - size / 2, display: 'flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
          <button
            type="button"
            data-supply-point={point.recordId}
            aria-label={t`Supply point ${point.name}`}
            aria-expanded={point.recordId === picked}
            title={`${point.name} · ${formatChainage(point.chainageM)} · ${point.contact} ${point.phone}`}
            onClick={() => setPicked(point.recordId === picked ? null : point.recordId)}
            style={{ flex: '0 0 auto', ...supplyMarkStyle(size) }}
          >
            <SupplyPointIcon />
          </button>
          <span aria-hidden="true" // on a plate of the page colour, so a chainage mark or a person drawn under the name never runs through it
            style={{ fontSize: textPx, color: SCREEN.text, padding: '0 0.3em', borderRadius: 3, background: `color-mix(in srgb, ${SCREEN.pageBackground} 85%, transparent)` }}>
            {point.name}
          </span>
        </div>
      ))}
      {card ? (
        <SupplyPointCard
          point={card.point}
          textPx={textPx}
          // beside the mark, kept inside the plan
          style={{ left: Math.max(8, Math.min(width - Math.max(320, textPx * 22) - 8, card.x - 160)), top: card.y + size < height - textPx * 9 ? card.y + size : Math.max(8, card.y - size - textPx * 9) }}
          onClose={() => setPicked(null)}
        />
      ) : null}
    </div>
  );
}
