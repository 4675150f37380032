import { CATALOG_LOCALES, type CatalogLocale } from './locale';

/** One entry of the language menu (docs/product.md "Shell and session": label, flag icon and title). */
export interface LanguageEntry {
  /** BCP 47 tag stored as the preference, e.g. `ar-EG`. */
  lang: string;
  /** The language's own name. */
  label: string;
  /**
   * Flag of the entry: an ISO 3166-1 alpha-2 country code (`DE`), or `CAT` for Catalan. Drawn as a small
   * SVG by `FlagIcon`: emoji flags show as boxes on Linux without an emoji font and as letters on Windows.
   */
  flag: string;
  /** "Language" in that language (tooltip of the entry). */
  title: string;
}

/**
 * The language menu: 54 entries (docs/product.md "Shell and session"), the list of the locale facility the original product
 * used (Ant Design Pro's `defaultLangUConfigMap`). Only en, zh-CN and zh-TW have full catalogs; the
 * others show the zh-CN texts (docs/product.md "States": a missing locale falls back to zh-CN) with their own date words,
 * text direction and week rules.
 */
export const LANGUAGES: readonly LanguageEntry[] = [
  { lang: 'ar-EG', label: 'العربية', flag: 'EG', title: 'لغة' },
  { lang: 'az-AZ', label: 'Azərbaycan dili', flag: 'AZ', title: 'Dil' },
  { lang: 'bg-BG', label: 'Български език', flag: 'BG', title: 'език' },
  { lang: 'bn-BD', label: 'বাংলা', flag: 'BD', title: 'ভাষা' },
  { lang: 'ca-ES', label: 'Catalá', flag: 'CAT', title: 'llengua' },
  { lang: 'cs-CZ', label: 'Čeština', flag: 'CZ', title: 'Jazyk' },
  { lang: 'da-DK', label: 'Dansk', flag: 'DK', title: 'Sprog' },
  { lang: 'de-DE', label: 'Deutsch', flag: 'DE', title: 'Sprache' },
  { lang: 'el-GR', label: 'Ελληνικά', flag: 'GR', title: 'Γλώσσα' },
  { lang: 'en-GB', label: 'English', flag: 'GB', title: 'Language' },
  { lang: 'en-US', label: 'English', flag: 'US', title: 'Language' },
  { lang: 'es-ES', label: 'Español', flag: 'ES', title: 'Idioma' },
  { lang: 'et-EE', label: 'Eesti', flag: 'EE', title: 'Keel' },
  { lang: 'fa-IR', label: 'فارسی', flag: 'IR', title: 'زبان' },
  { lang: 'fi-FI', label: 'Suomi', flag: 'FI', title: 'Kieli' },
  { lang: 'fr-BE', label: 'Français', flag: 'BE', title: 'Langue' },
  { lang: 'fr-FR', label: 'Français', flag: 'FR', title: 'Langue' },
  { lang: 'ga-IE', label: 'Gaeilge', flag: 'IE', title: 'Teanga' },
  { lang: 'he-IL', label: 'עברית', flag: 'IL', title: 'שפה' },
  { lang: 'hi-IN', label: 'हिन्दी, हिंदी', flag: 'IN', title: 'भाषा: हिन्दी' },
  { lang: 'hr-HR', label: 'Hrvatski jezik', flag: 'HR', title: 'Jezik' },
  { lang: 'hu-HU', label: 'Magyar', flag: 'HU', title: 'Nyelv' },
  { lang: 'hy-AM', label: 'Հայերեն', flag: 'AM', title: 'Լեզու' },
  { lang: 'id-ID', label: 'Bahasa Indonesia', flag: 'ID', title: 'Bahasa' },
  { lang: 'it-IT', label: 'Italiano', flag: 'IT', title: 'Linguaggio' },
  { lang: 'is-IS', label: 'Íslenska', flag: 'IS', title: 'Tungumál' },
  { lang: 'ja-JP', label: '日本語', flag: 'JP', title: '言語' },
  { lang: 'ku-IQ', label: 'کوردی', flag: 'IQ', title: 'Ziman' },
  { lang: 'kn-IN', label: 'ಕನ್ನಡ', flag: 'IN', title: 'ಭಾಷೆ' },
  { lang: 'ko-KR', label: '한국어', flag: 'KR', title: '언어' },
  { lang: 'lv-LV', label: 'Latviešu valoda', flag: 'LV', title: 'Kalba' },
  { lang: 'mk-MK', label: 'македонски јазик', flag: 'MK', title: 'Јазик' },
  { lang: 'mn-MN', label: 'Монгол хэл', flag: 'MN', title: 'Хэл' },
  { lang: 'ms-MY', label: 'بهاس ملايو‎', flag: 'MY', title: 'Bahasa' },
  { lang: 'nb-NO', label: 'Norsk', flag: 'NO', title: 'Språk' },
  { lang: 'ne-NP', label: 'नेपाली', flag: 'NP', title: 'भाषा' },
  { lang: 'nl-BE', label: 'Vlaams', flag: 'BE', title: 'Taal' },
  { lang: 'nl-NL', label: 'Nederlands', flag: 'NL', title: 'Taal' },
  { lang: 'pl-PL', label: 'Polski', flag: 'PL', title: 'Język' },
  { lang: 'pt-BR', label: 'Português', flag: 'BR', title: 'Idiomas' },
  { lang: 'pt-PT', label: 'Português', flag: 'PT', title: 'Idiomas' },
  { lang: 'ro-RO', label: 'Română', flag: 'RO', title: 'Limba' },
  { lang: 'ru-RU', label: 'Русский', flag: 'RU', title: 'язык' },
  { lang: 'sk-SK', label: 'Slovenčina', flag: 'SK', title: 'Jazyk' },
  { lang: 'sr-RS', label: 'српски језик', flag: 'RS', title: 'Језик' },
  { lang: 'sl-SI', label: 'Slovenščina', flag: 'SI', title: 'Jezik' },
  { lang: 'sv-SE', label: 'Svenska', flag: 'SE', title: 'Språk' },
  { lang: 'ta-IN', label: 'தமிழ்', flag: 'IN', title: 'மொழி' },
  { lang: 'th-TH', label: 'ไทย', flag: 'TH', title: 'ภาษา' },
  { lang: 'tr-TR', label: 'Türkçe', flag: 'TR', title: 'Dil' },
  { lang: 'uk-UA', label: 'Українська', flag: 'UA', title: 'Мова' },
  { lang: 'vi-VN', label: 'Tiếng Việt', flag: 'VN', title: 'Ngôn ngữ' },
  { lang: 'zh-CN', label: '简体中文', flag: 'CN', title: '语言' },
  { lang: 'zh-TW', label: '繁體中文', flag: 'HK', title: '語言' },
];

/** Whether a menu entry has its own full catalog (else it shows zh-CN texts, with a note in the menu). */
export function hasFullCatalog(lang: string): boolean {
  return (CATALOG_LOCALES as readonly string[]).includes(lang) || lang.startsWith('en-');
}

/** The menu entry of a tag, exact or by language (`ar` → `ar-EG`), else undefined. */
export function languageEntry(tag: string): LanguageEntry | undefined {
  const t = tag.toLowerCase();
  return LANGUAGES.find((l) => l.lang.toLowerCase() === t) ?? LANGUAGES.find((l) => l.lang.toLowerCase().split('-')[0] === t.split('-')[0]);
}

/** Type guard for catalog locales. */
export function isCatalogLocale(tag: string): tag is CatalogLocale {
  return (CATALOG_LOCALES as readonly string[]).includes(tag);
}
