import { useLayoutEffect, useSyncExternalStore } from 'react';

/** Light or dark board (`theme`, docs/product.md "Board model"). */
export type ScreenMode = 'dark' | 'light';

/**
 * The board's own colours (everything that is not a Fluent widget): page, panel frames, text, chart
 * axes and grid, and the brand colour. Status colours (alarm red, warning amber, online green) are not
 * here: they stay the same in both modes (status.ts).
 */
export interface ScreenColors {
  pageBackground: string;
  /** Top of the board header's gradient (dark: a lifted navy). */
  headerBackground: string;
  panelBackground: string;
  panelBorder: string;
  panelTitle: string;
  text: string;
  textMuted: string;
  /** Around a scaled board (letterbox bars). */
  letterbox: string;
  /** Chart grid lines and ticks (uPlot). */
  grid: string;
  /** The chosen primary colour (#rrggbb). */
  brand: string;
}

/** CSS custom property of each board colour, set on <html> by {@link useScreenCssVars}. */
export const SCREEN_VAR: Record<keyof ScreenColors, `--sb-${string}`> = {
  pageBackground: '--sb-bg',
  headerBackground: '--sb-header-bg',
  panelBackground: '--sb-panel-bg',
  panelBorder: '--sb-panel-border',
  panelTitle: '--sb-panel-title',
  text: '--sb-text',
  textMuted: '--sb-text-muted',
  letterbox: '--sb-letterbox',
  grid: '--sb-grid',
  brand: '--sb-brand',
};

/**
 * The palettes of both modes (brand aside). Dark: the navy large-screen palette, so the brand and status
 * colours stand out at distance. Light: white panels on a pale blue-grey page with slate text, contrast
 * ≥ 4.5 for text and muted text on the panel.
 */
export const SCREEN_PALETTES: Record<ScreenMode, Omit<ScreenColors, 'brand'>> = {
  dark: {
    pageBackground: '#050b18',
    headerBackground: '#0b1a36',
    panelBackground: '#0b1730',
    panelBorder: '#1d3357',
    panelTitle: '#0f2142',
    text: '#e2e8f0',
    textMuted: '#8aa0c2',
    letterbox: '#000000',
    grid: 'rgba(138, 160, 194, 0.15)',
  },
  light: {
    pageBackground: '#eef2f7',
    headerBackground: '#ffffff',
    panelBackground: '#ffffff',
    panelBorder: '#c9d4e3',
    panelTitle: '#e6ecf5',
    text: '#1f2a3d',
    textMuted: '#4f5f78',
    letterbox: '#d5dce6',
    grid: 'rgba(79, 95, 120, 0.18)',
  },
};

/** The default primary colour of docs/product.md "Constants" (kept here too so this module has no theme dependency cycle). */
const DEFAULT_BRAND = '#00b589';

/** The full colour set of a mode and primary colour. */
export function screenColors(mode: ScreenMode, brandHex: string = DEFAULT_BRAND): ScreenColors {
  return { ...SCREEN_PALETTES[mode], brand: brandHex };
}

/** The custom properties of a mode and primary colour, e.g. `{ '--sb-bg': '#050b18', … }`. */
export function screenCssVars(mode: ScreenMode, brandHex: string = DEFAULT_BRAND): Record<string, string> {
  const colors = screenColors(mode, brandHex);
  const out: Record<string, string> = {};
  for (const key of Object.keys(SCREEN_VAR) as Array<keyof ScreenColors>) out[SCREEN_VAR[key]] = colors[key];
  return out;
}

/** `var(--sb-…, <dark fallback>)` of a colour: inline styles follow the mode; the fallback serves trees without the provider. */
export function screenVar(key: keyof ScreenColors): string {
  return `var(${SCREEN_VAR[key]}, ${screenColors('dark')[key]})`;
}

// The colours in force, for canvas code (uPlot, Konva) that cannot read CSS variables.
let applied: ScreenColors = screenColors('dark');
let appliedMode: ScreenMode = 'dark';
const listeners = new Set<() => void>();

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Sets the board's custom properties (and `color-scheme`) on `el`, default <html> so portals (menus,
 * dialogs, toasts) and the page background follow too, and tells {@link useThemeColors} users.
 */
export function applyScreenVars(mode: ScreenMode, brandHex: string, el: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(screenCssVars(mode, brandHex))) el.style.setProperty(name, value);
  el.style.colorScheme = mode;
  const next = screenColors(mode, brandHex);
  if (mode !== appliedMode || Object.keys(next).some((k) => next[k as keyof ScreenColors] !== applied[k as keyof ScreenColors])) {
    applied = next;
    appliedMode = mode;
    listeners.forEach((fn) => fn());
  }
}

/**
 * The theme provider's part: keeps <html>'s board colours in step with the applied theme settings.
 * Call once, at the root (AppProviders).
 */
export function useScreenCssVars(settings: { theme: ScreenMode; primaryColor: string }): void {
  useLayoutEffect(() => {
    applyScreenVars(settings.theme, settings.primaryColor);
  }, [settings.theme, settings.primaryColor]);
}

/**
 * The board colours as resolved values (for canvas drawing): the computed custom properties of `el`
 * (default <html>), each falling back to the colours last applied when the property is not set.
 */
export function readThemeColors(el: Element | null = typeof document === 'undefined' ? null : document.documentElement): ScreenColors {
  if (!el || typeof getComputedStyle === 'undefined') return applied;
  const style = getComputedStyle(el);
  const out = { ...applied };
  for (const key of Object.keys(SCREEN_VAR) as Array<keyof ScreenColors>) {
    const v = style.getPropertyValue(SCREEN_VAR[key]).trim();
    if (v) out[key] = v;
  }
  return out;
}

function snapshot(): ScreenColors {
  return applied;
}

/** The board colours in force, re-rendering when the theme changes (for uPlot/Konva colours). */
export function useThemeColors(): ScreenColors {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function modeSnapshot(): ScreenMode {
  return appliedMode;
}

/** The mode in force (light or dark), re-rendering when it changes: for colours chosen per mode, such as chart series. */
export function useScreenMode(): ScreenMode {
  return useSyncExternalStore(subscribe, modeSnapshot, modeSnapshot);
}
