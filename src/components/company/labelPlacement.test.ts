import { describe, expect, it } from 'vitest';
import { estimateTextWidth, placeLabels, type MarkerLabel } from './labelPlacement';

const FONT = 16;
const R = 8;

/** The box a placed name covers, by the same estimate. */
function boxOf(m: MarkerLabel, l: ReturnType<typeof placeLabels>[number]) {
  const w = estimateTextWidth(m.text, FONT);
  const left = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  const mid = l.y - FONT * 0.35;
  return { left, right: left + w, top: mid - FONT * 0.6, bottom: mid + FONT * 0.6 };
}
const apart = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof boxOf>) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;

describe('project name placement on the company map', () => {
  it('writes a lone name right of its marker', () => {
    const [l] = placeLabels([{ key: 'a', x: 100, y: 100, text: 'Tunnel' }], R, FONT, 800, 600);
    expect(l).toMatchObject({ anchor: 'start', y: 100 + FONT * 0.35 });
    expect(l.x).toBeGreaterThan(100 + R);
  });

  it('keeps the names of two projects close together apart', () => {
    const markers: MarkerLabel[] = [
      { key: 'a', x: 300, y: 200, text: 'Dali–Lijiang tunnel' },
      { key: 'b', x: 330, y: 210, text: 'Kaili bridge' },
    ];
    const placed = placeLabels(markers, R, FONT, 800, 600);
    // right of both would overlap: the second goes elsewhere
    expect(apart(boxOf(markers[0], placed[0]), boxOf(markers[1], placed[1]))).toBe(true);
    // and neither name covers the other's marker
    for (const [i, j] of [[0, 1], [1, 0]]) {
      const b = boxOf(markers[i], placed[i]);
      const m = markers[j];
      expect(apart(b, { left: m.x - R, right: m.x + R, top: m.y - R, bottom: m.y + R })).toBe(true);
    }
  });

  it('turns a name near the right edge to the left of its marker', () => {
    const [l] = placeLabels([{ key: 'a', x: 780, y: 100, text: 'Exit portal works' }], R, FONT, 800, 600);
    expect(l.anchor).toBe('end');
  });

  it('estimates Chinese names wider per character than Latin ones', () => {
    expect(estimateTextWidth('大理隧道', FONT)).toBe(4 * FONT);
    expect(estimateTextWidth('Dali', FONT)).toBeCloseTo(4 * 0.6 * FONT);
  });
});
