import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, testRoot } from '../test/render';
import { activateLocale, changeLocale } from '../i18n/i18n';
import { LOCALE_STORAGE_KEY } from '../i18n/locale';
import { LanguageMenu } from './LanguageMenu';

describe('LanguageMenu', () => {
  afterEach(async () => {
    localStorage.removeItem(LOCALE_STORAGE_KEY);
    await activateLocale('en');
  });

  it('offers only the languages with their own texts, each with flag, label and title, 160 px wide', async () => {
    await renderWithApp(<LanguageMenu reload={false} />, testRoot());
    fireEvent.click(screen.getByTestId('language-menu'));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.getAttribute('data-lang'))).toEqual(['en-GB', 'en-US', 'zh-CN', 'zh-TW']);
    for (const item of items) {
      expect(item.querySelector('svg[data-flag]'), item.getAttribute('data-lang')!).not.toBeNull();
      expect(item.getAttribute('title')?.trim()).toBeTruthy();
      expect(item.style.minWidth).toBe('160px');
      expect(item.textContent).not.toContain('Shown in Simplified Chinese');
    }
    // no emoji flags (boxes on Linux without an emoji font, two letters on Windows)
    expect(items.some((i) => /[\u{1F1E6}-\u{1F1FF}]/u.test(i.textContent ?? ''))).toBe(false);
  });

  it('keeps a stored language without texts listed, checked and marked as shown in Simplified Chinese', async () => {
    await renderWithApp(<LanguageMenu reload={false} />, testRoot());
    await changeLocale('de-DE', { reload: false });
    await waitFor(() => expect(screen.getByTestId('language-menu').textContent).toContain('Deutsch'));
    fireEvent.click(screen.getByTestId('language-menu'));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((i) => i.getAttribute('data-lang'))).toEqual(['de-DE', 'en-GB', 'en-US', 'zh-CN', 'zh-TW']);
    expect(items[0].getAttribute('aria-checked')).toBe('true');
    expect(items[0].textContent).toContain('以简体中文显示'); // the de-DE texts are the zh-CN catalog's
    expect(items[1].textContent).not.toContain('以简体中文显示');
  });

  it('a stored Arabic preference mirrors the page (html and Fluent dir=rtl); choosing zh-TW from the menu is ltr', async () => {
    const { container } = await renderWithApp(<LanguageMenu reload={false} />, testRoot());
    await changeLocale('ar-EG', { reload: false });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar-EG');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar-EG');
    expect(container.querySelector('.fui-FluentProvider')?.getAttribute('dir')).toBe('rtl');

    fireEvent.click(screen.getByTestId('language-menu'));
    fireEvent.click((await screen.findAllByRole('menuitemradio')).find((i) => i.getAttribute('data-lang') === 'zh-TW')!);
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(await screen.findByText(/繁體中文/)).toBeTruthy();
  });
});
