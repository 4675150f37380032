import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { countLegendValue, dayLegendSeries } from './dayBars';

describe('day-bar legends', () => {
  const u = {} as uPlot;
  it('show the hovered day as month-day and its count, and nothing while no day is hovered', () => {
    const day = dayLegendSeries('Day');
    const value = day.value as (u: uPlot, v: number | null, si: number, di: number | null) => string;
    expect(day.label).toBe('Day');
    expect(value(u, Date.UTC(2026, 10, 27) / 1000, 0, 0)).toBe('11-27');
    expect(value(u, null, 0, null)).toBe('');
    expect(countLegendValue(u, 3)).toBe('3');
    expect(countLegendValue(u, null)).toBe('');
  });
});
