import type { Rect } from '../../stores/editorModel';

/** Space kept between a placed panel and its neighbours, page px (the templates' gutter). */
export const PLACEMENT_GAP_PX = 10;

/** Grid the search steps along besides the neighbours' edges, page px. */
const SEARCH_STEP_PX = 20;

/** Whether `a`, grown by `gap` on every side, overlaps `b`. */
function overlapsWithGap(a: Rect, b: Rect, gap: number): boolean {
  return a.x - gap < b.x + b.w && b.x < a.x + a.w + gap && a.y - gap < b.y + b.h && b.y < a.y + a.h + gap;
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where a new panel of `size` goes on a page of `page` size that already holds `others` (page px): the
 * first free place in reading order (top to bottom, then left to right) that keeps PLACEMENT_GAP_PX from
 * every other panel (page edges need no gap), as Grafana adds a panel to the first free row. Candidates
 * are the page edges, the neighbours' right and bottom edges plus the gap, and a 20 px grid. When no free
 * place exists, the place with the least overlap (ties: reading order). `size` larger than the page is
 * shrunk to it. Integer results; never outside the page.
 */
export function findFreePlace(page: { w: number; h: number }, others: readonly Rect[], size: { w: number; h: number }): Rect {
  const w = Math.min(size.w, page.w);
  const h = Math.min(size.h, page.h);
  const gap = PLACEMENT_GAP_PX;
  const axis = (extent: number, len: number, edges: number[]) => {
    const set = new Set<number>([0, extent - len]);
    for (let v = 0; v <= extent - len; v += SEARCH_STEP_PX) set.add(v);
    for (const e of edges) if (e >= 0 && e <= extent - len) set.add(e);
    return [...set].map(Math.round).sort((a, b) => a - b);
  };
  const xs = axis(page.w, w, others.map((o) => o.x + o.w + gap));
  const ys = axis(page.h, h, others.map((o) => o.y + o.h + gap));
  let best: { rect: Rect; overlap: number } | null = null;
  for (const y of ys) {
    for (const x of xs) {
      const rect = { x, y, w, h };
      if (!others.some((o) => overlapsWithGap(rect, o, gap))) return rect;
      const overlap = others.reduce((sum, o) => sum + overlapArea(rect, o), 0);
      if (!best || overlap < best.overlap) best = { rect, overlap };
    }
  }
  return best?.rect ?? { x: 0, y: 0, w, h };
}
