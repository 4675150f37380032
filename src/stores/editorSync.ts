import { BOARDS, type AnyContract, type Board, type ContractBody, type ContractResult, type Layout, type Panel } from '../../protocol';
import { insertPage, movePage, pagesInOrder } from '../../protocol/boardOps';
import { applyPatch } from './editorModel';

/** The writes the autosave plans (BOARDS keys), one per kind of change of the draft. */
type PlannedKey = 'boardEdit' | 'layoutUpdate' | 'pageAdd' | 'pageDelete' | 'pageEdit' | 'pageMove' | 'panelDelete' | 'panelCustomAdd' | 'panelEdit';
/**
 * The board writes that carry `baseVersion` and answer the board's new `version` (docs/api.md "Board
 * server"): the planned ones, and the release and restore of the editor store.
 */
export type VersionedWrite = (typeof BOARDS)[PlannedKey | 'boardRelease' | 'boardRestore'];

/** A versioned write's body without `baseVersion` (the autosave adds the confirmed version). */
export type WriteBody<C extends AnyContract> = Omit<ContractBody<C>, 'baseVersion'>;

/** One planned write through its contract (protocol/contracts/boards.ts). */
export interface Write<C extends VersionedWrite> {
  contract: C;
  body: WriteBody<C>;
  /** The confirmed state after this write succeeded, given its answer; may record new server ids in `ids`. */
  commit(base: Board, data: ContractResult<C>, ids: Map<string, string>): Board;
}

/**
 * Autosave planning: compares the last state the server confirmed (`base`) with the editor's draft and
 * names the next write that brings the server closer to the draft. Both boards use the editor's local
 * ids; `ids` maps a local id (of a page or panel the editor added) to the id the server gave it.
 * The caller adds `baseVersion`, sends the write through its contract, then calls `commit` with the answer's `data`.
 */
export type PlannedWrite = { [K in PlannedKey]: Write<(typeof BOARDS)[K]> }[PlannedKey];

/** Declares one planned write (infers the contract's body and answer types). */
function plan<C extends VersionedWrite>(w: Write<C>): Write<C> {
  return w;
}

const sid = (ids: ReadonlyMap<string, string>, id: string) => ids.get(id) ?? id;
const GEOMETRY = ['x', 'y', 'w', 'h', 'z'] as const;

function layoutDiff(base: Layout, draft: Layout): Partial<Layout> | null {
  const diff: Record<string, unknown> = {};
  for (const k of Object.keys(draft) as Array<keyof Layout>) if (draft[k] !== base[k]) diff[k] = draft[k];
  return Object.keys(diff).length ? (diff as Partial<Layout>) : null;
}

/**
 * The panel/edit body that turns `prev` into `next` for everything but geometry (which layout/updateLayout
 * sends), or null when they already agree. Only changed fields are sent: flags as booleans (absent =
 * false), and `groupId: null` / `style: null` remove a group or a custom style (panelPatchSchema).
 */
export function contentPatch(prev: Panel, next: Panel): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  if ((prev.title ?? '') !== (next.title ?? '')) out.title = next.title ?? '';
  if (JSON.stringify(prev.config) !== JSON.stringify(next.config)) out.config = next.config;
  for (const k of ['locked', 'hidden'] as const) if (!!prev[k] !== !!next[k]) out[k] = !!next[k];
  if ((prev.groupId ?? null) !== (next.groupId ?? null)) out.groupId = next.groupId ?? null;
  if (JSON.stringify(prev.style ?? null) !== JSON.stringify(next.style ?? null)) out.style = next.style ?? null;
  return Object.keys(out).length ? out : null;
}
const sameGeometry = (a: Panel, b: Panel) => GEOMETRY.every((k) => a[k] === b[k]);

