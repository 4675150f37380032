import { canonicalJson, type BoardContent, type Panel } from '../../../protocol';
import { pagesInOrder } from '../../../protocol/boardOps';

/**
 * One difference between what viewers see (the live release) and the draft, as the release dialog lists
 * it. Pages and panels are matched by id. `moved` is a new position or size (x, y, w, h); `reconfigured`
 * any other panel field (type settings, title, style, stacking, lock, hidden, group).
 */
export type BoardChange =
  | { kind: 'boardRenamed'; from: string; to: string }
  | { kind: 'layoutChanged' }
  | { kind: 'pageAdded' | 'pageRemoved'; pageId: string; pageName: string }
  | { kind: 'pageRenamed'; pageId: string; from: string; pageName: string }
  | { kind: 'pageReordered'; pageId: string; pageName: string }
  | { kind: 'panelAdded' | 'panelRemoved' | 'panelMoved' | 'panelReconfigured'; pageId: string; pageName: string; panel: Pick<Panel, 'panelId' | 'type' | 'title'> };

/** How many changes of each kind: the dialog's one-line summary. */
export type ChangeCounts = Record<BoardChange['kind'], number>;

const GEOMETRY = ['x', 'y', 'w', 'h'] as const;

/** The panel's fields other than its place and size, for "reconfigured". */
function settingsOf(p: Panel): string {
  const { x: _x, y: _y, w: _w, h: _h, ...rest } = p;
  return canonicalJson(rest);
}

/**
 * The changes that releasing `draft` would publish over `live` (null: never released, so every page and
 * panel of the draft is new). Order: board, then page by page in the draft's order (removed pages last);
 * within a page removed, added, moved, reconfigured panels, each bottom to top. A panel both moved and
 * reconfigured is listed under both. Pure; empty when the two have the same content.
 */
export function diffBoards(live: BoardContent | null, draft: BoardContent): BoardChange[] {
  const out: BoardChange[] = [];
  if (live && live.name !== draft.name) out.push({ kind: 'boardRenamed', from: live.name, to: draft.name });
  if (live && canonicalJson(live.layout) !== canonicalJson(draft.layout)) out.push({ kind: 'layoutChanged' });
  const livePages = new Map((live?.pages ?? []).map((p) => [p.pageId, p]));
  const liveOrder = (live?.pages ?? []).map((p) => p.pageId);
  const sortedDraft = pagesInOrder(draft.pages);
  const draftOrder = sortedDraft.map((p) => p.pageId).filter((id) => livePages.has(id));
  const keptLiveOrder = pagesInOrder(live?.pages ?? []).map((p) => p.pageId).filter((id) => draftOrder.includes(id));
  for (const page of sortedDraft) {
    const before = livePages.get(page.pageId);
    const brief = (p: Panel) => ({ panelId: p.panelId, type: p.type, title: p.title });
    const at = { pageId: page.pageId, pageName: page.name };
    if (!before) {
      out.push({ kind: 'pageAdded', ...at });
      for (const p of page.panels) out.push({ kind: 'panelAdded', ...at, panel: brief(p) });
      continue;
    }
    if (before.name !== page.name) out.push({ kind: 'pageRenamed', ...at, from: before.name });
    if (keptLiveOrder.indexOf(page.pageId) !== draftOrder.indexOf(page.pageId)) out.push({ kind: 'pageReordered', ...at });
    const old = new Map(before.panels.map((p) => [p.panelId, p]));
    const now = new Set(page.panels.map((p) => p.panelId));
    for (const p of before.panels) if (!now.has(p.panelId)) out.push({ kind: 'panelRemoved', ...at, panel: brief(p) });
    for (const p of page.panels) if (!old.has(p.panelId)) out.push({ kind: 'panelAdded', ...at, panel: brief(p) });
    for (const p of page.panels) {
      const q = old.get(p.panelId);
      if (q && GEOMETRY.some((k) => q[k] !== p[k])) out.push({ kind: 'panelMoved', ...at, panel: brief(p) });
    }
    for (const p of page.panels) {
      const q = old.get(p.panelId);
      if (q && settingsOf(q) !== settingsOf(p)) out.push({ kind: 'panelReconfigured', ...at, panel: brief(p) });
    }
  }
  for (const id of liveOrder) {
    if (sortedDraft.some((p) => p.pageId === id)) continue;
    const page = livePages.get(id)!;
    out.push({ kind: 'pageRemoved', pageId: id, pageName: page.name });
  }
  return out;
}

/** Counts of `changes` by kind (every kind present, 0 when none). */
export function countChanges(changes: readonly BoardChange[]): ChangeCounts {
  const counts: ChangeCounts = {
    boardRenamed: 0,
    layoutChanged: 0,
    pageAdded: 0,
    pageRemoved: 0,
    pageRenamed: 0,
    pageReordered: 0,
    panelAdded: 0,
    panelRemoved: 0,
    panelMoved: 0,
    panelReconfigured: 0,
  };
  for (const c of changes) counts[c.kind]++;
  return counts;
}
