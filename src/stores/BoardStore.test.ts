import { describe, expect, it } from 'vitest';
import { ROUTES, type Board } from '../../protocol';
import { createRequest } from '../api/request';
import { fakeApi } from '../test/fakeApi';
import { BoardStore, NO_BOARD } from './BoardStore';

const BOARD: Board = {
  boardId: 'b1',
  projectId: 'demo-tunnel',
  name: 'Tunnel live board',
  version: 1,
  layout: { pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages: [
    { pageId: 'p2', name: 'Second', order: 2, panels: [] },
    { pageId: 'p1', name: 'First', order: 1, panels: [] },
  ],
};

describe('BoardStore', () => {
  it('opens the first board of the project when no boardId is given, pages in order', async () => {
    const api = fakeApi({
      [ROUTES.boardList]: () => ({ result: '0', board: [{ boardId: 'b1', name: 'x', version: 1 }] }),
      [ROUTES.boardScreen]: (b) => (b.boardId === 'b1' ? BOARD : null),
    });
    const store = new BoardStore(createRequest({ fetch: api.fetch }));
    await store.open('demo-tunnel', null);
    expect(store.error).toBeNull();
    expect(api.calls[0].body).toEqual({ projectId: 'demo-tunnel', dataRange: 2 });
    expect(store.page?.pageId).toBe('p1');
    store.nextPage();
    expect(store.page?.pageId).toBe('p2');
    store.nextPage();
    expect(store.page?.pageId).toBe('p1');
  });

  it('starts on the page named by pageId, the first page when it is unknown', async () => {
    const api = fakeApi({ [ROUTES.boardScreen]: () => BOARD });
    const store = new BoardStore(createRequest({ fetch: api.fetch }));
    await store.open('demo-tunnel', 'b1', { pageId: 'p2' });
    expect(store.page?.pageId).toBe('p2');
    await store.open('demo-tunnel', 'b1', { pageId: 'nope' });
    expect(store.page?.pageId).toBe('p1');
  });

  it('reports a project without boards and a board that breaks the schema', async () => {
    const empty = new BoardStore(createRequest({ fetch: fakeApi({ [ROUTES.boardList]: () => ({ result: '0', board: [] }) }).fetch }));
    await empty.open('demo-tunnel', null);
    expect(empty.error?.errorCode).toBe(NO_BOARD);

    const bad = new BoardStore(createRequest({ fetch: fakeApi({ [ROUTES.boardScreen]: () => ({ ...BOARD, layout: { pageWidth: -1 } }) }).fetch }));
    await bad.open('demo-tunnel', 'b1');
    expect(bad.board).toBeNull();
    expect(bad.error?.errorCode).toBe('VALIDATION');
  });
});
