import { describe, expect, it } from 'vitest';
import { intersects } from './geometry';
import { findFreePlace, PLACEMENT_GAP_PX } from './placement';

const page = { w: 800, h: 600 };

describe('findFreePlace', () => {
  it('takes the top-left corner of an empty page', () => {
    expect(findFreePlace(page, [], { w: 200, h: 100 })).toEqual({ x: 0, y: 0, w: 200, h: 100 });
  });

  it('goes beside the first panel, a gap away, when there is room in that row', () => {
    const a = { x: 0, y: 0, w: 300, h: 200 };
    expect(findFreePlace(page, [a], { w: 200, h: 100 })).toEqual({ x: 300 + PLACEMENT_GAP_PX, y: 0, w: 200, h: 100 });
  });

  it('goes below when the row is full, and never overlaps a panel', () => {
    const row = [
      { x: 0, y: 0, w: 400, h: 200 },
      { x: 400, y: 0, w: 400, h: 200 },
    ];
    const r = findFreePlace(page, row, { w: 300, h: 150 });
    expect(r).toEqual({ x: 0, y: 200 + PLACEMENT_GAP_PX, w: 300, h: 150 });
    expect(row.some((o) => intersects(o, r))).toBe(false);
  });

  it('finds the one hole left in a crowded page', () => {
    // the page filled except a 250×250 hole at the bottom right
    const others = [
      { x: 0, y: 0, w: 800, h: 340 },
      { x: 0, y: 340, w: 540, h: 260 },
    ];
    const r = findFreePlace(page, others, { w: 240, h: 240 });
    expect(others.some((o) => intersects(o, r))).toBe(false);
    expect(r.x + r.w).toBeLessThanOrEqual(800);
    expect(r.y + r.h).toBeLessThanOrEqual(600);
  });

  it('on a full page takes the place of least overlap, inside the page; shrinks a panel larger than the page', () => {
    const full = [{ x: 0, y: 0, w: 800, h: 500 }];
    const r = findFreePlace(page, full, { w: 200, h: 200 });
    expect(r).toEqual({ x: 0, y: 400, w: 200, h: 200 });
    expect(findFreePlace(page, [], { w: 900, h: 700 })).toEqual({ x: 0, y: 0, w: 800, h: 600 });
  });
});
