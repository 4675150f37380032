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
import * as ops from '../../../protocol/boardOps';
import { ApiError } from '../errors';

/**
 * Pure edits of a board document (the board server's logic without storage). The edit rules themselves
 * (page order, the last page, stacking order) are protocol/boardOps.ts, shared with the builder; here they
 * answer in ApiErrors. Every function returns new objects and leaves its inputs alone; a refused edit
 * throws {@link ApiError} before anything changes.
 */

/** Makes ids for new boards, pages and panels. */
export type IdMaker = (prefix: 'board' | 'page' | 'panel') => string;

/** Random ids like `panel-3kq9ZbT0xY1w` (72 random bits: collisions are not a practical concern). */
export const randomId: IdMaker = (prefix) => `${prefix}-${randomBytes(9).toString('base64url')}`;

/** Runs a shared board edit (protocol/boardOps.ts), answering its refusal as the API error of the same code. */
function edit<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof ops.BoardEditError) throw new ApiError(e.code, e.message);
    throw e;
  }
}

/** Page order and stacking order, and inserting a page (which refuses nothing), as the builder has them. */
export { insertPage, pagesInOrder, stackOrder } from '../../../protocol/boardOps';

/** @throws ApiError NOT_FOUND when the board has no page `pageId`. */
export function findPage(board: Board, pageId: string): Page {
  return edit(() => ops.requirePage(board, pageId));
}

/** The layout with `patch` applied. */
export function applyLayoutPatch(layout: Layout, patch: LayoutPatch | undefined): Layout {
  return patch ? { ...layout, ...patch } : layout;
}

/** The board with `page` replaced (same pageId). */
export function replacePage(board: Board, page: Page): Board {
  return { ...board, pages: board.pages.map((p) => (p.pageId === page.pageId ? page : p)) };
}

/** The board with page `pageId` moved to `toIndex` (clamped). @throws ApiError NOT_FOUND. */
export function movePage(board: Board, pageId: string, toIndex: number): Board {
  return edit(() => ops.movePage(board, pageId, toIndex));
}

/**
 * The board without page `pageId`. A board keeps at least one page, so a viewer always has something to show.
 * @throws ApiError NOT_FOUND, or VALIDATION for the last page.
 */
export function deletePage(board: Board, pageId: string): Board {
  return edit(() => ops.deletePage(board, pageId));
}

/** A new panel from `input` with a fresh id; without `z` it goes on top of the page. */
export function newPanel(page: Page, input: z.output<typeof panelInputSchema>, panelId: string): Panel {
  const z = input.z ?? ops.topZ(page);
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
  return edit(() => ops.requirePanel(page, panelId));
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
  return edit(() => ops.movePanel(page, panelId, to));
}

/** Every panel's place, page by page in page order, bottom to top. */
export function layoutItems(board: Board, pageId?: string): LayoutItem[] {
  const pages = pageId ? [findPage(board, pageId)] : ops.pagesInOrder(board.pages);
  return pages.flatMap((page) =>
    ops.stackOrder(page.panels).map(({ panelId, x, y, w, h, z }) => ({ pageId: page.pageId, panelId, x, y, w, h, z })),
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
