import { defineConfig } from '@lingui/conf';

/** UI text catalogs: English source, Simplified Chinese. `npm run i18n:extract` refreshes the .po files. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'] }],
});
