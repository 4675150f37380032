import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatChainage } from '../../../protocol';
import { useSupplyPoints } from '../../panelData';
import { SCREEN } from '../../components';
import type { BoreLayout } from './layout';
import { placeSupplyPoints } from './supplyPoints';

/** The first-aid green of safety signs (GB 2894 / ISO 7010 E003: white cross on green). */
const SUPPLY_GREEN = '#0a8f3c';

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
            style={{ position: 'absolute', left: x - size / 2, top: bodyY + bodyH - size * 0.25, width: size, height: size, padding: 0, border: '1px solid #fff', borderRadius: 2, background: SUPPLY_GREEN, cursor: 'pointer', pointerEvents: 'auto' }}
          >
            <svg viewBox="0 0 10 10" width="100%" height="100%" aria-hidden="true" style={{ display: 'block' }}>
              <path d="M4 1.5h2v2.5h2.5v2H6v2.5H4V6H1.5V4H4z" fill="#fff" />
            </svg>
          </button>
        );
      })}
      {card ? (
        <div role="dialog" aria-label={t`Supply point ${card.point.name}`} data-supply-card={card.point.recordId} style={{ position: 'absolute', left: Math.max(8, card.x - 160), top: card.bodyY + card.bodyH + 8, width: 320, background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 10, fontSize: textPx, color: SCREEN.text, pointerEvents: 'auto', zIndex: 2 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <strong>{card.point.name}</strong>
            <button type="button" aria-label={t`Close`} onClick={() => setPicked(null)} style={{ background: 'transparent', border: 'none', color: SCREEN.text, cursor: 'pointer', fontSize: textPx }}>
              ✕
            </button>
          </div>
          <div>{formatChainage(card.point.chainageM)}</div>
          <div>
            {card.point.contact} <span style={{ fontVariantNumeric: 'tabular-nums' }}>{card.point.phone}</span>
          </div>
          {card.point.note ? <div style={{ color: SCREEN.textMuted }}>{card.point.note}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
