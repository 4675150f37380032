import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale';

describe('pickLocale (SPEC §4)', () => {
  it('prefers the stored choice', () => {
    expect(pickLocale('en', ['zh-CN'])).toBe('en');
    expect(pickLocale('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('falls back to the first browser language we have a catalog for', () => {
    expect(pickLocale(null, ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(pickLocale('garbage', ['zh-Hans-CN'])).toBe('zh-CN');
  });

  it('defaults to zh-CN when nothing matches', () => {
    expect(pickLocale(null, ['fr-FR', 'zh-TW'])).toBe('zh-CN');
    expect(pickLocale(null, [])).toBe('zh-CN');
  });
});
