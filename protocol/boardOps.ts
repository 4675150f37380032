import { layoutSchema, type Board, type Page, type Panel, type PanelMoveTarget } from './board';

/**
 * The board edit rules, once for the board server (server/http/routes/boardsOps.ts) and the builder's
 * commands (src/board/editor/commands): page order and renumbering, a board keeps at least one page, the
 * stacking order of a page's panels (z 1…n, a new panel on top) and the page size limits. Pure: every
 * function returns new objects, leaves its inputs alone and keeps the objects it did not change (so a
 * caller can tell what changed by identity). A refused edit throws {@link BoardEditError} before anything
 * changes. docs/api.md "Board server" describes the rules as the API applies them.
 */

/** Why an edit was refused, as the API answers it: NOT_FOUND (no such page or panel) or VALIDATION (a rule). */
export class BoardEditError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'VALIDATION',
    message: string,
  ) {
    super(message);
    this.name = 'BoardEditError';
  }
}

/** The refusal of deleting a board's only page: a viewer always has a page to show. */
export const LAST_PAGE_MESSAGE = 'pageId: a board keeps at least one page; delete the board instead';

/**
 * `items` with the element at `from` moved to `to` (clamped to the list). Out-of-range `from` returns a copy.
 */
export function moveIndex<T>(items: readonly T[], from: number, to: number): T[] {
  const out = items.slice();
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  out.splice(target, 0, item);
  return out;
}

// ───────────────────────── pages ─────────────────────────

/** Pages in display order: by `order`, ties in their stored order. */
export function pagesInOrder(pages: readonly Page[]): Page[] {
  return pages
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.order - b.p.order || a.i - b.i)
    .map(({ p }) => p);
}

/** Pages (given in display order) with `order` renumbered 0…n-1; pages already in place are kept as they are. */
export function renumberPages(pages: readonly Page[]): Page[] {
  return pages.map((p, order) => (p.order === order ? p : { ...p, order }));
}

/** The board's page `pageId`. @throws BoardEditError NOT_FOUND. */
export function requirePage(board: Board, pageId: string): Page {
  const page = board.pages.find((p) => p.pageId === pageId);
  if (!page) throw new BoardEditError('NOT_FOUND', `Page ${pageId} not found on this board`);
  return page;
}

/** The board with `page` inserted at `index` among the pages in order (default or past the end: last); orders renumbered. */
export function insertPage(board: Board, page: Page, index?: number): Board {
  const pages = pagesInOrder(board.pages);
  pages.splice(Math.max(0, Math.min(index ?? pages.length, pages.length)), 0, page);
  return { ...board, pages: renumberPages(pages) };
}

/**
 * The board with page `pageId` moved to place `toIndex` (0 = first; truncated, clamped to the pages);
 * orders renumbered. @throws BoardEditError NOT_FOUND.
 */
export function movePage(board: Board, pageId: string, toIndex: number): Board {
  requirePage(board, pageId);
  const pages = pagesInOrder(board.pages);
  const from = pages.findIndex((p) => p.pageId === pageId);
  return { ...board, pages: renumberPages(moveIndex(pages, from, Math.trunc(toIndex))) };
}

/**
 * The board without page `pageId`, orders renumbered. A board keeps at least one page.
 * @throws BoardEditError NOT_FOUND, or VALIDATION ({@link LAST_PAGE_MESSAGE}) for the only page.
 */
export function deletePage(board: Board, pageId: string): Board {
  requirePage(board, pageId);
  if (board.pages.length === 1) throw new BoardEditError('VALIDATION', LAST_PAGE_MESSAGE);
  return { ...board, pages: renumberPages(pagesInOrder(board.pages).filter((p) => p.pageId !== pageId)) };
}

/** Whether `px` may be a page's width or height: an integer within PAGE_SIZE_LIMITS (the layout schema's own check). */
export function isPageSide(px: number): boolean {
  return layoutSchema.shape.pageWidth.safeParse(px).success;
}

// ───────────────────────── panels and their stacking order ─────────────────────────

/** The page's panel `panelId`. @throws BoardEditError NOT_FOUND. */
export function requirePanel(page: Page, panelId: string): Panel {
  const panel = page.panels.find((p) => p.panelId === panelId);
  if (!panel) throw new BoardEditError('NOT_FOUND', `Panel ${panelId} not found on page ${page.pageId}`);
  return panel;
}

/** Panels bottom to top: by `z`, ties in their stored order. */
export function stackOrder(panels: readonly Panel[]): Panel[] {
  return panels
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.z - b.p.z || a.i - b.i)
    .map(({ p }) => p);
}

/** The `z` of a panel put on top of the page: one above its highest panel (at least 1). */
export function topZ(page: Page): number {
  return page.panels.reduce((top, p) => Math.max(top, p.z), 0) + 1;
}

/**
 * The page with the panels `ids` restacked, keeping their order among themselves: `front`/`back` to the
 * top/bottom, `forward`/`backward` one step past the next unselected panel, or a number: their place
 * among the other panels from the bottom (0 = bottom; past the end = top). Panels are stored bottom to
 * top with `z` renumbered 1…n, so the stored order and `z` agree afterwards; a panel whose z does not
 * change is kept as it is. Ids not on the page are ignored.
 */
export function restack(page: Page, ids: readonly string[], move: PanelMoveTarget): Page {
  const sel = new Set(ids);
  const order = stackOrder(page.panels);
  const picked = order.filter((p) => sel.has(p.panelId));
  const rest = order.filter((p) => !sel.has(p.panelId));
  let next: Panel[];
  if (typeof move === 'number') {
    const at = Math.max(0, Math.min(rest.length, Math.round(move)));
    next = [...rest.slice(0, at), ...picked, ...rest.slice(at)];
  } else if (move === 'front') next = [...rest, ...picked];
  else if (move === 'back') next = [...picked, ...rest];
  else {
    next = order.slice();
    const step = move === 'forward' ? 1 : -1;
    const idx = next.flatMap((p, i) => (sel.has(p.panelId) ? [i] : []));
    if (step > 0) idx.reverse();
    for (const i of idx) {
      const j = i + step;
      if (j < 0 || j >= next.length || sel.has(next[j].panelId)) continue;
      [next[i], next[j]] = [next[j], next[i]];
    }
  }
  return { ...page, panels: next.map((p, i) => (p.z === i + 1 ? p : { ...p, z: i + 1 })) };
}

/** The page with panel `panelId` restacked (see {@link restack}). @throws BoardEditError NOT_FOUND. */
export function movePanel(page: Page, panelId: string, to: PanelMoveTarget): Page {
  requirePanel(page, panelId);
  return restack(page, [panelId], to);
}
