import { createDarkTheme, type Theme } from '@fluentui/react-components';
import { BRAND_COLOR, brandRamp } from './brandRamp';
import { SCREEN_PALETTES, screenVar } from './screenVars';

const DARK = SCREEN_PALETTES.dark;

/**
 * The board's colours for inline styles: `var(--sb-…)` references (with the dark value as fallback), so
 * everything styled with them follows the light/dark mode and primary colour that AppProviders sets on
 * <html> (screenVars.ts). Canvas code cannot use these strings: it takes `useThemeColors()`.
 */
export const SCREEN = {
  pageBackground: screenVar('pageBackground'),
  headerBackground: screenVar('headerBackground'),
  panelBackground: screenVar('panelBackground'),
  panelBorder: screenVar('panelBorder'),
  panelTitle: screenVar('panelTitle'),
  text: screenVar('text'),
  textMuted: screenVar('textMuted'),
  letterbox: screenVar('letterbox'),
  grid: screenVar('grid'),
  brand: screenVar('brand'),
} as const;

/**
 * The Fluent v9 dark theme of the board: the brand ramp from #00b589 (docs/product.md "Constants"), navy neutrals, and
 * the brand foregrounds lifted to lighter steps, as Fluent recommends for dark themes. Filled brand
 * surfaces (primary buttons) use the primary colour itself (step 80), not Fluent's darker dark-theme step,
 * so the colour the user chose is the colour they see.
 */
export function createScreenTheme(brandHex: string = BRAND_COLOR): Theme {
  const brand = brandRamp(brandHex);
  const base = createDarkTheme(brand);
  return {
    ...base,
    colorBrandBackground: brand[80],
    colorBrandBackgroundHover: brand[90],
    colorBrandBackgroundPressed: brand[70],
    colorBrandForeground1: brand[110],
    colorBrandForeground2: brand[120],
    colorNeutralBackground1: DARK.panelBackground,
    colorNeutralBackground2: DARK.panelTitle,
    colorNeutralBackground3: DARK.pageBackground,
    colorNeutralStroke1: DARK.panelBorder,
    colorNeutralForeground3: DARK.textMuted,
    fontSizeBase300: '16px',
    fontSizeBase400: '18px',
  };
}
