import { describe, expect, it } from 'vitest';
import { niceStep, rulerTicks } from './rulers';

describe('niceStep', () => {
  it('picks 1, 2 or 5 × 10^k page px so labels stay at least 60 screen px apart', () => {
    expect(niceStep(1)).toBe(100);
    expect(niceStep(0.5)).toBe(200);
    expect(niceStep(0.25)).toBe(500);
    expect(niceStep(0.1)).toBe(1000);
    expect(niceStep(2)).toBe(50);
    expect(niceStep(6)).toBe(10);
    expect(niceStep(1, 50)).toBe(50);
  });

  it('never goes below one page pixel, however far one zooms in', () => {
    expect(niceStep(200)).toBe(1);
  });

  it('refuses a zoom that is not a positive number', () => {
    expect(() => niceStep(0)).toThrow(RangeError);
    expect(() => niceStep(Number.NaN)).toThrow(RangeError);
  });
});

describe('rulerTicks', () => {
  it('labels every 100 page px at 100 % and puts minor ticks on round numbers between', () => {
    const r = rulerTicks(0, 400, 1);
    expect(r.majorStep).toBe(100);
    expect(r.minorStep).toBe(10);
    expect(r.ticks.filter((t) => t.major).map((t) => t.pagePx)).toEqual([0, 100, 200, 300, 400]);
    expect(r.ticks).toHaveLength(41);
    expect(r.ticks[13]).toEqual({ pagePx: 130, screenPx: 130, major: false });
  });

  it('follows the zoom: at 25 % the labels are 500 page px apart and ticks sit at zoom × position', () => {
    const r = rulerTicks(0, 600, 0.25);
    expect(r.majorStep).toBe(500);
    expect(r.ticks.filter((t) => t.major).map((t) => [t.pagePx, t.screenPx])).toEqual([
      [0, 0],
      [500, 125],
      [1000, 250],
      [1500, 375],
      [2000, 500],
    ]);
  });

  it('follows the scroll position, including the gutter left of the page (negative coordinates)', () => {
    const r = rulerTicks(-24, 248, 1);
    expect(r.ticks[0]).toEqual({ pagePx: -20, screenPx: 4, major: false });
    expect(r.ticks.filter((t) => t.major).map((t) => [t.pagePx, t.screenPx])).toEqual([
      [0, 24],
      [100, 124],
      [200, 224],
    ]);
    const scrolled = rulerTicks(1234, 100, 2);
    expect(scrolled.majorStep).toBe(50);
    expect(scrolled.ticks.map((t) => [t.pagePx, t.screenPx, t.major])).toEqual([
      [1240, 12, false],
      [1250, 32, true],
      [1260, 52, false],
      [1270, 72, false],
      [1280, 92, false],
    ]);
  });

  it('gives a ruler with no length at most the tick at its start', () => {
    expect(rulerTicks(0, 0, 1).ticks).toEqual([{ pagePx: 0, screenPx: 0, major: true }]);
    expect(rulerTicks(5, -10, 1).ticks).toEqual([]);
  });
});
