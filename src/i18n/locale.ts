/** Locales with a full catalog (lingui.config.ts). docs/product.md "Shell and session": English, Simplified and Traditional Chinese. */
export const CATALOG_LOCALES = ['en', 'zh-CN', 'zh-TW'] as const;
export type CatalogLocale = (typeof CATALOG_LOCALES)[number];
/** Kept for callers that predate the language menu: a locale with a catalog. */
export type AppLocale = CatalogLocale;
/** @deprecated use CATALOG_LOCALES. */
export const LOCALES = CATALOG_LOCALES;

/** docs/product.md "States", "Constants": the default, and the catalog of any language without its own. */
export const DEFAULT_LOCALE: CatalogLocale = 'zh-CN';

/** Local-storage key of the stored preference (docs/product.md "Constants": one key). */
export const LOCALE_STORAGE_KEY = 'siteboard.locale';

/** docs/product.md "Constants": languages written right to left. */
export const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'] as const;

const TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/** Canonical case of a BCP 47 tag: `zh-hant-tw` → `zh-Hant-TW`, `AR-eg` → `ar-EG`. Null when not a tag. */
export function normaliseTag(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const t = tag.trim().replace(/_/g, '-');
  if (!TAG.test(t) || t.length > 35) return null;
  return t
    .split('-')
    .map((p, i) => (i === 0 ? p.toLowerCase() : p.length === 4 ? p[0].toUpperCase() + p.slice(1).toLowerCase() : p.toUpperCase()))
    .join('-');
}

/**
 * The catalog a language tag uses: `en-*` → en; Traditional Chinese (zh-TW, zh-HK, zh-MO, zh-Hant*) →
 * zh-TW; any other Chinese → zh-CN; everything else has no catalog (null), so the caller falls back to
 * zh-CN (docs/product.md "States").
 */
export function matchLocale(tag: string | null | undefined): CatalogLocale | null {
  const t = normaliseTag(tag)?.toLowerCase();
  if (!t) return null;
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-TW';
  if (t === 'zh' || t.startsWith('zh-')) return 'zh-CN';
  return null;
}

/** The UI language (menu tag) and the catalog that renders it. */
export interface ResolvedLanguage {
  /** The language chosen, e.g. `ar-EG`; drives direction, dates and week rules. */
  language: string;
  /** The catalog used for texts. */
  catalog: CatalogLocale;
  /** Text direction (docs/product.md "Constants": he, ar, fa, ku are right to left). */
  dir: 'ltr' | 'rtl';
}

/** Text direction of a tag. */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  const lang = tag.toLowerCase().split('-')[0];
  return (RTL_LANGUAGES as readonly string[]).includes(lang) ? 'rtl' : 'ltr';
}

/** Resolves one tag to language + catalog (zh-CN for a language without catalog). */
export function resolveTag(tag: string): ResolvedLanguage {
  const language = normaliseTag(tag) ?? DEFAULT_LOCALE;
  return { language, catalog: matchLocale(language) ?? DEFAULT_LOCALE, dir: directionOf(language) };
}

/**
 * Picks the UI language (docs/product.md "States"): the stored preference (any well-formed tag: it was chosen from the
 * menu), else the first browser language that has a catalog, else zh-CN.
 */
export function resolveLanguage(stored: string | null, browserLanguages: readonly string[]): ResolvedLanguage {
  if (normaliseTag(stored)) return resolveTag(stored as string);
  for (const lang of browserLanguages) if (matchLocale(lang)) return resolveTag(lang);
  return resolveTag(DEFAULT_LOCALE);
}

/** The catalog to start with; see {@link resolveLanguage}. */
export function pickLocale(stored: string | null, browserLanguages: readonly string[]): CatalogLocale {
  return resolveLanguage(stored, browserLanguages).catalog;
}
