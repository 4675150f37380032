import { createDarkTheme, type Theme } from '@fluentui/react-components';
import { BRAND_COLOR, brandRamp } from './brandRamp';

/** Large-screen palette: a dark navy page so the brand green and the status colours stand out at distance. */
export const SCREEN = {
  pageBackground: '#050b18',
  panelBackground: '#0b1730',
  panelBorder: '#1d3357',
  panelTitle: '#0f2142',
  textMuted: '#8aa0c2',
  letterbox: '#000000',
} as const;

/**
 * The Fluent v9 dark theme of the board: the brand ramp from #00b589 (SPEC §9), navy neutrals, and
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
    colorNeutralBackground1: SCREEN.panelBackground,
    colorNeutralBackground2: SCREEN.panelTitle,
    colorNeutralBackground3: SCREEN.pageBackground,
    colorNeutralStroke1: SCREEN.panelBorder,
    colorNeutralForeground3: SCREEN.textMuted,
    fontSizeBase300: '16px',
    fontSizeBase400: '18px',
  };
}
