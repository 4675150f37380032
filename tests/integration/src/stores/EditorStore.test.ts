import { describe, expect, it } from 'vitest';
import { BOARDS, type Board } from '../../../../protocol';
import { createRequest } from '../../../../src/api/request';
import { result, type CommandResult } from '../../../../src/stores/editorModel';
import { useRealServer, type ServerClient } from '../../../../src/test/realServer';
import { CONFLICT_MESSAGE, EditorStore, UNDO_LIMIT } from '../../../../src/stores/EditorStore';

const real = useRealServer();

/** Page and first panel of the board under test, as the server named them (set by openStore). */
let PG = '';
let A = '';

/** Requests other than reads of the board: what the store wrote. */
const writes = (api: ServerClient) => api.calls.filter((c) => c.route !== BOARDS.boardScreen.path);
let n = 0;
const newId = () => `tmp-${++n}`;

// The builder's commands live in src/board (which stores may not import); these build the same patches.
const findPanel = (b: Board, id: string) => b.pages[0].panels.find((p) => p.panelId === id)!;
function movePanels(b: Board, pageId: string, ids: string[], dx: number, dy: number): CommandResult | null {
  return result(b, ids.map((id) => ({ op: 'putPanel' as const, pageId, panel: { ...findPanel(b, id), x: findPanel(b, id).x + dx, y: findPanel(b, id).y + dy } })));
}
function addPanel(b: Board, pageId: string, p: { type: string; x: number; y: number; w: number; h: number; config: Record<string, unknown> }, id: () => string): CommandResult | null {
  const panel = { ...p, panelId: id(), z: 2 };
  return result(b, [{ op: 'putPanel', pageId, panel }], [panel.panelId]);
}
function updatePanelProps(b: Board, pageId: string, panelId: string, props: { title: string }): CommandResult | null {
  return result(b, [{ op: 'putPanel', pageId, panel: { ...findPanel(b, panelId), ...props } }]);
}
function addPage(b: Board, name: string, id: () => string): CommandResult | null {
  return result(b, [{ op: 'putPage', page: { pageId: id(), name, order: 1, panels: [] } }]);
}

/**
 * A new board on the real server (page "One" with a gasTable at 0,0 100×100) and a store opened on it,
 * through a client of its own. `version` is the board's version when opened; `someoneElseSaves` writes
 * to the board through another session.
 */
async function openStore() {
  const board = await real().createBoard({ name: 'Board', layout: { pageWidth: 800, pageHeight: 600 }, pages: [{ name: 'One', panels: [{ type: 'gasTable', x: 0, y: 0, w: 100, h: 100, config: {} }] }] });
  PG = board.pages[0].pageId;
  A = board.pages[0].panels[0].panelId;
  const api = await real().signIn();
  const store = new EditorStore({ request: createRequest({ fetch: api.fetch }), saveDebounceMs: 60_000, newId });
  await store.open(board.boardId);
  const someoneElseSaves = async () => {
    const now = await real().admin.call<Board>(BOARDS.boardScreen.path, { boardId: board.boardId });
    return (await real().admin.call<{ version: number }>(BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: now.version, name: 'Board' })).version;
  };
  return { store, api, version: board.version, boardId: board.boardId, someoneElseSaves };
}

