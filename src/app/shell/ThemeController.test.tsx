import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, testRoot } from '../../test/render';
import { THEME_STORAGE_KEY } from '../../theme/settings';
import { useThemeControl, type ThemeControl } from './ThemeController';
import { ThemeMenu } from './ThemeMenu';

let control: ThemeControl | null = null;
function Probe() {
  control = useThemeControl();
  return <span data-testid="brand">{control.theme.colorBrandBackground}</span>;
}

describe('theme switching (docs/product.md "States", "Notices and errors", "Constants")', () => {
  afterEach(() => {
    control = null;
  });

  it('shows "compiling theme", applies red after the delay, stores it and titles the page', async () => {
    await renderWithApp(<><ThemeMenu /><Probe /></>, testRoot());
    expect(screen.getByTestId('brand').textContent).toBe('#00b589');
    expect(document.title).toBe('SiteBoard');
    fireEvent.click(screen.getByTestId('theme-menu'));
    fireEvent.click(await screen.findByLabelText('Red'));
    expect(screen.getByRole('status').textContent).toContain('compiling theme');
    expect(screen.getByTestId('brand').textContent).toBe('#00b589');
    await waitFor(() => expect(screen.getByTestId('brand').textContent?.toLowerCase()).toBe('#f5222d'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY)!)).toMatchObject({ primaryColor: '#F5222D', theme: 'dark' });

    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Yunling tunnel' } });
    // by text: after the theme re-renders, Fluent's focus manager (tabster) may mark the open popover
    // aria-hidden in jsdom, which hides it from role queries although it is open (aria-expanded)
    fireEvent.click(await screen.findByText('Save'));
    await waitFor(() => expect(document.title).toBe('Yunling tunnel'));
  });

  it('starts from the stored choice', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ theme: 'light', primaryColor: '#1890FF', title: 'T' }));
    await renderWithApp(<Probe />, testRoot());
    expect(screen.getByTestId('brand').textContent?.toLowerCase()).toBe('#1890ff');
    expect(control?.settings.theme).toBe('light');
  });

  it('says "theme compile failed" and keeps the current theme when a colour cannot compile', async () => {
    await renderWithApp(<Probe />, testRoot());
    act(() => control!.apply({ primaryColor: 'not-a-colour' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'theme compile failed');
    expect(screen.getByTestId('brand').textContent).toBe('#00b589');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
