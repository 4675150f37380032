import type { Board, LayoutPatch, Page, Panel } from '../../protocol';
import { BoardEditError } from '../../protocol/boardOps';

/**
 * The editor's unit of change: a list of primitive operations on a draft Board. Commands build a patch;
 * undo applies its inverse. Ids are the editor's local ids (see EditorStore for how they map to the
 * server's): a panel or page added in the editor keeps its local id for the whole session.
 */
export type Op =
  /** Adds the panel, or replaces the panel with the same panelId on that page. */
  | { op: 'putPanel'; pageId: string; panel: Panel }
  | { op: 'removePanel'; pageId: string; panelId: string }
  /** Adds the page (with its panels), or replaces the page with the same pageId. */
  | { op: 'putPage'; page: Page }
  | { op: 'removePage'; pageId: string }
  /** Changes these layout fields (page size, switching model, …). */
  | { op: 'setLayout'; layout: LayoutPatch }
  | { op: 'setName'; name: string };

export type Patch = Op[];

/** A command's outcome: what to apply, how to take it back, and what to select afterwards. */
export interface CommandResult {
  patch: Patch;
  inverse: Patch;
  /** Panel ids to select after applying (absent: keep the selection). */
  select?: string[];
}

function applyOp(board: Board, op: Op): Board {
  switch (op.op) {
    case 'putPanel':
      return {
        ...board,
        pages: board.pages.map((p) => {
          if (p.pageId !== op.pageId) return p;
          const i = p.panels.findIndex((x) => x.panelId === op.panel.panelId);
          const panels = i < 0 ? [...p.panels, op.panel] : p.panels.map((x, j) => (j === i ? op.panel : x));
          // Paint order is z order; keeping the array sorted makes undo restore the exact original array.
          return { ...p, panels: panels.sort((a, b) => a.z - b.z) };
        }),
      };
    case 'removePanel':
      return {
        ...board,
        pages: board.pages.map((p) => (p.pageId === op.pageId ? { ...p, panels: p.panels.filter((x) => x.panelId !== op.panelId) } : p)),
      };
    case 'putPage': {
      const i = board.pages.findIndex((p) => p.pageId === op.page.pageId);
      const pages = i < 0 ? [...board.pages, op.page] : board.pages.map((p, j) => (j === i ? op.page : p));
      return { ...board, pages: pages.sort((a, b) => a.order - b.order) };
    }
    case 'removePage':
      return { ...board, pages: board.pages.filter((p) => p.pageId !== op.pageId) };
    case 'setLayout':
      return { ...board, layout: { ...board.layout, ...op.layout } };
    case 'setName':
      return { ...board, name: op.name };
  }
}

/** Applies a patch to a board, returning a new board (the input is never mutated). Unknown ids are no-ops. */
export function applyPatch(board: Board, patch: Patch): Board {
  return patch.reduce(applyOp, board);
}

function invertOp(board: Board, op: Op): Op[] {
  switch (op.op) {
    case 'putPanel': {
      const old = board.pages.find((p) => p.pageId === op.pageId)?.panels.find((x) => x.panelId === op.panel.panelId);
      return [old ? { op: 'putPanel', pageId: op.pageId, panel: old } : { op: 'removePanel', pageId: op.pageId, panelId: op.panel.panelId }];
    }
    case 'removePanel': {
      const old = board.pages.find((p) => p.pageId === op.pageId)?.panels.find((x) => x.panelId === op.panelId);
      return old ? [{ op: 'putPanel', pageId: op.pageId, panel: old }] : [];
    }
    case 'putPage': {
      const old = board.pages.find((p) => p.pageId === op.page.pageId);
      return [old ? { op: 'putPage', page: old } : { op: 'removePage', pageId: op.page.pageId }];
    }
    case 'removePage': {
      const old = board.pages.find((p) => p.pageId === op.pageId);
      return old ? [{ op: 'putPage', page: old }] : [];
    }
    case 'setLayout': {
      const prev: Record<string, unknown> = {};
      for (const k of Object.keys(op.layout)) prev[k] = (board.layout as Record<string, unknown>)[k];
      return [{ op: 'setLayout', layout: prev as LayoutPatch }];
    }
    case 'setName':
      return [{ op: 'setName', name: board.name }];
  }
}

/** The patch that undoes `patch` when applied to `applyPatch(board, patch)`. */
export function invertPatch(board: Board, patch: Patch): Patch {
  const inverse: Op[] = [];
  let b = board;
  for (const op of patch) {
    inverse.unshift(...invertOp(b, op));
    b = applyOp(b, op);
  }
  return inverse;
}

/** Wraps a forward patch into a CommandResult against the board it will be applied to; null for an empty patch. */
export function result(board: Board, patch: Patch, select?: string[]): CommandResult | null {
  if (patch.length === 0) return null;
  return { patch, inverse: invertPatch(board, patch), select };
}

/**
 * The outcome of a shared board edit (protocol/boardOps.ts), or null when its rules refuse it (an unknown
 * page or panel, the board's last page): in the builder a refused edit is no step. Other errors are thrown.
 */
