/**
 * Pure geometry of the board builder. Every length is in page pixels (the board's own coordinate space,
 * before the canvas zoom), so snapping feels the same at any zoom once the caller divides its screen
 * threshold by the zoom.
 */

import type { Guide, Rect } from '../../stores/editorModel';

export type { Guide, Rect };

/** A rectangle that belongs to a panel. */
export interface IdRect extends Rect {
  id: string;
}

/** What snapping aligns to. */
export interface SnapOptions {
  /** Grid step in page px; 0 or less turns the grid off. */
  gridPx: number;
  /** How close (page px) an edge or centre must be to another panel's to snap to it. */
  thresholdPx: number;
  /** The other panels' rectangles (never the ones being moved). */
  others: readonly Rect[];
}

/** The snapped rectangle and the guides that explain it (empty when it snapped to the grid only). */
export interface SnapResult {
  rect: Rect;
  guides: Guide[];
}

/** One of the 8 resize handles, by compass direction. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** Smallest panel side while resizing, page px: smaller boxes cannot be grabbed again. */
export const MIN_PANEL_SIZE_PX = 20;

const snapGrid = (v: number, grid: number) => (grid > 0 ? Math.round(v / grid) * grid : v);

/** Left, centre, right (axis x) or top, middle, bottom (axis y) of a rectangle. */
function stops(r: Rect, axis: 'x' | 'y'): [number, number, number] {
  return axis === 'x' ? [r.x, r.x + r.w / 2, r.x + r.w] : [r.y, r.y + r.h / 2, r.y + r.h];
}

/**
 * Finds the smallest correction (within threshold) that puts one of `mine` on one of the others' stops.
 * Returns null when nothing is close enough.
 */
function bestDelta(mine: readonly number[], others: readonly Rect[], axis: 'x' | 'y', threshold: number): number | null {
  let best: number | null = null;
  for (const o of others) {
    for (const t of stops(o, axis)) {
      for (const m of mine) {
        const d = t - m;
        if (Math.abs(d) <= threshold && (best === null || Math.abs(d) < Math.abs(best))) best = d;
      }
    }
  }
  return best;
}

/** Guides for every stop of `r` (limited to `mine`) that lines up exactly with another rectangle's stop. */
function guidesFor(r: Rect, others: readonly Rect[], axis: 'x' | 'y', which: readonly number[]): Guide[] {
  const out: Guide[] = [];
  const mineAll = stops(r, axis);
  const seen = new Set<number>();
  for (const i of which) {
    const m = mineAll[i];
    const aligned = others.filter((o) => stops(o, axis).some((t) => Math.abs(t - m) < 0.5));
    if (aligned.length === 0 || seen.has(m)) continue;
    seen.add(m);
    const span = [r, ...aligned];
    const from = Math.min(...span.map((s) => (axis === 'x' ? s.y : s.x)));
    const to = Math.max(...span.map((s) => (axis === 'x' ? s.y + s.h : s.x + s.w)));
    out.push({ axis, pos: m, from, to });
  }
  return out;
}

/**
 * Snaps a moved rectangle: per axis, to the nearest other panel's edge or centre within the threshold
 * (any of its own left/centre/right may be the one that snaps), otherwise its top-left to the grid.
 * The size never changes.
 */
export function snapMove(rect: Rect, opts: SnapOptions): SnapResult {
  const out = { ...rect };
  const dx = bestDelta(stops(rect, 'x'), opts.others, 'x', opts.thresholdPx);
  out.x = dx === null ? snapGrid(rect.x, opts.gridPx) : rect.x + dx;
  const dy = bestDelta(stops(rect, 'y'), opts.others, 'y', opts.thresholdPx);
  out.y = dy === null ? snapGrid(rect.y, opts.gridPx) : rect.y + dy;
  const guides = [
    ...(dx === null ? [] : guidesFor(out, opts.others, 'x', [0, 1, 2])),
    ...(dy === null ? [] : guidesFor(out, opts.others, 'y', [0, 1, 2])),
  ];
  return { rect: out, guides };
}

/**
 * The rectangle after dragging `handle` of `start` by (dx, dy) page px. Sides never shrink below
 * `minPx`; the opposite edge stays put.
 */
export function resizeRect(start: Rect, handle: Handle, dx: number, dy: number, minPx = MIN_PANEL_SIZE_PX): Rect {
  let { x, y, w, h } = start;
  if (handle.includes('e')) w = Math.max(minPx, start.w + dx);
  if (handle.includes('s')) h = Math.max(minPx, start.h + dy);
  if (handle.includes('w')) {
    w = Math.max(minPx, start.w - dx);
    x = start.x + start.w - w;
  }
  if (handle.includes('n')) {
    h = Math.max(minPx, start.h - dy);
    y = start.y + start.h - h;
  }
  return { x, y, w, h };
}

/**
 * Snaps the edges a resize moves (only those: the opposite edge stays put) to other panels' edges and
 * centres within the threshold, otherwise to the grid. Never shrinks a side below `minPx`.
 */
