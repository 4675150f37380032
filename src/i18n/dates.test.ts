import { afterAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { applyDayjsLocale, dayjsLocaleName } from './dates';
import { formatBeijing } from '../format/time';

describe('dates follow the language with ISO week rules (docs/product.md "Validation and display")', () => {
  afterAll(async () => {
    await applyDayjsLocale('en');
  });

  it('maps language tags to dayjs locales, zh-CN for those dayjs lacks', () => {
    expect(dayjsLocaleName('zh-TW')).toBe('zh-tw');
    expect(dayjsLocaleName('pt-BR')).toBe('pt-br');
    expect(dayjsLocaleName('de-DE')).toBe('de');
    expect(dayjsLocaleName('en-US')).toBe('en');
    expect(dayjsLocaleName('xx-YY')).toBe('zh-cn');
  });

  for (const tag of ['en-US', 'zh-CN', 'ar-EG', 'he-IL']) {
    it(`${tag}: weeks start Monday and week 1 contains 4 January`, async () => {
      await applyDayjsLocale(tag);
      // Sunday 3 Jan 2021 belongs to the last week of 2020; Monday 4 Jan 2021 starts week 1.
      expect(dayjs('2021-01-03T12:00:00').week()).toBe(53);
      expect(dayjs('2021-01-04T12:00:00').week()).toBe(1);
      // 1 Jan 2026 is a Thursday: its week contains 4 Jan, so it is week 1 already.
      expect(dayjs('2026-01-01T12:00:00').week()).toBe(1);
      expect(dayjs('2025-06-15T12:00:00').startOf('week').format('YYYY-MM-DD')).toBe('2025-06-09');
    });
  }

  it('takes the language for date words but keeps Beijing time', async () => {
    await applyDayjsLocale('de-DE');
    expect(dayjs.locale()).toBe('de');
    expect(formatBeijing(Date.UTC(2025, 0, 31, 16, 30, 5), 'YYYY-MM-DD HH:mm')).toBe('2025-02-01 00:30');
    expect(formatBeijing(Date.UTC(2025, 2, 3, 0, 0, 0), 'MMMM')).toBe('März');
  });
});
