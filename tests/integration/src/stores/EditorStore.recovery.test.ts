import { describe, expect, it } from 'vitest';
import { BOARDS, type Board } from '../../../../protocol';
import { createRequest } from '../../../../src/api/request';
import { useRealServer } from '../../../../src/test/realServer';
import { DraftBackups } from '../../../../src/stores/draftBackup';
import { EditorStore } from '../../../../src/stores/EditorStore';

const real = useRealServer();

/** Drags panel `panelId` (100×100) to (x, y), as the canvas does: one gesture, one undo step. */
function dragTo(store: EditorStore, panelId: string, x: number, y: number): void {
  store.beginGesture();
  store.endGesture(new Map([[panelId, { x, y, w: 100, h: 100 }]]));
}

/** A board with one panel on the real server, and a way to read what the server has. */
async function boardWithOnePanel(name: string) {
  const { admin, createBoard } = real();
  const board = await createBoard({ name, pages: [{ name: 'One', panels: [{ type: 'alarmFeed', x: 0, y: 0, w: 100, h: 100, config: {} }] }] });
  const saved = () => admin.call<Board>(BOARDS.boardScreen.path, { boardId: board.boardId, released: false });
  return { board, saved };
}

describe('unsaved edits survive a lost tab or a conflict (draft backups in the browser)', () => {
  it('offers edits that never reached the server when the board is opened again, and restores them', async () => {
    const { board, saved } = await boardWithOnePanel('Crash');
    const storage = window.localStorage;
    const tab = await real().signIn();
    const first = new EditorStore({ request: createRequest({ fetch: tab.fetch }), saveDebounceMs: 60_000, backups: new DraftBackups(storage) });
    await first.open(board.boardId);
    const panelId = first.page!.panels[0].panelId;
    tab.setOffline(true); // the network drops, then the tab is closed without saving
    dragTo(first, panelId, 250, 40);
    await first.flush();
    expect(first.saveState).toBe('error');
    first.dispose();
    expect((await saved()).pages[0].panels[0].x).toBe(0);

    const second = new EditorStore({ request: createRequest({ fetch: real().admin.fetch }), saveDebounceMs: 60_000, backups: new DraftBackups(storage) });
    await second.open(board.boardId);
    expect(second.recovered).toMatchObject({ sameBase: true });
    expect(second.page!.panels[0].x).toBe(0); // nothing applied until the user says so
    expect(second.restoreRecovered()).toBe(true);
    expect(second.page!.panels[0]).toMatchObject({ x: 250, y: 40 });
    await second.flush();
    expect((await saved()).pages[0].panels[0]).toMatchObject({ x: 250, y: 40 });
    // Saved: the backup is gone, so opening again offers nothing.
    const third = new EditorStore({ request: createRequest({ fetch: real().admin.fetch }), backups: new DraftBackups(storage) });
    await third.open(board.boardId);
    expect(third.recovered).toBeNull();
    second.dispose();
    third.dispose();
  });

  it('after a conflict reload, offers the lost edit as a download instead of restoring over the other change', async () => {
    const { board, saved } = await boardWithOnePanel('Conflict');
    const backups = new DraftBackups(window.localStorage);
    const mine = new EditorStore({ request: createRequest({ fetch: real().admin.fetch }), saveDebounceMs: 60_000, backups });
    const theirs = new EditorStore({ request: createRequest({ fetch: (await real().signIn()).fetch }), saveDebounceMs: 60_000, backups: new DraftBackups(null) });
    await mine.open(board.boardId);
    await theirs.open(board.boardId);
    const panelId = mine.page!.panels[0].panelId;
    dragTo(theirs, panelId, 0, 500);
    await theirs.flush();
    dragTo(mine, panelId, 300, 0);
    await mine.flush();
    expect(mine.saveState).toBe('conflict');

    await mine.reload();
    expect(mine.page!.panels[0]).toMatchObject({ x: 0, y: 500 }); // their change, not overwritten
    expect(mine.recovered).toMatchObject({ sameBase: false });
    expect(mine.restoreRecovered()).toBe(false);
    const file = JSON.parse(mine.recoveredJson()!) as Board;
    expect(file.pages[0].panels[0]).toMatchObject({ x: 300, y: 0 });
    mine.discardRecovered();
    expect(mine.recovered).toBeNull();
    expect(backups.read(board.boardId)).toBeNull();
    expect((await saved()).pages[0].panels[0]).toMatchObject({ x: 0, y: 500 });
    mine.dispose();
    theirs.dispose();
  });
});
