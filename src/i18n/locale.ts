/** Locales with a catalog. SPEC §4/§9: zh-CN is the default and the fallback for any missing locale. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type AppLocale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: AppLocale = 'zh-CN';

/** Local-storage key of the stored preference (SPEC §9: one key). */
export const LOCALE_STORAGE_KEY = 'siteboard.locale';

/** Maps a BCP 47 tag to a locale we have: any `zh` except Traditional variants → zh-CN, any `en-*` → en. */
export function matchLocale(tag: string | null | undefined): AppLocale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (t === 'zh' || t === 'zh-cn' || t === 'zh-sg' || t.startsWith('zh-hans')) return 'zh-CN';
  return null;
}

/**
 * Picks the UI locale (SPEC §4): the stored preference, else the first browser language we have,
 * else zh-CN.
 */
export function pickLocale(stored: string | null, browserLanguages: readonly string[]): AppLocale {
  const fromStore = matchLocale(stored);
  if (fromStore) return fromStore;
  for (const lang of browserLanguages) {
    const m = matchLocale(lang);
    if (m) return m;
  }
  return DEFAULT_LOCALE;
}