export function unlessRefused<T>(edit: () => T): T | null {
  try {
    return edit();
  } catch (e) {
    if (e instanceof BoardEditError) return null;
    throw e;
  }
}

/**
 * putPage and removePage ops turning the pages of `before` into those of `after`, an edit of it that kept
 * the page objects it did not change (as protocol/boardOps.ts does): new or changed pages are put, missing
 * ones removed.
 */
export function pagesPatch(before: Board, after: Board): Patch {
  const old = new Set(before.pages);
  const kept = new Set(after.pages.map((p) => p.pageId));
  return [
    ...before.pages.flatMap((p) => (kept.has(p.pageId) ? [] : [{ op: 'removePage' as const, pageId: p.pageId }])),
    ...after.pages.flatMap((p) => (old.has(p) ? [] : [{ op: 'putPage' as const, page: p }])),
  ];
}

/** putPanel ops giving a page's panels their state in `after`, an edit of `before` that kept the panels it did not change. */
export function panelsPatch(before: Page, after: Page): Patch {
  const old = new Set(before.panels);
  return after.panels.flatMap((panel) => (old.has(panel) ? [] : [{ op: 'putPanel' as const, pageId: after.pageId, panel }]));
}

/** The page with that id, or undefined. */
export function findPage(board: Board, pageId: string): Page | undefined {
  return board.pages.find((p) => p.pageId === pageId);
}

/** Panels of a page with these ids (in the page's order). */
export function panelsById(page: Page | undefined, ids: readonly string[]): Panel[] {
  if (!page) return [];
  const set = new Set(ids);
  return page.panels.filter((p) => set.has(p.panelId));
}

/* Geometry shapes shared with the builder's pure geometry (src/board/editor/geometry.ts). */

/** An axis-aligned rectangle: top-left corner and size in page pixels (w, h ≥ 0). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * An alignment guide to draw: `axis: 'x'` is a vertical line at x = `pos` spanning y `from`…`to`;
 * `axis: 'y'` a horizontal line at y = `pos` spanning x `from`…`to`.
 */
export interface Guide {
  axis: 'x' | 'y';
  pos: number;
  from: number;
  to: number;
}

/** Makes editor-local ids for new panels and pages (`tmp-…`, ≤ 64 chars). */
export type IdFactory = () => string;

/** Default local ids: random, prefixed so they are never mistaken for the server's. */
export const randomLocalId: IdFactory = () => `tmp-${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;

/** putPanel ops giving panels of a page new rectangles; unchanged or unknown panels are left out. */
export function geometryPatch(board: Board, pageId: string, rects: ReadonlyMap<string, Rect>): Patch {
  const page = findPage(board, pageId);
  if (!page) return [];
  return page.panels.flatMap((p) => {
    const r = rects.get(p.panelId);
    if (!r || (r.x === p.x && r.y === p.y && r.w === p.w && r.h === p.h)) return [];
    return [{ op: 'putPanel' as const, pageId, panel: { ...p, x: r.x, y: r.y, w: r.w, h: r.h } }];
  });
}

/**
 * Changes to a panel's non-geometry fields. `undefined` leaves a field alone; `false` (flags) and `null`
 * (groupId, style) remove it, so an unlocked, ungrouped panel carries no such keys at all.
 */
export interface PanelFieldChange {
  locked?: boolean;
  hidden?: boolean;
  groupId?: string | null;
  style?: Panel['style'] | null;
}

/** The panel with `change` applied (a new object; flags set to false and null fields are removed). */
export function withFields(panel: Panel, change: PanelFieldChange): Panel {
  const out: Record<string, unknown> = { ...panel };
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) continue;
    if (v === null || v === false) delete out[k];
    else out[k] = v;
  }
  return out as Panel;
}

/** putPanel ops applying `change` to the panels `ids` of a page; panels it would not change are left out. */
export function fieldsPatch(board: Board, pageId: string, ids: readonly string[], change: PanelFieldChange): Patch {
  return panelsById(findPage(board, pageId), ids).flatMap((p) => {
    const next = withFields(p, change);
    // `locked: false` from the server and no `locked` at all mean the same: no step for no change.
    const same = !!p.locked === !!next.locked && !!p.hidden === !!next.hidden && (p.groupId ?? null) === (next.groupId ?? null) && JSON.stringify(p.style ?? null) === JSON.stringify(next.style ?? null);
    return same ? [] : [{ op: 'putPanel' as const, pageId, panel: next }];
  });
}

/**
 * `ids` with every other member of their groups added (panels sharing a groupId are selected together),
 * in the order given, members after the panel that brought them in. Ids not on the page are kept.
 */
export function expandGroups(page: Page | null | undefined, ids: readonly string[]): string[] {
  const out = new Set<string>();
  const byId = new Map(page?.panels.map((p) => [p.panelId, p]));
  for (const id of ids) {
    out.add(id);
    const g = byId.get(id)?.groupId;
    if (g) for (const p of page!.panels) if (p.groupId === g) out.add(p.panelId);
  }
  return [...out];
}
