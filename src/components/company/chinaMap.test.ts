import { describe, expect, it } from 'vitest';
import { geoPath } from 'd3-geo';
import { chinaProjection, inChina, outlines, projectPoint } from './chinaMap';

const W = 1000;
const H = 760;

describe('the China map projection', () => {
  const projection = chinaProjection(W, H);

  it('lands a known project place inside China’s outline drawn on the map', () => {
    // Chuxiong, Yunnan and Beijing
    for (const [lon, lat] of [
      [101.55, 25.04],
      [116.4, 39.9],
    ] as const) {
      const px = projectPoint(projection, lon, lat);
      expect(px).not.toBeNull();
      const [x, y] = px!;
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(W);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(H);
      // the pixel, read back through the projection, is still a place in China
      const back = projection.invert!([x, y])!;
      expect(inChina(back[0], back[1])).toBe(true);
    }
  });

  it('keeps places abroad outside China’s outline', () => {
    expect(inChina(139.69, 35.69)).toBe(false); // Tokyo
    expect(inChina(77.21, 28.61)).toBe(false); // New Delhi
    expect(inChina(121.56, 25.04)).toBe(true); // Taipei
  });

  it('fits China’s outline into the size asked, north up', () => {
    const [[x0, y0], [x1, y1]] = geoPath(projection).bounds(outlines().china);
    expect(x0).toBeGreaterThanOrEqual(15);
    expect(y0).toBeGreaterThanOrEqual(15);
    expect(x1).toBeLessThanOrEqual(W - 15);
    expect(y1).toBeLessThanOrEqual(H - 15);
    expect(Math.max(x1 - x0 - (W - 32), y1 - y0 - (H - 32))).toBeGreaterThan(-1); // fills one side
    const harbin = projectPoint(projection, 126.63, 45.75)!;
    const haikou = projectPoint(projection, 110.35, 20.02)!;
    expect(harbin[1]).toBeLessThan(haikou[1]);
  });
});
