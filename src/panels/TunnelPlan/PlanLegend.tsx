import type { CSSProperties } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZONE_KINDS, type TunnelInfo, type ZoneKind } from '../../../protocol';
import { SCREEN } from '../../components';
import { ZONE_KIND_LABEL } from '../../components/messages';
import { BoreLegend, gradesOf } from '../../components/tunnel/BoreProgress';
import { HEAT_CLASSES, heatColor } from '../../theme/personnelHeat';

/** Colours of the zones on the plan by kind (a translucent band over the bore). */
export const PLAN_ZONE_COLOR: Record<ZoneKind, string> = { danger: '#ef4444', work: '#eab308', portal: '#2dd4bf' };

/** Rough width of the legend's two rows of entries, in units of its font size. */
const ROW_EMS = [78, 70];

/** Height (px) the legend under the plan takes at `fontPx` in a panel `width` wide: its rows as they wrap. */
export function planLegendHeight(fontPx: number, width: number): number {
  const rows = ROW_EMS.reduce((n, ems) => n + Math.max(1, Math.ceil((ems * fontPx) / Math.max(width, 1))), 0);
  return Math.ceil(rows * fontPx * 1.45 + 8);
}

/**
 * The plan's legend, under the drawing: the rock grades and works (the tunnel screen's legend), the heat
 * map's classes, the zone kinds and the cross passages, and which bores are drawn straight for want of an
 * alignment. DOM text at `fontPx` (already sized for the screen, never under 12 screen px).
 */
export function PlanLegend({ tunnels, binM, fontPx, straight, height }: { tunnels: readonly TunnelInfo[]; binM: number; fontPx: number; straight: readonly string[]; height: number }) {
  const { i18n } = useLingui();
  const swatch = (background: string, h = fontPx * 0.8): CSSProperties => ({ display: 'inline-block', width: fontPx * 1.4, height: h, background, marginRight: 6, verticalAlign: 'middle' });
  const item: CSSProperties = { whiteSpace: 'nowrap' };
  const names = straight.join(', ');
  return (
    <div data-legend="plan" style={{ position: 'absolute', left: 8, right: 8, bottom: 0, height, overflow: 'hidden', display: 'grid', alignContent: 'end', gap: 2, fontSize: fontPx, color: SCREEN.text }}>
      <BoreLegend grades={gradesOf(tunnels)} fontPx={fontPx} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: `2px ${fontPx * 1.2}px`, alignItems: 'center' }}>
        <strong>
          <Trans>People per {binM} m</Trans>
        </strong>
        {HEAT_CLASSES.map((c) => (
          <span key={c.label} style={item}>
            <span style={swatch(heatColor(c.count) ?? 'transparent')} />
            {c.label}
          </span>
        ))}
        {ZONE_KINDS.map((k) => (
          <span key={k} style={item}>
            <span style={{ ...swatch(PLAN_ZONE_COLOR[k]), opacity: 0.6 }} />
            {i18n._(ZONE_KIND_LABEL[k])}
          </span>
        ))}
        <span style={item}>
          <span style={swatch(SCREEN.textMuted, 3)} />
          <Trans>Cross passage</Trans>
        </span>
        {straight.length > 0 ? (
          <span data-plan-straight style={{ ...item, color: SCREEN.textMuted }}>
            <Trans>No surveyed alignment, drawn straight: {names}</Trans>
          </span>
        ) : null}
      </div>
    </div>
  );
}
