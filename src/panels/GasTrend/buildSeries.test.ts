import { describe, expect, it } from 'vitest';
import { GAS_THRESHOLDS } from '../../test/builders';
import { GAS_CODES } from '../../../protocol';
import { chartGases, chartLimitLines, gasColors, limitLines, scaleKeyOf, scaleKeys, scaleRange } from './buildSeries';
import { gridOf } from './GasTrendPanel';

describe('gas trend series helpers', () => {
  it('puts gases with one unit on one scale, O2 on its own', () => {
    expect(scaleKeyOf('CO')).toBe('ppm');
    expect(scaleKeyOf('NO2')).toBe('ppm');
    expect(scaleKeyOf('CH4')).toBe('%vol');
    expect(scaleKeyOf('O2')).toBe('O2');
    expect(scaleKeys(['CO', 'NO2', 'O2', 'dust'])).toEqual(['ppm', 'O2', 'mg/m³']);
  });

  it('draws the configured gases, else up to four of the station own', () => {
    expect(chartGases(['dust'], GAS_THRESHOLDS, null)).toEqual(['dust']);
    expect(chartGases(undefined, GAS_THRESHOLDS, null)).toEqual(['CO', 'O2', 'CH4', 'NO2']);
  });

  it('turns thresholds into warning and alarm lines, high and low', () => {
    const lines = limitLines(['CO', 'O2'], GAS_THRESHOLDS);
    expect(lines).toContainEqual({ gas: 'CO', scale: 'ppm', value: 17, level: 'warning' });
    expect(lines).toContainEqual({ gas: 'CO', scale: 'ppm', value: 24, level: 'alarm' });
    expect(lines).toContainEqual({ gas: 'O2', scale: 'O2', value: 19.5, level: 'alarm' });
    expect(lines).toContainEqual({ gas: 'O2', scale: 'O2', value: 23.5, level: 'alarm' });
  });

  it('keeps the nearest warning line in view for calm air and follows data above it', () => {
    const lines = limitLines(['CO', 'NO2'], GAS_THRESHOLDS);
    const [lo, hi] = scaleRange('ppm', 0.2, 0.9, lines);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(1.9 * 1.1); // NO2 warning 1.9 ppm is the nearest
    expect(scaleRange('ppm', 0.2, 3.1, lines)[1]).toBeCloseTo(3.41); // CO above the NO2 line widens it
    expect(scaleRange('ppm', 0, 300, lines)[1]).toBeCloseTo(330); // a blast spike stays in view
  });

  it('shows the hypoxia warning on the O2 scale', () => {
    const [lo, hi] = scaleRange('O2', 20.7, 20.9, limitLines(['O2'], GAS_THRESHOLDS));
    expect(lo).toBeLessThan(20);
    expect(hi).toBeGreaterThan(20.9);
  });
});

describe('series colours per board mode', () => {
  const luminance = (hex: string) => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };

  it('draws every gas at 3:1 or more against its panel background in both modes', () => {
    for (const gas of GAS_CODES) {
      expect(contrast(gasColors('light')[gas], '#ffffff'), `${gas} on white`).toBeGreaterThanOrEqual(3);
      expect(contrast(gasColors('dark')[gas], '#0b1730'), `${gas} on navy`).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives each small chart at most two limit lines of one side: O2 its low side, the others their high side', () => {
    const lines = limitLines(['CO', 'NO2', 'O2'], GAS_THRESHOLDS);
    expect(lines.length).toBeGreaterThan(6); // one chart for all drew every one of them
    expect(chartLimitLines('CO', lines).map((l) => [l.level, l.value])).toEqual([
      ['warning', 17],
      ['alarm', 24],
    ]);
    expect(chartLimitLines('O2', lines).map((l) => [l.level, l.value])).toEqual([
      ['warning', 20],
      ['alarm', 19.5],
    ]);
    for (const g of ['CO', 'NO2', 'O2'] as const) expect(chartLimitLines(g, lines).length).toBeLessThanOrEqual(2);
  });

  it('lays small multiples out in two columns on a wide panel, one on a narrow one', () => {
    expect(gridOf(4, 900)).toEqual({ cols: 2, rows: 2 });
    expect(gridOf(3, 900)).toEqual({ cols: 2, rows: 2 });
    expect(gridOf(1, 900)).toEqual({ cols: 1, rows: 1 });
    expect(gridOf(4, 400)).toEqual({ cols: 1, rows: 4 });
  });
});
