import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { renderWithApp, testRoot } from '../test/render';
import { PanelFrame } from '../components';
import { THEME_STORAGE_KEY } from './settings';
import { readThemeColors, SCREEN_PALETTES, useThemeColors } from './screenVars';
import { SCREEN } from './theme';
import { useThemeControl } from '../app/shell/ThemeController';

const html = () => document.documentElement;
const cssVar = (name: string) => html().style.getPropertyValue(name);

function ThemedProbe() {
  const colors = useThemeColors();
  const control = useThemeControl();
  return (
    <div>
      <span data-testid="canvas-text">{colors.text}</span>
      <span data-testid="canvas-brand">{colors.brand}</span>
      <button onClick={() => control.apply({ theme: 'light', primaryColor: '#1890FF' })}>light</button>
      <PanelFrame title="Gas">body</PanelFrame>
    </div>
  );
}

describe('board colours follow the theme (CSS variables on <html>)', () => {
  afterEach(() => {
    localStorage.removeItem(THEME_STORAGE_KEY);
    html().removeAttribute('style');
  });

  it('the app providers set the dark variables by default and the light ones after a switch', async () => {
    await renderWithApp(<ThemedProbe />, testRoot());
    expect(cssVar('--sb-bg')).toBe(SCREEN_PALETTES.dark.pageBackground);
    expect(cssVar('--sb-panel-bg')).toBe('#0b1730');
    expect(cssVar('--sb-text')).toBe(SCREEN_PALETTES.dark.text);
    expect(cssVar('--sb-brand')).toBe('#00b589');
    expect(html().style.colorScheme).toBe('dark');
    expect(screen.getByTestId('canvas-text').textContent).toBe(SCREEN_PALETTES.dark.text);

    act(() => screen.getByText('light').click());
    // the switch compiles after the 200 ms delay of docs/product.md "Constants"
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(cssVar('--sb-bg')).toBe(SCREEN_PALETTES.light.pageBackground);
    expect(cssVar('--sb-panel-bg')).toBe('#ffffff');
    expect(cssVar('--sb-text')).toBe(SCREEN_PALETTES.light.text);
    expect(cssVar('--sb-brand')).toBe('#1890FF');
    expect(html().style.colorScheme).toBe('light');
    // canvas code re-renders with the resolved light colours
    expect(screen.getByTestId('canvas-text').textContent).toBe(SCREEN_PALETTES.light.text);
    expect(screen.getByTestId('canvas-brand').textContent).toBe('#1890FF');
    expect(readThemeColors().panelBackground).toBe('#ffffff');
  });

  it('starts in the stored light mode', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ theme: 'light', primaryColor: '#F5222D', title: 'Tunnel' }));
    await renderWithApp(<ThemedProbe />, testRoot());
    expect(cssVar('--sb-bg')).toBe(SCREEN_PALETTES.light.pageBackground);
    expect(cssVar('--sb-brand')).toBe('#F5222D');
  });

  it('styles panels with var() references that fall back to the dark palette', () => {
    expect(SCREEN.panelBackground).toBe('var(--sb-panel-bg, #0b1730)');
    render(<PanelFrame title="Gas">body</PanelFrame>);
    const frame = screen.getByRole('region', { name: 'Gas' });
    expect(frame.style.getPropertyValue('background')).toContain('var(--sb-panel-bg');
    expect(frame.style.getPropertyValue('color')).toContain('var(--sb-text');
  });
});
