import { describe, expect, it } from 'vitest';
import type { BoreAlignment, TunnelInfo } from '../../../protocol';
import { fitView, niceLengthM, planBores, screenAt, screenStretch, tickChainages, tickStepM, zoomAt, ZOOM_LIMITS } from './geometry';

const bore = (tunnelId: string, startChainageM: number, lengthM: number): TunnelInfo => ({ tunnelId, name: tunnelId, startChainageM, lengthM, headings: [] });
const LK = bore('LK', 12_000, 1_000);
const RK = bore('RK', 12_020, 980);
/** LK 35 m north of RK, both running east. */
const ALIGNED: BoreAlignment[] = [
  { tunnelId: 'LK', points: [{ chainageM: 12_000, x: 0, y: 35 }, { chainageM: 13_000, x: 1_000, y: 35 }], crossPassages: [] },
  { tunnelId: 'RK', points: [{ chainageM: 12_000, x: 0, y: 0 }, { chainageM: 13_000, x: 1_000, y: 0 }], crossPassages: [] },
];

describe('planBores', () => {
  it('puts each bore on its alignment, its bands on the side away from the other bore', () => {
    const [lk, rk] = planBores([LK, RK], ALIGNED);
    expect(lk).toMatchObject({ straight: false, outer: -1 }); // running east, the left side is north, away from RK
    expect(rk).toMatchObject({ straight: false, outer: 1 });
  });

  it('draws a bore without an alignment straight along its chainage range, south of the others, and says so', () => {
    const [lk, rk] = planBores([LK, RK], ALIGNED.slice(0, 1));
    expect(lk.straight).toBe(false);
    expect(rk.straight).toBe(true);
    expect(rk.points).toEqual([
      { chainageM: 12_020, x: 20, y: -5 },
      { chainageM: 13_000, x: 1_000, y: -5 },
    ]);
    const alone = planBores([LK, RK], []);
    expect(alone.map((b) => b.points[0].y)).toEqual([0, -40]);
    expect(alone.every((b) => b.straight)).toBe(true);
  });
});

describe('the view', () => {
  it('fits the bores into the panel, north up, one scale for both axes, centred', () => {
    const bores = planBores([LK, RK], ALIGNED);
    const v = fitView(bores, 1_100, 600, { x: 50, y: 50 });
    expect(v.scale).toBeCloseTo(1); // 1000 m into 1000 px
    const west = screenAt(v, bores[1].points, 12_000);
    const east = screenAt(v, bores[1].points, 13_000);
    expect(west.x).toBeCloseTo(50);
    expect(east.x).toBeCloseTo(1_050);
    // LK (north) above RK on screen, the pair centred vertically
    const north = screenAt(v, bores[0].points, 12_500);
    const south = screenAt(v, bores[1].points, 12_500);
    expect(south.y - north.y).toBeCloseTo(35);
    expect((north.y + south.y) / 2).toBeCloseTo(300);
  });

  it('zooms about the pointer, keeping the grid point under it, within the limits', () => {
    const v = { scale: 1, ox: 0, oy: 0 };
    const z = zoomAt(v, 2, 100, 50, 1);
    expect(z.scale).toBe(2);
    // the grid point under (100, 50) was x 100, y -50; it still is
    expect(z.ox + 100 * z.scale).toBeCloseTo(100);
    expect(z.oy - -50 * z.scale).toBeCloseTo(50);
    expect(zoomAt(v, 1_000, 0, 0, 1).scale).toBe(ZOOM_LIMITS.max);
    expect(zoomAt(v, 0.001, 0, 0, 1).scale).toBe(ZOOM_LIMITS.min);
  });

  it('offsets to the right of increasing chainage on screen', () => {
    const v = { scale: 1, ox: 0, oy: 100 };
    const east = [
      { chainageM: 0, x: 0, y: 0 },
      { chainageM: 100, x: 100, y: 0 },
    ];
    // running east, right is south: down the screen
    expect(screenAt(v, east, 50, 10)).toMatchObject({ x: 50, y: 110 });
    expect(screenStretch(v, east, 20, 60, -5)).toEqual([20, 95, 60, 95]);
  });
});

describe('scale bar and chainage ticks', () => {
  it('gives the longest 1-2-5 length', () => {
    expect(niceLengthM(740)).toBe(500);
    expect(niceLengthM(199)).toBe(100);
    expect(niceLengthM(2_100)).toBe(2_000);
    expect(niceLengthM(0.3)).toBe(1);
  });

  it('spaces ticks at least the asked pixels apart, on round chainages inside the bore', () => {
    expect(tickStepM(0.6, 110)).toBe(200);
    expect(tickStepM(5, 110)).toBe(50);
    expect(tickChainages({ startChainageM: 12_020, lengthM: 980 }, 250)).toEqual([12_250, 12_500, 12_750]);
  });
});
