import { describe, expect, it } from 'vitest';
import { BRAND_COLOR } from '../theme/brandRamp';
import { contrastRatio } from '../theme/color';
import { SCREEN_PALETTES } from '../theme/screenVars';
import { LEVEL_COLOR } from '../theme/status';
import { ACTIVE_TAB_TEXT, ALARM_HEADER_TEXT, alarmHeaderStops, CONNECTION_COLOR, INDICATOR_BACKGROUND } from './headerColors';

/** WCAG 2.2 AA for normal-size text (success criterion 1.4.3). */
const AA_TEXT = 4.5;

describe('board header colours', () => {
  it.each(Object.entries(LEVEL_COLOR))('keep white text readable on the %s header, top to bottom', (_level, color) => {
    const { top, bottom } = alarmHeaderStops(color);
    expect(contrastRatio(ALARM_HEADER_TEXT, top)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(ALARM_HEADER_TEXT, bottom)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keep the alarm header in its alarm’s hue (red stays redder than amber)', () => {
    const red = alarmHeaderStops(LEVEL_COLOR.alarm).top;
    const amber = alarmHeaderStops(LEVEL_COLOR.warning).top;
    expect(Number.parseInt(red.slice(3, 5), 16)).toBeLessThan(Number.parseInt(amber.slice(3, 5), 16));
  });

  it.each(Object.entries(SCREEN_PALETTES))('keep the %s header’s text and muted text at AA', (_mode, p) => {
    for (const bg of [p.headerBackground, p.pageBackground]) {
      expect(contrastRatio(p.text, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(p.textMuted, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(Object.entries(CONNECTION_COLOR))('show the %s connection state at AA on its own pill', (_state, color) => {
    expect(contrastRatio(color, INDICATOR_BACKGROUND)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('mark the current page tab at AA on the brand colour', () => {
    expect(contrastRatio(ACTIVE_TAB_TEXT, BRAND_COLOR)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