describe('EditorStore', () => {
  it('saves a new panel with panel/custom/add, then its move with the server’s id and the new baseVersion', async () => {
    const { store, api, version, boardId } = await openStore();
    store.run(addPanel(store.board!, PG, { type: 'alarmFeed', x: 10, y: 10, w: 50, h: 50, config: {} }, newId));
    await store.flush();
    const local = store.selection[0];
    store.run(movePanels(store.board!, PG, [local], 5, 0));
    store.run(updatePanelProps(store.board!, PG, A, { title: 'Gas' }));
    await store.flush();
    expect(writes(api).map((c) => [c.route, c.body.baseVersion])).toEqual([
      [BOARDS.panelCustomAdd.path, version],
      [BOARDS.panelEdit.path, version + 1],
      [BOARDS.layoutUpdate.path, version + 2],
    ]);
    const saved = (await real().admin.call<Board>(BOARDS.boardScreen.path, { boardId })).pages[0].panels.find((p) => p.type === 'alarmFeed')!;
    expect(saved.panelId).not.toBe(local);
    expect(writes(api)[2].body.items).toEqual([{ pageId: PG, panelId: saved.panelId, x: 15, y: 10, w: 50, h: 50, z: 2 }]);
    expect(store.saveState).toBe('saved');
  });

  it('on CONFLICT shows the stale-write message, keeps the edit on screen and stops writing until reload', async () => {
    const { store, api, someoneElseSaves } = await openStore();
    const theirs = await someoneElseSaves();
    store.run(movePanels(store.board!, PG, [A], 30, 0));
    await store.flush();
    expect(store.saveState).toBe('conflict');
    expect(store.saveError).toBe(CONFLICT_MESSAGE);
    expect(store.page!.panels[0].x).toBe(30);
    const count = writes(api).length;
    store.run(movePanels(store.board!, PG, [A], 1, 0));
    await store.flush();
    expect(writes(api).length).toBe(count);
    store.select([A]);
    const reloading = store.reload();
    // Until the server's draft has arrived the conflict stands: no acting on the stale board.
    expect(store.saveState).toBe('conflict');
    await reloading;
    expect(store.saveState).toBe('saved');
    expect(store.board!.version).toBe(theirs);
    expect(store.page!.panels[0].x).toBe(0);
    expect(store.selection).toEqual([A]); // still there, so still selected
  });

  it('shows a failed save and sends it again once the network is back', async () => {
    const { store, api } = await openStore();
    api.setOffline(true); // no network: the real server cannot produce this
    store.run(addPage(store.board!, 'Two', newId));
    await store.flush();
    expect(store.saveState).toBe('error');
    expect(store.saveError).toMatch(/Not saved/);
    api.setOffline(false);
    await store.flush();
    expect(store.saveState).toBe('saved');
    expect(writes(api).filter((c) => c.route === BOARDS.pageAdd.path)).toHaveLength(2);
    store.dispose();
  });

  it('undoes and redoes, and a cancelled drag leaves no trace', async () => {
    const { store } = await openStore();
    store.run(movePanels(store.board!, PG, [A], 10, 10));
    store.undo();
    expect(store.page!.panels[0]).toMatchObject({ x: 0, y: 0 });
    store.redo();
    expect(store.page!.panels[0]).toMatchObject({ x: 10, y: 10 });
    store.beginGesture();
    store.updateGesture(new Map([[A, { x: 300, y: 300, w: 100, h: 100 }]]), []);
    expect(store.page!.panels[0].x).toBe(300);
    store.cancelGesture();
    expect(store.page!.panels[0].x).toBe(10);
    expect(store.undoStack).toHaveLength(1);
    store.beginGesture();
    store.endGesture(new Map([[A, { x: 50, y: 10, w: 120, h: 100 }]]));
    expect(store.undoStack).toHaveLength(2);
    store.undo();
    expect(store.page!.panels[0]).toMatchObject({ x: 10, w: 100 });
    for (let i = 0; i < UNDO_LIMIT + 20; i++) store.run(movePanels(store.board!, PG, [A], 1, 0));
    expect(store.undoStack).toHaveLength(UNDO_LIMIT);
    store.dispose();
  });

  it('refuses a broken import with the reason and changes nothing; a valid one is one undo step', async () => {
    const { store } = await openStore();
    const before = store.board;
    expect(store.importJson('{nope')).toMatch(/Not JSON/);
    const bad = { ...before!, pages: [{ pageId: 'x', name: 'X', order: 0, panels: [{ panelId: 'p', type: 't', x: 0, y: 0, w: -1, h: 1, z: 0, config: {} }] }] };
    expect(store.importJson(JSON.stringify(bad))).toMatch(/pages\.0\.panels\.0\.w/);
    expect(store.board).toBe(before);
    const good = { ...before!, name: 'Imported', pages: [{ pageId: 'n1', name: 'New', order: 0, panels: [] }] };
    expect(store.importJson(JSON.stringify(good))).toBeNull();
    expect(store.board!.name).toBe('Imported');
    store.undo();
    expect(store.board!.pages.map((p) => p.pageId)).toEqual([PG]);
    expect(store.board!.name).toBe('Board');
    store.dispose();
  });
});
