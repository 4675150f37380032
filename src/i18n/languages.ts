import { CATALOG_LOCALES, type CatalogLocale } from './locale';

/** One entry of the language menu (SPEC §1: label, flag icon and title). */
export interface LanguageEntry {
  /** BCP 47 tag stored as the preference, e.g. `ar-EG`. */
  lang: string;
  /** The language's own name. */
  label: string;
  /** Flag emoji. */
  icon: string;
  /** "Language" in that language (tooltip of the entry). */
  title: string;
}

/**
 * The language menu: 54 entries (SPEC §1 "about 55"), the list of the locale facility the original product
 * used (Ant Design Pro's `defaultLangUConfigMap`). Only en, zh-CN and zh-TW have full catalogs; the
 * others show the zh-CN texts (SPEC §4: a missing locale falls back to zh-CN) with their own date words,
 * text direction and week rules.
 */
export const LANGUAGES: readonly LanguageEntry[] = [
  { lang: 'ar-EG', label: 'العربية', icon: '🇪🇬', title: 'لغة' },
  { lang: 'az-AZ', label: 'Azərbaycan dili', icon: '🇦🇿', title: 'Dil' },
  { lang: 'bg-BG', label: 'Български език', icon: '🇧🇬', title: 'език' },
  { lang: 'bn-BD', label: 'বাংলা', icon: '🇧🇩', title: 'ভাষা' },
  { lang: 'ca-ES', label: 'Catalá', icon: '🇨🇦', title: 'llengua' },
  { lang: 'cs-CZ', label: 'Čeština', icon: '🇨🇿', title: 'Jazyk' },
  { lang: 'da-DK', label: 'Dansk', icon: '🇩🇰', title: 'Sprog' },
  { lang: 'de-DE', label: 'Deutsch', icon: '🇩🇪', title: 'Sprache' },
  { lang: 'el-GR', label: 'Ελληνικά', icon: '🇬🇷', title: 'Γλώσσα' },
  { lang: 'en-GB', label: 'English', icon: '🇬🇧', title: 'Language' },
  { lang: 'en-US', label: 'English', icon: '🇺🇸', title: 'Language' },
  { lang: 'es-ES', label: 'Español', icon: '🇪🇸', title: 'Idioma' },
  { lang: 'et-EE', label: 'Eesti', icon: '🇪🇪', title: 'Keel' },
  { lang: 'fa-IR', label: 'فارسی', icon: '🇮🇷', title: 'زبان' },
  { lang: 'fi-FI', label: 'Suomi', icon: '🇫🇮', title: 'Kieli' },
  { lang: 'fr-BE', label: 'Français', icon: '🇧🇪', title: 'Langue' },
  { lang: 'fr-FR', label: 'Français', icon: '🇫🇷', title: 'Langue' },
  { lang: 'ga-IE', label: 'Gaeilge', icon: '🇮🇪', title: 'Teanga' },
  { lang: 'he-IL', label: 'עברית', icon: '🇮🇱', title: 'שפה' },
  { lang: 'hi-IN', label: 'हिन्दी, हिंदी', icon: '🇮🇳', title: 'भाषा: हिन्दी' },
  { lang: 'hr-HR', label: 'Hrvatski jezik', icon: '🇭🇷', title: 'Jezik' },
  { lang: 'hu-HU', label: 'Magyar', icon: '🇭🇺', title: 'Nyelv' },
  { lang: 'hy-AM', label: 'Հայերեն', icon: '🇦🇲', title: 'Լեզու' },
  { lang: 'id-ID', label: 'Bahasa Indonesia', icon: '🇮🇩', title: 'Bahasa' },
  { lang: 'it-IT', label: 'Italiano', icon: '🇮🇹', title: 'Linguaggio' },
  { lang: 'is-IS', label: 'Íslenska', icon: '🇮🇸', title: 'Tungumál' },
  { lang: 'ja-JP', label: '日本語', icon: '🇯🇵', title: '言語' },
  { lang: 'ku-IQ', label: 'کوردی', icon: '🇮🇶', title: 'Ziman' },
  { lang: 'kn-IN', label: 'ಕನ್ನಡ', icon: '🇮🇳', title: 'ಭಾಷೆ' },
  { lang: 'ko-KR', label: '한국어', icon: '🇰🇷', title: '언어' },
  { lang: 'lv-LV', label: 'Latviešu valoda', icon: '🇱🇮', title: 'Kalba' },
  { lang: 'mk-MK', label: 'македонски јазик', icon: '🇲🇰', title: 'Јазик' },
  { lang: 'mn-MN', label: 'Монгол хэл', icon: '🇲🇳', title: 'Хэл' },
  { lang: 'ms-MY', label: 'بهاس ملايو‎', icon: '🇲🇾', title: 'Bahasa' },
  { lang: 'nb-NO', label: 'Norsk', icon: '🇳🇴', title: 'Språk' },
  { lang: 'ne-NP', label: 'नेपाली', icon: '🇳🇵', title: 'भाषा' },
  { lang: 'nl-BE', label: 'Vlaams', icon: '🇧🇪', title: 'Taal' },
  { lang: 'nl-NL', label: 'Nederlands', icon: '🇳🇱', title: 'Taal' },
  { lang: 'pl-PL', label: 'Polski', icon: '🇵🇱', title: 'Język' },
  { lang: 'pt-BR', label: 'Português', icon: '🇧🇷', title: 'Idiomas' },
  { lang: 'pt-PT', label: 'Português', icon: '🇵🇹', title: 'Idiomas' },
  { lang: 'ro-RO', label: 'Română', icon: '🇷🇴', title: 'Limba' },
  { lang: 'ru-RU', label: 'Русский', icon: '🇷🇺', title: 'язык' },
  { lang: 'sk-SK', label: 'Slovenčina', icon: '🇸🇰', title: 'Jazyk' },
  { lang: 'sr-RS', label: 'српски језик', icon: '🇸🇷', title: 'Језик' },
  { lang: 'sl-SI', label: 'Slovenščina', icon: '🇸🇱', title: 'Jezik' },
  { lang: 'sv-SE', label: 'Svenska', icon: '🇸🇪', title: 'Språk' },
  { lang: 'ta-IN', label: 'தமிழ்', icon: '🇮🇳', title: 'மொழி' },
  { lang: 'th-TH', label: 'ไทย', icon: '🇹🇭', title: 'ภาษา' },
  { lang: 'tr-TR', label: 'Türkçe', icon: '🇹🇷', title: 'Dil' },
  { lang: 'uk-UA', label: 'Українська', icon: '🇺🇰', title: 'Мова' },
  { lang: 'vi-VN', label: 'Tiếng Việt', icon: '🇻🇳', title: 'Ngôn ngữ' },
  { lang: 'zh-CN', label: '简体中文', icon: '🇨🇳', title: '语言' },
  { lang: 'zh-TW', label: '繁體中文', icon: '🇭🇰', title: '語言' },
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
