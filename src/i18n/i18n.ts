import { i18n } from '@lingui/core';
import { applyDayjsLocale } from './dates';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, resolveLanguage, resolveTag, type CatalogLocale, type ResolvedLanguage } from './locale';

export { i18n };

const CATALOGS: Record<CatalogLocale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('./locales/en.po'),
  'zh-CN': () => import('./locales/zh-CN.po'),
  'zh-TW': () => import('./locales/zh-TW.po'),
};

let current: ResolvedLanguage = resolveTag(DEFAULT_LOCALE);
const listeners = new Set<() => void>();

/** The active UI language (menu tag, catalog, direction). */
export function currentLanguage(): ResolvedLanguage {
  return current;
}

/** Subscribes to language changes (for useSyncExternalStore); returns the unsubscribe. */
export function subscribeLanguage(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode): fall through to the browser language
  }
}

/** The language to start with: stored preference, browser language, zh-CN (docs/product.md "States"). */
export function initialLanguage(): string {
  const langs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return resolveLanguage(storedLocale(), langs).language;
}

/** Same as {@link initialLanguage} (the name main.tsx uses). */
export function initialLocale(): string {
  return initialLanguage();
}

/**
 * Activates a language: loads its catalog (zh-CN when it has none, or when its catalog fails to load),
 * sets dayjs's locale and week rules (docs/product.md "Shell and session": the date-component locale is fixed before rendering) and
 * `lang`/`dir` on <html> (docs/product.md "Constants": he, ar, fa, ku are right to left).
 */
export async function activateLocale(tag: string = DEFAULT_LOCALE): Promise<void> {
  const resolved = resolveTag(tag);
  let catalog = resolved.catalog;
  let messages: Record<string, unknown>;
  try {
    messages = (await CATALOGS[catalog]()).messages;
  } catch {
    catalog = DEFAULT_LOCALE;
    messages = (await CATALOGS[DEFAULT_LOCALE]()).messages;
  }
  await applyDayjsLocale(resolved.language);
  i18n.loadAndActivate({ locale: catalog, messages: messages as never });
  current = { ...resolved, catalog };
  if (typeof document !== 'undefined') {
    document.documentElement.lang = resolved.language;
    document.documentElement.dir = resolved.dir;
  }
  listeners.forEach((fn) => fn());
}

/**
 * Changes the UI language and stores the choice. As docs/product.md "States" says, it reloads the page unless told not to; with
 * `reload: false` the new catalog is activated in place.
 */
export async function changeLocale(tag: string, opts: { reload?: boolean } = {}): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, tag);
  } catch {
    // storage disabled: the choice lasts until the page is closed
  }
  if (opts.reload ?? true) {
    window.location.reload();
    return;
  }
  await activateLocale(tag);
}
