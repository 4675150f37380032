import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BOARDS, type Envelope } from '../../../../protocol';
import { createRequest } from '../../../../src/api/request';
import { useRealServer } from '../../../../src/test/realServer';
import { BoardStore, NO_BOARD } from '../../../../src/stores/BoardStore';

const real = useRealServer();

// A project the administrator adds has no board: the tests below give it one for a while, or read it empty.
const BRIDGE = 'board-store-site';
const PAGES = [{ name: 'First' }, { name: 'Second' }];

describe('BoardStore', () => {
  beforeAll(async () => {
    await real().admin.call(ADMIN.projectAdd.path, { coId: 'co-demo', projectId: BRIDGE, name: 'Board store site' });
  });

  it('reports a project without boards', async () => {
    const empty = new BoardStore(createRequest({ fetch: real().admin.fetch }));
    await empty.open(BRIDGE, null);
    expect(empty.error?.errorCode).toBe(NO_BOARD);
  });

  it('opens the first board of the project when no boardId is given, pages in order', async () => {
    const { admin, createBoard } = real();
    const created = await createBoard({ projectId: BRIDGE, name: 'Bridge live board', pages: PAGES });
    const [p1, p2] = created.pages.map((p) => p.pageId);
    const client = await real().signIn();
    const store = new BoardStore(createRequest({ fetch: client.fetch }));
    await store.open(BRIDGE, null);
    expect(store.error).toBeNull();
    expect(client.calls[0].body).toEqual({ projectId: BRIDGE, dataRange: 2 });
    expect(store.board?.boardId).toBe(created.boardId);
    expect(store.page?.pageId).toBe(p1);
    store.nextPage();
    expect(store.page?.pageId).toBe(p2);
    store.nextPage();
    expect(store.page?.pageId).toBe(p1);
    await admin.call(BOARDS.boardDelete.path, { boardId: created.boardId, baseVersion: created.version });
  });

  it('starts on the page named by pageId, the first page when it is unknown', async () => {
    const board = await real().createBoard({ name: 'Two pages', pages: PAGES });
    const [p1, p2] = board.pages.map((p) => p.pageId);
    const store = new BoardStore(createRequest({ fetch: real().admin.fetch }));
    await store.open('demo-tunnel', board.boardId, { pageId: p2 });
    expect(store.page?.pageId).toBe(p2);
    await store.open('demo-tunnel', board.boardId, { pageId: 'nope' });
    expect(store.page?.pageId).toBe(p1);
  });

  it('follows a new release on refresh, staying on the same page; a failed check keeps the board on screen', async () => {
    const { admin, createBoard } = real();
    const board = await createBoard({ name: 'Wall screen', pages: PAGES });
    const [, p2] = board.pages.map((p) => p.pageId);
    await admin.call(BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: board.version, note: 'v1' });
    const wall = await real().signIn();
    const store = new BoardStore(createRequest({ fetch: wall.fetch }));
    await store.open('demo-tunnel', board.boardId, { released: true, pageId: p2 });
    expect(await store.refresh()).toBe(false); // nothing new

    // The manager renames the board in the draft: the wall screen keeps the release until it is published.
    const edited = await admin.call<{ version: number }>(BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: board.version, name: 'Wall screen v2' });
    expect(await store.refresh()).toBe(false);
    expect(store.board?.name).toBe('Wall screen');
    await admin.call(BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: edited.version, note: 'v2' });
    expect(await store.refresh()).toBe(true);
    expect(store.board?.name).toBe('Wall screen v2');
    expect(store.page?.pageId).toBe(p2);

    wall.setOffline(true);
    expect(await store.refresh()).toBe(false);
    expect(store.board?.name).toBe('Wall screen v2');
    expect(store.error).toBeNull();
  });

  it('reports a board that breaks the schema', async () => {
    const board = await real().createBoard({ name: 'Broken on the wire' });
    // The real server validates every board it reads, so it never sends a broken one; the answer is
    // altered on the way (network seam) to check the store's own guard.
    const tampering = (async (url: string, init: RequestInit) => {
      const res = await real().admin.fetch(url, init);
      if (!String(url).endsWith(BOARDS.boardScreen.path)) return res;
      const env = (await res.json()) as Envelope<Record<string, unknown>>;
      return Response.json({ ...env, data: { ...env.data, layout: { pageWidth: -1 } } });
    }) as typeof globalThis.fetch;
    const bad = new BoardStore(createRequest({ fetch: tampering }));
    await bad.open('demo-tunnel', board.boardId);
    expect(bad.board).toBeNull();
    expect(bad.error?.errorCode).toBe('VALIDATION');
  });
});
