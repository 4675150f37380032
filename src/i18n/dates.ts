import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import weekOfYear from 'dayjs/plugin/weekOfYear';
import isoWeek from 'dayjs/plugin/isoWeek';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

dayjs.extend(updateLocale);
dayjs.extend(weekOfYear);
dayjs.extend(isoWeek);

/**
 * The week rules of docs/product.md "Validation and display" for every language: weeks start on Monday (`weekStart: 1`) and week 1 is the week
 * that contains 4 January (`yearStart: 4`), i.e. ISO 8601 weeks, whatever the language's own custom.
 */
export const WEEK_RULES = { weekStart: 1, yearStart: 4 } as const;

// dayjs ships its locales as separate files; each loads only when its language is chosen.
const LOADERS: Record<string, () => Promise<unknown>> = {
  ar: () => import('dayjs/locale/ar'),
  az: () => import('dayjs/locale/az'),
  bg: () => import('dayjs/locale/bg'),
  bn: () => import('dayjs/locale/bn'),
  ca: () => import('dayjs/locale/ca'),
  cs: () => import('dayjs/locale/cs'),
  da: () => import('dayjs/locale/da'),
  de: () => import('dayjs/locale/de'),
  el: () => import('dayjs/locale/el'),
  'en-gb': () => import('dayjs/locale/en-gb'),
  es: () => import('dayjs/locale/es'),
  et: () => import('dayjs/locale/et'),
  fa: () => import('dayjs/locale/fa'),
  fi: () => import('dayjs/locale/fi'),
  fr: () => import('dayjs/locale/fr'),
  ga: () => import('dayjs/locale/ga'),
  he: () => import('dayjs/locale/he'),
  hi: () => import('dayjs/locale/hi'),
  hr: () => import('dayjs/locale/hr'),
  hu: () => import('dayjs/locale/hu'),
  'hy-am': () => import('dayjs/locale/hy-am'),
  id: () => import('dayjs/locale/id'),
  it: () => import('dayjs/locale/it'),
  is: () => import('dayjs/locale/is'),
  ja: () => import('dayjs/locale/ja'),
  ku: () => import('dayjs/locale/ku'),
  kn: () => import('dayjs/locale/kn'),
  ko: () => import('dayjs/locale/ko'),
  lv: () => import('dayjs/locale/lv'),
  mk: () => import('dayjs/locale/mk'),
  mn: () => import('dayjs/locale/mn'),
  'ms-my': () => import('dayjs/locale/ms-my'),
  nb: () => import('dayjs/locale/nb'),
  ne: () => import('dayjs/locale/ne'),
  'nl-be': () => import('dayjs/locale/nl-be'),
  nl: () => import('dayjs/locale/nl'),
  pl: () => import('dayjs/locale/pl'),
  'pt-br': () => import('dayjs/locale/pt-br'),
  pt: () => import('dayjs/locale/pt'),
  ro: () => import('dayjs/locale/ro'),
  ru: () => import('dayjs/locale/ru'),
  sk: () => import('dayjs/locale/sk'),
  sr: () => import('dayjs/locale/sr'),
  sl: () => import('dayjs/locale/sl'),
  sv: () => import('dayjs/locale/sv'),
  ta: () => import('dayjs/locale/ta'),
  th: () => import('dayjs/locale/th'),
  tr: () => import('dayjs/locale/tr'),
  uk: () => import('dayjs/locale/uk'),
  vi: () => import('dayjs/locale/vi'),
};

/** dayjs's locale name for a tag: the full tag when dayjs has it (`pt-br`), else its language (`de`). */
export function dayjsLocaleName(tag: string): string {
  const t = tag.toLowerCase();
  if (t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-tw';
  if (t.startsWith('zh')) return 'zh-cn';
  if (t === 'en' || t === 'en-us') return 'en';
  if (LOADERS[t]) return t;
  const lang = t.split('-')[0];
  return LOADERS[lang] || lang === 'en' ? lang : 'zh-cn';
}

/**
 * Makes dayjs (date words, `week()`, `startOf('week')`) follow `tag` with the {@link WEEK_RULES}. A
 * locale file that fails to load leaves zh-CN (the fallback of docs/product.md "States"). Time zone is untouched: dates stay in
 * Beijing time (format/time.ts). @returns the dayjs locale name now global.
 */
export async function applyDayjsLocale(tag: string): Promise<string> {
  let name = dayjsLocaleName(tag);
  if (LOADERS[name]) {
    try {
      await LOADERS[name]();
    } catch {
      name = 'zh-cn';
    }
  }
  dayjs.updateLocale(name, WEEK_RULES);
  dayjs.locale(name);
  return name;
}
