import { randomBytes } from 'node:crypto';
import {
  boardSchema,
  type Board,
  type Layout,
  type LayoutItem,
  type LayoutPatch,
  type Page,
  type Panel,
  type PanelMoveTarget,
  type PanelPatch,
  type panelInputSchema,
} from '../../../protocol';
import type { z } from 'zod';
import { ApiError } from '../errors';

/**
 * Pure edits of a board document (the board server's logic without storage). Every function returns new
 * objects and leaves its inputs alone; a refused edit throws {@link ApiError} before anything changes.
 */

/** Makes ids for new boards, pages and panels. */
export type IdMaker = (prefix: 'board' | 'page' | 'panel') => string;

/** Random ids like `panel-3kq9ZbT0xY1w` (72 random bits: collisions are not a practical concern). */
export const randomId: IdMaker = (prefix) => `${prefix}-${randomBytes(9).toString('base64url')}`;

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

/** Index that a panel/move target means for the panel at `from` in a stack of `count` (0 = bottom). */
export function panelTargetIndex(from: number, count: number, to: PanelMoveTarget): number {
  const top = count - 1;
  switch (to) {
    case 'front':
      return top;
    case 'back':
      return 0;
    case 'forward':
      return Math.min(from + 1, top);
    case 'backward':
      return Math.max(from - 1, 0);
    default:
      return Math.min(to, top);
  }
}

/** Panels bottom to top: by `z`, ties in their stored order. */
export function stackOrder(panels: readonly Panel[]): Panel[] {
  return panels
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.z - b.p.z || a.i - b.i)
    .map(({ p }) => p);
}

/** Pages in display order with `order` renumbered 0…n-1. */
export function renumberPages(pages: readonly Page[]): Page[] {
  return pages.map((p, order) => (p.order === order ? p : { ...p, order }));
}

/** Pages sorted by `order` (ties in stored order). */
export function pagesInOrder(pages: readonly Page[]): Page[] {
  return pages
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.order - b.p.order || a.i - b.i)
    .map(({ p }) => p);
}

/** @throws ApiError NOT_FOUND when the board has no page `pageId`. */
export function findPage(board: Board, pageId: string): Page {
  const page = board.pages.find((p) => p.pageId === pageId);
  if (!page) throw new ApiError('NOT_FOUND', `Page ${pageId} not found on this board`);
  return page;
}

/** The layout with `patch` applied. */
export function applyLayoutPatch(layout: Layout, patch: LayoutPatch | undefined): Layout {
  return patch ? { ...layout, ...patch } : layout;
}

/** The board with `page` replaced (same pageId). */
export function replacePage(board: Board, page: Page): Board {
  return { ...board, pages: board.pages.map((p) => (p.pageId === page.pageId ? page : p)) };
}

/** The board with `page` inserted at `index` among the pages in order (default: last); orders renumbered. */
export function insertPage(board: Board, page: Page, index?: number): Board {
  const pages = pagesInOrder(board.pages);
  pages.splice(Math.min(index ?? pages.length, pages.length), 0, page);
  return { ...board, pages: renumberPages(pages) };
}

/** The board with page `pageId` moved to `toIndex` (clamped). @throws ApiError NOT_FOUND. */
export function movePage(board: Board, pageId: string, toIndex: number): Board {
  findPage(board, pageId);
  const pages = pagesInOrder(board.pages);
  const from = pages.findIndex((p) => p.pageId === pageId);
  return { ...board, pages: renumberPages(moveIndex(pages, from, toIndex)) };
}

/**
 * The board without page `pageId`. A board keeps at least one page, so a viewer always has something to show.
 * @throws ApiError NOT_FOUND, or VALIDATION for the last page.
 */
export function deletePage(board: Board, pageId: string): Board {
  findPage(board, pageId);
  if (board.pages.length === 1) throw new ApiError('VALIDATION', 'pageId: a board keeps at least one page; delete the board instead');
  return { ...board, pages: renumberPages(pagesInOrder(board.pages).filter((p) => p.pageId !== pageId)) };
}

