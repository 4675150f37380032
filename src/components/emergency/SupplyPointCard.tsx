import type { CSSProperties } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatChainage, type SupplyPoint } from '../../../protocol';
import { SCREEN } from '../../theme/theme';

/** The first-aid green of safety signs (GB 2894 / ISO 7010 E003: white cross on green). */
export const SUPPLY_GREEN = '#0a8f3c';

/** The supply point's mark: a white cross on a green square (the safety sign's shape, not a colour alone), filling its box. */
export function SupplyPointIcon() {
  return (
    <svg viewBox="0 0 10 10" width="100%" height="100%" aria-hidden="true" style={{ display: 'block' }}>
      <path d="M4 1.5h2v2.5h2.5v2H6v2.5H4V6H1.5V4H4z" fill="#fff" />
    </svg>
  );
}

/** A mark's button box: `size` px square, green with a white edge, clickable over a canvas. */
export function supplyMarkStyle(size: number): CSSProperties {
  return { width: size, height: size, padding: 0, border: '1px solid #fff', borderRadius: 2, background: SUPPLY_GREEN, cursor: 'pointer', pointerEvents: 'auto' };
}

/**
 * The card of an emergency supply point (docs/domain.md "Emergency resources"), shown on a click on its mark:
 * its name, chainage, what is kept there (the register's note), contact and phone. `textPx` is the text size
 * (at least 12 screen px: the caller scales it with mapTextPx); `style` places it.
 */
export function SupplyPointCard({ point, textPx, style, onClose }: { point: SupplyPoint; textPx: number; style: CSSProperties; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div role="dialog" aria-label={t`Supply point ${point.name}`} data-supply-card={point.recordId} style={{ position: 'absolute', width: Math.max(320, textPx * 22), boxSizing: 'border-box', background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 10, fontSize: textPx, color: SCREEN.text, pointerEvents: 'auto', zIndex: 2, ...style }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <strong>{point.name}</strong>
        <button type="button" aria-label={t`Close`} onClick={onClose} style={{ background: 'transparent', border: 'none', color: SCREEN.text, cursor: 'pointer', fontSize: textPx }}>
          ✕
        </button>
      </div>
      <div>{formatChainage(point.chainageM)}</div>
      <div>
        {point.contact} <span style={{ fontVariantNumeric: 'tabular-nums' }}>{point.phone}</span>
      </div>
      {point.note ? <div style={{ color: SCREEN.textMuted }} data-supply-materials>{point.note}</div> : null}
    </div>
  );
}
