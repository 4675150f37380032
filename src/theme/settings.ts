import { z } from 'zod';
import { createLightTheme, type Theme } from '@fluentui/react-components';
import { BRAND_COLOR, brandRamp } from './brandRamp';
import { createScreenTheme } from './theme';

/** Theme choices (docs/product.md "Constants") besides the default #00b589. */
export const THEME_COLORS = { default: BRAND_COLOR, red: '#F5222D', blue: '#1890FF' } as const;

/** docs/product.md "Constants": default page title. */
export const DEFAULT_TITLE = 'SiteBoard';

/** docs/product.md "Constants": a colour change compiles after 200 ms (the loading message shows meanwhile). */
export const THEME_COMPILE_DELAY_MS = 200;

/** Local-storage key of the chosen theme settings. */
export const THEME_STORAGE_KEY = 'siteboard.theme';

/** Theme settings of docs/product.md "Board model" (theme, primaryColor, title); `pwa` is the offline shell, always on here. */
export const themeSettingsSchema = z.strictObject({
  theme: z.enum(['dark', 'light']),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'primaryColor must be #rrggbb' }),
  title: z.string().trim().min(1).max(80),
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

export const DEFAULT_THEME_SETTINGS: ThemeSettings = { theme: 'dark', primaryColor: BRAND_COLOR, title: DEFAULT_TITLE };

/**
 * Reads stored settings (a JSON string or null). Anything unreadable or invalid field by field falls back to
 * the default of that field, so one bad value never loses the others.
 */
export function parseStoredTheme(raw: string | null): ThemeSettings {
  if (!raw) return DEFAULT_THEME_SETTINGS;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return DEFAULT_THEME_SETTINGS;
  }
  if (typeof json !== 'object' || json === null) return DEFAULT_THEME_SETTINGS;
  const out = { ...DEFAULT_THEME_SETTINGS };
  const shape = themeSettingsSchema.shape;
  for (const key of Object.keys(shape) as Array<keyof ThemeSettings>) {
    const r = shape[key].safeParse((json as Record<string, unknown>)[key]);
    if (r.success) (out as Record<string, unknown>)[key] = r.data;
  }
  return out;
}

/**
 * Builds the Fluent theme of `settings`: the brand ramp from `primaryColor` on the navy dark board theme,
 * or Fluent's light theme. @throws RangeError when the colour is not #rrggbb (the "theme compile failed"
 * case).
 */
export function compileTheme(settings: Pick<ThemeSettings, 'theme' | 'primaryColor'>): Theme {
  if (settings.theme === 'light') return createLightTheme(brandRamp(settings.primaryColor));
  return createScreenTheme(settings.primaryColor);
}