/** A new panel from `input` with a fresh id; without `z` it goes on top of the page. */
export function newPanel(page: Page, input: z.output<typeof panelInputSchema>, panelId: string): Panel {
  const z = input.z ?? page.panels.reduce((top, p) => Math.max(top, p.z), 0) + 1;
  const panel: Panel = { panelId, type: input.type, x: input.x, y: input.y, w: input.w, h: input.h, z, config: input.config };
  for (const key of ['title', 'locked', 'hidden', 'groupId', 'style'] as const) {
    if (input[key] !== undefined) (panel as Record<string, unknown>)[key] = input[key];
  }
  return panel;
}

/** The panel with `patch` applied (`config` and `style` replace the whole object; `null` removes a field). */
export function editPanel(panel: Panel, patch: PanelPatch): Panel {
  const out: Record<string, unknown> = { ...panel };
  for (const [key, value] of Object.entries(patch) as Array<[keyof PanelPatch, unknown]>) {
    if (value === null) delete out[key];
    else if (value !== undefined) out[key] = value;
  }
  return out as Panel;
}

/** @throws ApiError NOT_FOUND when page `page` has no panel `panelId`. */
export function findPanel(page: Page, panelId: string): Panel {
  const panel = page.panels.find((p) => p.panelId === panelId);
  if (!panel) throw new ApiError('NOT_FOUND', `Panel ${panelId} not found on page ${page.pageId}`);
  return panel;
}

/** The page without the panels `panelIds`. @throws ApiError NOT_FOUND naming the first missing one (nothing removed). */
export function deletePanels(page: Page, panelIds: readonly string[]): Page {
  for (const id of panelIds) findPanel(page, id);
  const gone = new Set(panelIds);
  return { ...page, panels: page.panels.filter((p) => !gone.has(p.panelId)) };
}

/**
 * The page with panel `panelId` moved in the stacking order; panels are stored bottom to top with `z`
 * renumbered 1…n, so the stored order and `z` always agree afterwards.
 * @throws ApiError NOT_FOUND.
 */
export function movePanel(page: Page, panelId: string, to: PanelMoveTarget): Page {
  findPanel(page, panelId);
  const stack = stackOrder(page.panels);
  const from = stack.findIndex((p) => p.panelId === panelId);
  const moved = moveIndex(stack, from, panelTargetIndex(from, stack.length, to));
  return { ...page, panels: moved.map((p, i) => (p.z === i + 1 ? p : { ...p, z: i + 1 })) };
}

/** Every panel's place, page by page in page order, bottom to top. */
export function layoutItems(board: Board, pageId?: string): LayoutItem[] {
  const pages = pageId ? [findPage(board, pageId)] : pagesInOrder(board.pages);
  return pages.flatMap((page) =>
    stackOrder(page.panels).map(({ panelId, x, y, w, h, z }) => ({ pageId: page.pageId, panelId, x, y, w, h, z })),
  );
}

/**
 * The board with each item's position and size applied to its panel.
 * @throws ApiError NOT_FOUND naming the first item whose page or panel does not exist (nothing applied).
 */
export function applyLayoutItems(board: Board, items: readonly LayoutItem[]): Board {
  const byPage = new Map<string, Map<string, LayoutItem>>();
  for (const item of items) {
    const page = findPage(board, item.pageId);
    findPanel(page, item.panelId);
    let m = byPage.get(item.pageId);
    if (!m) byPage.set(item.pageId, (m = new Map()));
    m.set(item.panelId, item);
  }
  return {
    ...board,
    pages: board.pages.map((page) => {
      const m = byPage.get(page.pageId);
      if (!m) return page;
      return {
        ...page,
        panels: page.panels.map((p) => {
          const it = m.get(p.panelId);
          return it ? { ...p, x: it.x, y: it.y, w: it.w, h: it.h, z: it.z } : p;
        }),
      };
    }),
  };
}

/**
 * Checks an edited board against the board schema (size limits: 200 pages, 2000 panels per page).
 * @throws ApiError VALIDATION naming the first problem.
 */
export function checkBoard(board: Board): Board {
  const r = boardSchema.safeParse(board);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue.path.length > 0 ? ` ${issue.path.map(String).join('.')}` : '';
  throw new ApiError('VALIDATION', `board${where}: ${issue.message}`);
}
