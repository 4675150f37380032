import { describe, expect, it } from 'vitest';
import { compileTheme, DEFAULT_THEME_SETTINGS, parseStoredTheme, THEME_COLORS } from './settings';

describe('theme settings (docs/product.md "States", "Constants")', () => {
  it('defaults to dark, #00b589 and the default title', () => {
    expect(DEFAULT_THEME_SETTINGS).toEqual({ theme: 'dark', primaryColor: '#00b589', title: 'SiteBoard' });
    expect(parseStoredTheme(null)).toEqual(DEFAULT_THEME_SETTINGS);
    expect(parseStoredTheme('not json')).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it('reads a stored choice and keeps the valid fields of a damaged one', () => {
    const stored = JSON.stringify({ theme: 'light', primaryColor: '#F5222D', title: 'Tunnel' });
    expect(parseStoredTheme(stored)).toEqual({ theme: 'light', primaryColor: '#F5222D', title: 'Tunnel' });
    expect(parseStoredTheme(JSON.stringify({ theme: 'neon', primaryColor: '#1890FF', title: '' }))).toEqual({
      ...DEFAULT_THEME_SETTINGS,
      primaryColor: '#1890FF',
    });
  });

  it('compiles the chosen colour into the brand tokens, dark and light', () => {
    expect(THEME_COLORS).toEqual({ default: '#00b589', red: '#F5222D', blue: '#1890FF' });
    const red = compileTheme({ theme: 'dark', primaryColor: THEME_COLORS.red });
    expect(red.colorBrandBackground.toLowerCase()).toBe('#f5222d');
    expect(red.colorNeutralBackground3).toBe('#050b18');
    const blueLight = compileTheme({ theme: 'light', primaryColor: THEME_COLORS.blue });
    expect(blueLight.colorBrandBackground.toLowerCase()).toBe('#1890ff');
    expect(blueLight.colorNeutralBackground1).toBe('#ffffff');
  });

  it('fails to compile a colour that is not #rrggbb', () => {
    expect(() => compileTheme({ theme: 'dark', primaryColor: 'red' })).toThrow(RangeError);
  });
});
