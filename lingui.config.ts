import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * UI text catalogs: English source, Simplified and Traditional Chinese (docs/product.md "Shell and session"). Every other language of
 * the menu shows zh-CN (src/i18n/locale.ts). `npm run i18n:extract` refreshes the .po files; the catalog
 * test fails while any of them has an untranslated entry. Origins are kept without line numbers, so moving code
 * does not rewrite the catalogs.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN', 'zh-TW'],
  fallbackLocales: { 'zh-TW': 'zh-CN', default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'] }],
});
