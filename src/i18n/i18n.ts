import { i18n } from '@lingui/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, pickLocale, type AppLocale } from './locale';

export { i18n };

const CATALOGS: Record<AppLocale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('./locales/en.po'),
  'zh-CN': () => import('./locales/zh-CN.po'),
};

function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode): fall through to the browser language
  }
}

/** The locale to start with: stored preference, browser language, zh-CN (SPEC §4). */
export function initialLocale(): AppLocale {
  const langs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLocale(storedLocale(), langs);
}

/**
 * Loads the catalog of `locale` and activates it for Lingui, and sets dayjs's locale to match
 * (SPEC §1: the date-component locale is fixed before rendering).
 */
export async function activateLocale(locale: AppLocale = DEFAULT_LOCALE): Promise<void> {
  const { messages } = await CATALOGS[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Changes the UI language and stores the choice. SPEC §4 reloads the page unless told not to; with
 * `reload: false` the new catalog is activated in place.
 */
export async function changeLocale(locale: AppLocale, opts: { reload?: boolean } = {}): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the choice lasts until the page is closed
  }
  if (opts.reload ?? true) {
    window.location.reload();
    return;
  }
  await activateLocale(locale);
}
