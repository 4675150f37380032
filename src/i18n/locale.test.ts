import { describe, expect, it } from 'vitest';
import { directionOf, matchLocale, pickLocale, resolveLanguage } from './locale';
import { hasFullCatalog, LANGUAGES } from './languages';

describe('resolveLanguage (docs/product.md "States")', () => {
  it('prefers the stored choice, even a language without catalog (texts fall back to zh-CN)', () => {
    expect(resolveLanguage('en', ['zh-CN'])).toEqual({ language: 'en', catalog: 'en', dir: 'ltr' });
    expect(resolveLanguage('zh-TW', ['en-US']).catalog).toBe('zh-TW');
    expect(resolveLanguage('ar-EG', ['en-US'])).toEqual({ language: 'ar-EG', catalog: 'zh-CN', dir: 'rtl' });
    expect(resolveLanguage('de-DE', []).catalog).toBe('zh-CN');
  });

  it('else takes the first browser language with a catalog', () => {
    expect(pickLocale(null, ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(pickLocale('garbage', ['zh-Hans-CN'])).toBe('zh-CN');
    expect(pickLocale(null, ['fr-FR', 'zh-HK'])).toBe('zh-TW');
    expect(pickLocale(null, ['zh-Hant-TW'])).toBe('zh-TW');
  });

  it('else zh-CN', () => {
    expect(resolveLanguage(null, ['fr-FR', 'de'])).toEqual({ language: 'zh-CN', catalog: 'zh-CN', dir: 'ltr' });
    expect(pickLocale(null, [])).toBe('zh-CN');
  });

  it('matches Chinese variants to the right script', () => {
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-SG')).toBe('zh-CN');
    expect(matchLocale('zh-MO')).toBe('zh-TW');
    expect(matchLocale('fr')).toBeNull();
  });

  it('writes he, ar, fa and ku right to left and nothing else', () => {
    for (const tag of ['he-IL', 'ar-EG', 'fa-IR', 'ku-IQ', 'ar']) expect(directionOf(tag)).toBe('rtl');
    for (const tag of ['en-US', 'zh-CN', 'hi-IN', 'ur']) expect(directionOf(tag)).toBe('ltr');
  });
});

describe('the language menu list (docs/product.md "Shell and session")', () => {
  it('has about 55 distinct entries with label, flag and title, including the three catalogs', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(LANGUAGES.map((l) => l.lang)).size).toBe(LANGUAGES.length);
    for (const l of LANGUAGES) {
      expect(l.label && l.title).toBeTruthy();
      expect(l.flag).toMatch(/^[A-Z]{2,3}$/);
    }
    expect(LANGUAGES.filter((l) => hasFullCatalog(l.lang)).map((l) => l.lang)).toEqual(['en-GB', 'en-US', 'zh-CN', 'zh-TW']);
  });
});
