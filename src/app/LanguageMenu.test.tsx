import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, testRoot } from '../test/render';
import { activateLocale } from '../i18n/i18n';
import { LOCALE_STORAGE_KEY } from '../i18n/locale';
import { LanguageMenu } from './LanguageMenu';

describe('LanguageMenu', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('lists the languages with flag, label and title, 160 px wide, noting those shown in zh-CN', async () => {
    await renderWithApp(<LanguageMenu reload={false} />, testRoot());
    fireEvent.click(screen.getByTestId('language-menu'));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.length).toBeGreaterThanOrEqual(50);
    const german = items.find((i) => i.getAttribute('data-lang') === 'de-DE')!;
    expect(german.querySelector('svg[data-flag="DE"]')).not.toBeNull();
    expect(german.textContent).toContain('Deutsch');
    expect(german.textContent).toContain('Shown in Simplified Chinese');
    expect(german.getAttribute('title')).toBe('Sprache');
    expect(german.style.minWidth).toBe('160px');
    for (const item of items) {
      expect(item.querySelector('svg[data-flag]'), item.getAttribute('data-lang')!).not.toBeNull();
      expect(item.getAttribute('title')?.trim()).toBeTruthy();
      expect(item.style.minWidth).toBe('160px');
    }
    // no emoji flags (boxes on Linux without an emoji font, two letters on Windows)
    expect(items.some((i) => /[\u{1F1E6}-\u{1F1FF}]/u.test(i.textContent ?? ''))).toBe(false);
    const tw = items.find((i) => i.getAttribute('data-lang') === 'zh-TW')!;
    expect(tw.textContent).not.toContain('Shown in Simplified Chinese');
  });

  it('choosing Arabic stores it and mirrors the page (html and Fluent dir=rtl); back to zh-TW is ltr', async () => {
    const { container } = await renderWithApp(<LanguageMenu reload={false} />, testRoot());
    fireEvent.click(screen.getByTestId('language-menu'));
    fireEvent.click((await screen.findAllByRole('menuitemradio')).find((i) => i.getAttribute('data-lang') === 'ar-EG')!);
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