/** The next write needed to make the server's board equal the draft, or null when they already match. */
export function nextWrite(base: Board, draft: Board, ids: ReadonlyMap<string, string>): PlannedWrite | null {
  const boardId = base.boardId;
  if (draft.name !== base.name) {
    return plan({ contract: BOARDS.boardEdit, body: { boardId, name: draft.name }, commit: (b) => ({ ...b, name: draft.name }) });
  }
  const lay = layoutDiff(base.layout, draft.layout);
  if (lay) {
    return plan({ contract: BOARDS.layoutUpdate, body: { boardId, layout: lay }, commit: (b) => ({ ...b, layout: { ...b.layout, ...lay } }) });
  }
  const basePages = new Map(base.pages.map((p) => [p.pageId, p]));
  const draftPages = new Map(draft.pages.map((p) => [p.pageId, p]));
  for (const p of pagesInOrder(draft.pages)) {
    if (basePages.has(p.pageId)) continue;
    return plan({
      contract: BOARDS.pageAdd,
      body: { boardId, name: p.name },
      commit: (b, data, map) => {
        map.set(p.pageId, data.page.pageId);
        return insertPage(b, { pageId: p.pageId, name: p.name, order: 0, panels: [] });
      },
    });
  }
  for (const p of base.pages) {
    if (draftPages.has(p.pageId)) continue;
    return plan({ contract: BOARDS.pageDelete, body: { boardId, pageId: sid(ids, p.pageId) }, commit: (b) => applyPatch(b, [{ op: 'removePage', pageId: p.pageId }]) });
  }
  for (const p of draft.pages) {
    const old = basePages.get(p.pageId)!;
    if (old.name === p.name) continue;
    return plan({
      contract: BOARDS.pageEdit,
      body: { boardId, pageId: sid(ids, p.pageId), name: p.name },
      commit: (b) => applyPatch(b, [{ op: 'putPage', page: { ...old, name: p.name } }]),
    });
  }
  const want = pagesInOrder(draft.pages).map((p) => p.pageId);
  const have = pagesInOrder(base.pages).map((p) => p.pageId);
  const i = want.findIndex((id, k) => have[k] !== id);
  if (i >= 0) {
    const pageId = want[i];
    return plan({
      contract: BOARDS.pageMove,
      body: { boardId, pageId: sid(ids, pageId), toIndex: i },
      commit: (b) => movePage(b, pageId, i),
    });
  }
  for (const p of draft.pages) {
    const old = basePages.get(p.pageId)!;
    const keep = new Set(p.panels.map((x) => x.panelId));
    const gone = old.panels.filter((x) => !keep.has(x.panelId)).map((x) => x.panelId);
    if (gone.length === 0) continue;
    return plan({
      contract: BOARDS.panelDelete,
      body: { boardId, pageId: sid(ids, p.pageId), panelIds: gone.map((id) => sid(ids, id)) },
      commit: (b) => applyPatch(b, gone.map((panelId) => ({ op: 'removePanel' as const, pageId: p.pageId, panelId }))),
    });
  }
  for (const p of draft.pages) {
    const old = new Map(basePages.get(p.pageId)!.panels.map((x) => [x.panelId, x]));
    for (const panel of p.panels) {
      const prev = old.get(panel.panelId);
      if (!prev) {
        const { panelId: _local, ...input } = panel;
        return plan({
          contract: BOARDS.panelCustomAdd,
          body: { boardId, pageId: sid(ids, p.pageId), panel: input },
          commit: (b, data, map) => {
            map.set(panel.panelId, data.panel.panelId);
            return applyPatch(b, [{ op: 'putPanel', pageId: p.pageId, panel }]);
          },
        });
      }
      const change = contentPatch(prev, panel);
      if (change) {
        return plan({
          contract: BOARDS.panelEdit,
          body: { boardId, pageId: sid(ids, p.pageId), panelId: sid(ids, panel.panelId), panel: change },
          // The server now has the draft's content at the confirmed geometry (sent separately).
          commit: (b) => applyPatch(b, [{ op: 'putPanel', pageId: p.pageId, panel: { ...panel, ...pick(prev) } }]),
        });
      }
    }
  }
  const moved: Array<{ pageId: string; panel: Panel }> = [];
  for (const p of draft.pages) {
    const old = new Map(basePages.get(p.pageId)!.panels.map((x) => [x.panelId, x]));
    for (const panel of p.panels) {
      const prev = old.get(panel.panelId);
      if (prev && !sameGeometry(prev, panel)) moved.push({ pageId: p.pageId, panel: { ...prev, ...pick(panel) } });
    }
  }
  if (moved.length) {
    return plan({
      contract: BOARDS.layoutUpdate,
      body: { boardId, items: moved.map(({ pageId, panel }) => ({ pageId: sid(ids, pageId), panelId: sid(ids, panel.panelId), ...pick(panel) })) },
      commit: (b) => applyPatch(b, moved.map(({ pageId, panel }) => ({ op: 'putPanel' as const, pageId, panel }))),
    });
  }
  return null;
}

function pick(p: Panel) {
  return { x: p.x, y: p.y, w: p.w, h: p.h, z: p.z };
}