export function snapResize(rect: Rect, handle: Handle, opts: SnapOptions, minPx = MIN_PANEL_SIZE_PX): SnapResult {
  let { x, y, w, h } = rect;
  const guides: Guide[] = [];
  const snapEdge = (edge: number, axis: 'x' | 'y'): { v: number; snapped: boolean } => {
    const d = bestDelta([edge], opts.others, axis, opts.thresholdPx);
    return d === null ? { v: snapGrid(edge, opts.gridPx), snapped: false } : { v: edge + d, snapped: true };
  };
  const snappedX: number[] = [];
  const snappedY: number[] = [];
  if (handle.includes('e')) {
    const s = snapEdge(x + w, 'x');
    if (s.v - x >= minPx) {
      w = s.v - x;
      if (s.snapped) snappedX.push(2);
    }
  }
  if (handle.includes('w')) {
    const right = x + w;
    const s = snapEdge(x, 'x');
    if (right - s.v >= minPx) {
      x = s.v;
      w = right - s.v;
      if (s.snapped) snappedX.push(0);
    }
  }
  if (handle.includes('s')) {
    const s = snapEdge(y + h, 'y');
    if (s.v - y >= minPx) {
      h = s.v - y;
      if (s.snapped) snappedY.push(2);
    }
  }
  if (handle.includes('n')) {
    const bottom = y + h;
    const s = snapEdge(y, 'y');
    if (bottom - s.v >= minPx) {
      y = s.v;
      h = bottom - s.v;
      if (s.snapped) snappedY.push(0);
    }
  }
  const out = { x, y, w, h };
  guides.push(...guidesFor(out, opts.others, 'x', snappedX), ...guidesFor(out, opts.others, 'y', snappedY));
  return { rect: out, guides };
}

/** Smallest rectangle holding all of `rects`; null for none. */
export function boundsOf(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.w));
  const bottom = Math.max(...rects.map((r) => r.y + r.h));
  return { x, y, w: right - x, h: bottom - y };
}

/** Ways to align a selection: edges or centres, relative to the selection's bounding box. */
export type AlignMode = 'left' | 'right' | 'top' | 'bottom' | 'hCenter' | 'vCenter';
export const ALIGN_MODES: readonly AlignMode[] = ['left', 'hCenter', 'right', 'top', 'vCenter', 'bottom'];

/**
 * Aligns rectangles to their common bounding box (a single rectangle stays where it is). `hCenter`
 * lines up horizontal centres (a vertical axis), `vCenter` vertical centres. Same order as given.
 */
export function align<R extends Rect>(rects: readonly R[], mode: AlignMode): R[] {
  const b = boundsOf(rects);
  if (!b || rects.length < 2) return rects.map((r) => ({ ...r }));
  return rects.map((r) => {
    switch (mode) {
      case 'left':
        return { ...r, x: b.x };
      case 'right':
        return { ...r, x: b.x + b.w - r.w };
      case 'top':
        return { ...r, y: b.y };
      case 'bottom':
        return { ...r, y: b.y + b.h - r.h };
      case 'hCenter':
        return { ...r, x: b.x + (b.w - r.w) / 2 };
      case 'vCenter':
        return { ...r, y: b.y + (b.h - r.h) / 2 };
    }
  });
}

/**
 * Spreads rectangles so the gaps between neighbours along `axis` are equal; the first and last (by
 * position) stay put. Fewer than 3 rectangles are returned unchanged. Same order as given.
 */
export function distribute<R extends Rect>(rects: readonly R[], axis: 'x' | 'y'): R[] {
  const out = rects.map((r) => ({ ...r }));
  if (out.length < 3) return out;
  const pos = (r: Rect) => (axis === 'x' ? r.x : r.y);
  const size = (r: Rect) => (axis === 'x' ? r.w : r.h);
  const order = out.map((_, i) => i).sort((a, b) => pos(out[a]) - pos(out[b]));
  const first = out[order[0]];
  const last = out[order[order.length - 1]];
  const total = pos(last) + size(last) - pos(first);
  const used = order.reduce((s, i) => s + size(out[i]), 0);
  const gap = (total - used) / (order.length - 1);
  let cursor = pos(first) + size(first) + gap;
  for (const i of order.slice(1, -1)) {
    if (axis === 'x') out[i].x = cursor;
    else out[i].y = cursor;
    cursor += size(out[i]) + gap;
  }
  return out;
}

/** Whether the point (px, py) is inside `r` (edges included). */
export function containsPoint(r: Rect, px: number, py: number): boolean {
  return px >= r.x && px <= r.x + r.w && py >= r.y && py <= r.y + r.h;
}

/**
 * The topmost rectangle under a point: `rects` are bottom to top (paint order), so the last hit wins.
 * Null when none.
 */
export function hitTest<R extends IdRect>(rects: readonly R[], px: number, py: number): R | null {
  for (let i = rects.length - 1; i >= 0; i--) if (containsPoint(rects[i], px, py)) return rects[i];
  return null;
}

/** Whether two rectangles overlap (touching edges count). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}

/** The rectangle spanned by two drag points, whichever way the drag went. */
export function rectFromPoints(x1: number, y1: number, x2: number, y2: number): Rect {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) };
}

/** Ids of the rectangles a marquee touches, in the given order. */
export function marqueeSelect(rects: readonly IdRect[], marquee: Rect): string[] {
  return rects.filter((r) => intersects(r, marquee)).map((r) => r.id);
}

/**
 * Zoom that fits a page of `page` size into a viewport with `paddingPx` free on each side; never above 1
 * unless `allowUpscale`, and never below 0.02 (a 16384 px page still shows). Zero-size viewports give 1.
 */
export function fitScale(
  page: { w: number; h: number },
  viewport: { w: number; h: number },
  paddingPx = 24,
  allowUpscale = false,
): number {
  const vw = viewport.w - 2 * paddingPx;
  const vh = viewport.h - 2 * paddingPx;
  if (vw <= 0 || vh <= 0 || page.w <= 0 || page.h <= 0) return 1;
  const s = Math.min(vw / page.w, vh / page.h);
  return Math.max(0.02, allowUpscale ? s : Math.min(1, s));
}

/** Zoom limits of the canvas (Ctrl+wheel), as fractions of 100 %. */
export const ZOOM_MIN = 0.05;
export const ZOOM_MAX = 4;

/** Clamps a zoom into [ZOOM_MIN, ZOOM_MAX]. */
export function clampZoom(z: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
}
