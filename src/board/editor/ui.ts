import type { CSSProperties } from 'react';
import { SCREEN } from '../../theme/theme';

/**
 * Colours of the builder's chrome, as `var(--sb-…)` references: they follow the app's light/dark mode
 * and primary colour (theme/screenVars.ts), like the board being edited.
 */
export const COLORS = {
  /** Behind the page (the "pasteboard"): a step away from the page background in either mode. */
  workspace: `color-mix(in srgb, ${SCREEN.pageBackground} 86%, ${SCREEN.text})`,
  pane: SCREEN.panelBackground,
  raised: SCREEN.panelTitle,
  field: SCREEN.pageBackground,
  border: SCREEN.panelBorder,
  text: SCREEN.text,
  muted: SCREEN.textMuted,
  brand: SCREEN.brand,
  /** Errors and the conflict banner: one red that reads on both the dark and the light pane. */
  danger: '#e5484d',
  dangerBackground: `color-mix(in srgb, #e5484d 28%, ${SCREEN.panelBackground})`,
  warnBackground: `color-mix(in srgb, #faad14 28%, ${SCREEN.panelBackground})`,
  okBackground: `color-mix(in srgb, ${SCREEN.brand} 22%, ${SCREEN.panelBackground})`,
  /** Selection outline, handles, marquee (the primary colour). */
  selection: SCREEN.brand,
  /** Snap guides: magenta stands out on any panel colour. */
  guide: '#ff3fd1',
} as const;

/** Shared inline styles of the builder's chrome (light or dark with the app theme). */
export const UI = {
  pane: { background: COLORS.pane, borderRight: `1px solid ${COLORS.border}`, padding: 10, overflow: 'auto', boxSizing: 'border-box', color: COLORS.text, fontSize: 13 } as CSSProperties,
  heading: { fontSize: 12, textTransform: 'uppercase', letterSpacing: 1, color: COLORS.muted, margin: '12px 0 6px' } as CSSProperties,
  button: { background: COLORS.raised, color: COLORS.text, border: `1px solid ${COLORS.border}`, borderRadius: 4, padding: '3px 8px', cursor: 'pointer', fontSize: 12 } as CSSProperties,
  primary: { background: COLORS.brand, color: '#03140f', border: `1px solid ${COLORS.brand}`, borderRadius: 4, padding: '3px 10px', cursor: 'pointer', fontSize: 12, fontWeight: 600 } as CSSProperties,
  input: { background: COLORS.field, color: COLORS.text, border: `1px solid ${COLORS.border}`, borderRadius: 3, padding: '3px 5px', fontSize: 12, boxSizing: 'border-box' } as CSSProperties,
  error: { color: COLORS.danger, whiteSpace: 'pre-wrap', fontSize: 12 } as CSSProperties,
};
