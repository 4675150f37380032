import { describe, expect, it } from 'vitest';
import type { TunnelInfo } from '../../../protocol';
import { boreWorks, heatColor, layoutTunnels, MAP_TEXT_PX, mapTextPx, MIN_SCREEN_TEXT_PX } from './layout';

const LEFT: TunnelInfo = {
  tunnelId: 'LK',
  name: 'Left bore',
  startChainageM: 12_000,
  lengthM: 3_050,
  headings: [
    { headingId: 'LK-E', name: 'entry', portal: 'entry', faceM: 1_262, liningM: 1_150, invertM: 1_215, rockGrade: 'IV' },
    { headingId: 'LK-X', name: 'exit', portal: 'exit', faceM: 1_930, liningM: 2_035, invertM: 1_965, rockGrade: 'III' },
  ],
};
const RIGHT: TunnelInfo = { ...LEFT, tunnelId: 'RK', name: 'Right bore', startChainageM: 12_020, lengthM: 3_010 };

describe('tunnel map layout', () => {
  it('draws both bores on one chainage scale, so portal offsets and lengths are to scale', () => {
    const l = layoutTunnels([LEFT, RIGHT], 1400, 400);
    const [lk, rk] = l.bores;
    const plotW = 1400 - l.labelW - 24; // span K12+000 … K15+050 = 3050 m over plotW px
    expect(lk.x0).toBeCloseTo(l.labelW);
    expect(lk.x1).toBeCloseTo(l.labelW + plotW);
    expect(rk.x0 - lk.x0).toBeCloseTo((20 / 3050) * plotW);
    expect(rk.x1 - rk.x0).toBeCloseTo((3010 / 3050) * plotW);
    expect(rk.xOf(0)).toBeCloseTo(rk.x0);
    expect(lk.xOf(1525)).toBeCloseTo(l.labelW + plotW / 2);
    expect(rk.bodyY).toBeGreaterThan(lk.bodyY + lk.bodyH);
  });

  it('labels round chainages on the axis', () => {
    const l = layoutTunnels([LEFT, RIGHT], 1200, 400);
    expect(l.ticks.map((t) => t.label)).toEqual(['K12+000', 'K12+500', 'K13+000', 'K13+500', 'K14+000', 'K14+500', 'K15+000']);
  });

  it('builds each heading from its own portal', () => {
    const w = boreWorks(LEFT);
    expect(w.excavated).toEqual([
      { fromM: 0, toM: 1262 },
      { fromM: 1930, toM: 3050 },
    ]);
    expect(w.lining[1]).toEqual({ fromM: 2035, toM: 3050 });
    expect(w.invert[0]).toEqual({ fromM: 0, toM: 1215 });
  });

  it('colours heat bins by headcount and leaves empty ones clear', () => {
    expect(heatColor(0)).toBeNull();
    expect(heatColor(1)).not.toBe(heatColor(12));
  });
});

describe('map text scale (docs/product.md "Validation and display": no map label under 12 px at 1366×768)', () => {
  // a 1920×1080 page under a 1366×768 header and alarm banner is scaled to about 0.63
  const SMALL_SCREEN = 0.63;
  it('grows every map label so the board scale draws it at 12 screen px or more', () => {
    for (const designPx of Object.values(MAP_TEXT_PX)) {
      const px = mapTextPx(designPx, SMALL_SCREEN);
      expect(px * SMALL_SCREEN).toBeGreaterThanOrEqual(MIN_SCREEN_TEXT_PX - 1e-9);
      expect(px).toBeGreaterThanOrEqual(designPx);
    }
    expect(mapTextPx(13, 0.3) * 0.3).toBeGreaterThanOrEqual(12 - 1e-9);
  });
  it('keeps the design size where it already reads (a 4K wall) and before the scale is measured', () => {
    expect(mapTextPx(14, 2)).toBe(14);
    expect(mapTextPx(14, 1)).toBe(14);
    expect(mapTextPx(14, 0)).toBe(14);
    expect(mapTextPx(14, Number.NaN)).toBe(14);
  });
  it('makes the axis strip tall enough for larger tick labels', () => {
    const small = layoutTunnels([LEFT], 1400, 400, 13);
    const large = layoutTunnels([LEFT], 1400, 400, 30);
    expect(small.axisY - large.axisY).toBeGreaterThanOrEqual(30 - 13);
  });
});
