import { describe, expect, it } from 'vitest';
import {
  align,
  distribute,
  fitScale,
  hitTest,
  marqueeSelect,
  rectFromPoints,
  resizeRect,
  snapMove,
  snapResize,
} from './geometry';

const other = { x: 100, y: 100, w: 100, h: 50 };

describe('snapMove', () => {
  it('snaps to the grid when no other panel is near', () => {
    const r = snapMove({ x: 13, y: 27, w: 40, h: 40 }, { gridPx: 10, thresholdPx: 5, others: [] });
    expect(r.rect).toEqual({ x: 10, y: 30, w: 40, h: 40 });
    expect(r.guides).toEqual([]);
  });

  it('snaps a left edge to another panel’s left edge and returns a vertical guide spanning both', () => {
    const r = snapMove({ x: 103, y: 300, w: 60, h: 40 }, { gridPx: 10, thresholdPx: 5, others: [other] });
    expect(r.rect.x).toBe(100);
    expect(r.rect.y).toBe(300);
    expect(r.guides).toContainEqual({ axis: 'x', pos: 100, from: 100, to: 340 });
  });

  it('snaps centres and right edges too, preferring the closest', () => {
    // centre of moved (x+30) near centre of other (150): x 118 → 120
    const r = snapMove({ x: 118, y: 0, w: 60, h: 20 }, { gridPx: 0, thresholdPx: 4, others: [other] });
    expect(r.rect.x).toBe(120);
    // right edge (x+60) near other's right (200): x 142 → 140
    const r2 = snapMove({ x: 142, y: 0, w: 58 + 2, h: 20 }, { gridPx: 0, thresholdPx: 3, others: [other] });
    expect(r2.rect.x + r2.rect.w).toBe(200);
  });

  it('leaves a panel beyond the threshold on the grid', () => {
    const r = snapMove({ x: 111, y: 0, w: 60, h: 20 }, { gridPx: 8, thresholdPx: 2, others: [other] });
    expect(r.rect.x).toBe(112);
  });
});

describe('resize', () => {
  it('keeps the opposite edge and the minimum size', () => {
    expect(resizeRect({ x: 10, y: 10, w: 100, h: 100 }, 'nw', 30, 30)).toEqual({ x: 40, y: 40, w: 70, h: 70 });
    expect(resizeRect({ x: 10, y: 10, w: 100, h: 100 }, 'w', 500, 0, 20)).toEqual({ x: 90, y: 10, w: 20, h: 100 });
    expect(resizeRect({ x: 10, y: 10, w: 100, h: 100 }, 'se', 5, -5)).toEqual({ x: 10, y: 10, w: 105, h: 95 });
  });

  it('snaps only the moving edges', () => {
    const r = snapResize({ x: 0, y: 0, w: 97, h: 33 }, 'e', { gridPx: 10, thresholdPx: 5, others: [other] });
    expect(r.rect).toEqual({ x: 0, y: 0, w: 100, h: 33 });
    expect(r.guides.map((g) => [g.axis, g.pos])).toEqual([['x', 100]]);
    const g = snapResize({ x: 0, y: 0, w: 97, h: 33 }, 'se', { gridPx: 10, thresholdPx: 1, others: [] });
    expect(g.rect).toEqual({ x: 0, y: 0, w: 100, h: 30 });
  });
});

describe('align and distribute', () => {
  const rs = [
    { id: 'a', x: 0, y: 0, w: 10, h: 10 },
    { id: 'b', x: 50, y: 20, w: 30, h: 10 },
  ];
  it('aligns to the selection bounds', () => {
    expect(align(rs, 'left').map((r) => r.x)).toEqual([0, 0]);
    expect(align(rs, 'right').map((r) => r.x)).toEqual([70, 50]);
    expect(align(rs, 'bottom').map((r) => r.y)).toEqual([20, 20]);
    expect(align(rs, 'hCenter').map((r) => r.x + r.w / 2)).toEqual([40, 40]);
    expect(align(rs, 'vCenter').map((r) => r.y + r.h / 2)).toEqual([15, 15]);
    expect(align([rs[1]], 'left')).toEqual([rs[1]]);
  });

  it('distributes with equal gaps, keeping the outermost in place', () => {
    const out = distribute(
      [
        { id: 'c', x: 200, y: 0, w: 20, h: 5 },
        { id: 'a', x: 0, y: 0, w: 20, h: 5 },
        { id: 'b', x: 30, y: 0, w: 40, h: 5 },
      ],
      'x',
    );
    expect(out.map((r) => [r.id, r.x])).toEqual([
      ['c', 200],
      ['a', 0],
      ['b', 90],
    ]);
  });
});

describe('hit tests and marquee', () => {
  const rs = [
    { id: 'bottom', x: 0, y: 0, w: 100, h: 100 },
    { id: 'top', x: 50, y: 50, w: 100, h: 100 },
  ];
  it('hits the topmost panel under the point', () => {
    expect(hitTest(rs, 60, 60)?.id).toBe('top');
    expect(hitTest(rs, 10, 10)?.id).toBe('bottom');
    expect(hitTest(rs, 300, 300)).toBeNull();
  });
  it('selects what a marquee touches, whichever way it was dragged', () => {
    expect(marqueeSelect(rs, rectFromPoints(160, 160, 120, 120))).toEqual(['top']);
    expect(marqueeSelect(rs, rectFromPoints(-10, -10, 200, 200))).toEqual(['bottom', 'top']);
    expect(marqueeSelect(rs, rectFromPoints(400, 400, 500, 500))).toEqual([]);
  });
});

describe('fitScale', () => {
  it('fits the page inside the viewport minus padding, never upscaling by default', () => {
    expect(fitScale({ w: 1920, h: 1080 }, { w: 1000, h: 1000 }, 20)).toBeCloseTo(960 / 1920);
    expect(fitScale({ w: 800, h: 600 }, { w: 4000, h: 4000 })).toBe(1);
    expect(fitScale({ w: 800, h: 600 }, { w: 1648, h: 1248 }, 24, true)).toBe(2);
    expect(fitScale({ w: 800, h: 600 }, { w: 0, h: 0 })).toBe(1);
  });
});
