import { describe, expect, it } from 'vitest';
import { BOARDS, type Board } from '../../../../../protocol';
import { createRequest } from '../../../../../src/api/request';
import { EditorStore } from '../../../../../src/stores/EditorStore';
import { useRealServer } from '../../../../../src/test/realServer';
import { setPanelStyle } from '../../../../../src/board/editor/commands';
import { handleShortcut, LOCKED_NOT_DELETED } from '../../../../../src/board/editor/tools';

const real = useRealServer();

const key = (k: string, init: KeyboardEventInit = {}) => {
  const e = new KeyboardEvent('keydown', { key: k, ...init });
  Object.defineProperty(e, 'target', { value: document.body });
  return e;
};

async function openBoard(name: string) {
  const { admin, createBoard } = real();
  const board = await createBoard({
    name,
    pages: [
      {
        name: 'One',
        panels: [
          { type: 'alarmFeed', x: 0, y: 0, w: 100, h: 100, config: {} },
          { type: 'alarmFeed', x: 200, y: 0, w: 100, h: 100, config: {} },
          { type: 'alarmFeed', x: 400, y: 0, w: 100, h: 100, config: {} },
        ],
      },
    ],
  });
  const store = new EditorStore({ request: createRequest({ fetch: admin.fetch }), saveDebounceMs: 60_000 });
  await store.open(board.boardId);
  const [a, b, c] = store.page!.panels.map((p) => p.panelId);
  const saved = () => admin.call<Board>(BOARDS.boardScreen.path, { boardId: board.boardId, released: false });
  return { store, a, b, c, saved };
}

describe('builder model on the real board server', () => {
  it('groups with Ctrl+G: a click on one member selects the group, a nudge moves it; saved, undone, ungrouped', async () => {
    const { store, a, b, c, saved } = await openBoard('Groups');
    store.select([a, b]);
    expect(handleShortcut(store, key('g', { ctrlKey: true }))).toBe(true);
    store.select([b]);
    expect(store.selection.sort()).toEqual([a, b].sort());
    handleShortcut(store, key('ArrowRight', { shiftKey: true }));
    expect(store.page!.panels.map((p) => p.x)).toEqual([10, 210, 400]);
    await store.flush();
    let server = (await saved()).pages[0].panels;
    expect(server[0].groupId).toBeTruthy();
    expect(server[1].groupId).toBe(server[0].groupId);
    expect(server[2]).not.toHaveProperty('groupId');
    expect(server.map((p) => p.x)).toEqual([10, 210, 400]);
    // Shift+click on a member adds or removes the whole group.
    store.select([c]);
    store.toggleSelect(a);
    expect(new Set(store.selection)).toEqual(new Set([a, b, c]));
    store.toggleSelect(b);
    expect(store.selection).toEqual([c]);

    store.select([a]);
    handleShortcut(store, key('G', { ctrlKey: true, shiftKey: true }));
    await store.flush();
    server = (await saved()).pages[0].panels;
    expect(server.some((p) => 'groupId' in p)).toBe(false);
    store.undo();
    await store.flush();
    expect((await saved()).pages[0].panels[1].groupId).toBe(store.page!.panels[0].groupId);
    store.dispose();
  });

  it('locks as an undo step saved with the board; a locked panel does not move or delete and says why', async () => {
    const { store, a, b, saved } = await openBoard('Locks');
    expect(store.setFlag('locked', [a], true)).toBe(true);
    expect(store.locked).toEqual(new Set([a]));
    store.select([a, b]);
    handleShortcut(store, key('ArrowDown'));
    expect(store.page!.panels.map((p) => p.y)).toEqual([0, 1, 0]);
    handleShortcut(store, key('Delete'));
    expect(store.page!.panels.map((p) => p.panelId)).toContain(a);
    expect(store.page!.panels).toHaveLength(2);
    expect(store.notice).toBe(LOCKED_NOT_DELETED);
    await store.flush();
    expect((await saved()).pages[0].panels.map((p) => [p.locked ?? false, p.y])).toEqual([
      [true, 0],
      [false, 0],
    ]);
    store.undo(); // the delete
    store.undo(); // the nudge
    store.undo(); // the lock
    expect(store.locked.size).toBe(0);
    await store.flush();
    expect((await saved()).pages[0].panels.every((p) => !p.locked)).toBe(true);
    store.dispose();
  });

  it('Ctrl+Shift+L and Ctrl+Shift+H lock and hide the selection, and release it when all of it already is', async () => {
    const { store, a, b, saved } = await openBoard('Flag keys');
    store.setFlag('locked', [a], true);
    store.select([a, b]);
    handleShortcut(store, key('L', { ctrlKey: true, shiftKey: true }));
    expect(store.locked).toEqual(new Set([a, b]));
    handleShortcut(store, key('L', { ctrlKey: true, shiftKey: true }));
    expect(store.locked.size).toBe(0);
    handleShortcut(store, key('H', { ctrlKey: true, shiftKey: true }));
    await store.flush();
    expect((await saved()).pages[0].panels.map((p) => [p.locked ?? false, p.hidden ?? false])).toEqual([
      [false, true],
      [false, true],
      [false, false],
    ]);
    store.dispose();
  });

  it('saves a style and its reset (style null)', async () => {
    const { store, a, saved } = await openBoard('Styles');
    const r = setPanelStyle(store.board!, store.pageId!, [a], { background: '#112233', showTitle: false });
    expect(r.ok && store.run(r.result)).toBe(true);
    await store.flush();
    expect((await saved()).pages[0].panels[0].style).toEqual({ background: '#112233', showTitle: false });
    const reset = setPanelStyle(store.board!, store.pageId!, [a], null);
    expect(reset.ok && store.run(reset.result)).toBe(true);
    await store.flush();
    expect((await saved()).pages[0].panels[0]).not.toHaveProperty('style');
    store.dispose();
  });
});
