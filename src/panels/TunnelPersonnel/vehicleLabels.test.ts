import { describe, expect, it } from 'vitest';
import { PLATE_GAP_PX, placePlates, plateWidthPx } from './vehicleLabels';

const MARK = 28;
const FONT = 20;
const W = plateWidthPx(6, FONT); // "SD-1xx"

describe('placePlates', () => {
  it('writes a lone plate right of its mark', () => {
    expect(placePlates([{ sn: 'a', x: 100, plate: 'SD-101' }], MARK, FONT, 800).get('a')).toBe('right');
  });

  it('writes a plate left of a mark near the strip\'s right end, so it stays inside', () => {
    const x = 800 - MARK / 2 - 10;
    expect(placePlates([{ sn: 'a', x, plate: 'SD-114' }], MARK, FONT, 800).get('a')).toBe('left');
  });

  it('leaves out a plate that fits on neither side (a strip narrower than mark and plate)', () => {
    expect(placePlates([{ sn: 'a', x: 40, plate: 'SD-114' }], MARK, FONT, 60).get('a')).toBeNull();
  });

  it('moves a plate that would run into the next mark to the left, and leaves out one boxed in on both sides', () => {
    const step = MARK + PLATE_GAP_PX + 10; // marks closer than a plate is wide
    const sides = placePlates(
      [
        { sn: 'c', x: 300 + 2 * step, plate: 'SD-103' },
        { sn: 'a', x: 300, plate: 'SD-101' },
        { sn: 'b', x: 300 + step, plate: 'SD-102' },
      ],
      MARK,
      FONT,
      1000,
    );
    expect(sides.get('a')).toBe('left'); // nothing left of it
    expect(sides.get('b')).toBeNull(); // a's mark on one side, c's on the other
    expect(sides.get('c')).toBe('right');
  });

  it('never lets two written plates overlap, however the vehicles bunch', () => {
    const marks = Array.from({ length: 14 }, (_, i) => ({ sn: `v${i}`, x: 20 + ((i * 137) % 700), plate: `SD-${100 + i}` }));
    const sides = placePlates(marks, MARK, FONT, 760);
    const boxes = marks
      .filter((m) => sides.get(m.sn) !== null)
      .map((m) => (sides.get(m.sn) === 'right' ? [m.x + MARK / 2, m.x + MARK / 2 + PLATE_GAP_PX + W] : [m.x - MARK / 2 - PLATE_GAP_PX - W, m.x - MARK / 2]))
      .sort((p, q) => p[0] - q[0]);
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i][0]).toBeGreaterThanOrEqual(boxes[i - 1][1]);
    for (const [l, r] of boxes) {
      expect(l).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThanOrEqual(760);
    }
  });
});
