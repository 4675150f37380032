/**
 * Colours of the tunnel maps' bores (the personnel strip and the plan), by screen mode: dark rock in dark
 * mode, light rock in light mode (people dots take the theme's text colour, so they contrast with either);
 * `excavated` the dug part, `edge` the outline, `invert` the invert band.
 */
export const TUNNEL_MAP_COLORS = {
  dark: { rock: '#1e293b', excavated: '#334155', edge: '#475569', invert: '#0ea5e9' },
  light: { rock: '#e3e8ef', excavated: '#c3cdda', edge: '#8d9bb0', invert: '#0284c7' },
} as const;
