import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_TICKET_HEADER, BOARDS, type Board, type BoardScreen, type Envelope, type Panel, type PanelWrite } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { ApiClient } from '../helpers/apiClient';
import { TEST_ADMIN_PASSWORD, startTestServer } from '../helpers/testServer';

/**
 * The builder's panel fields on the board server: locked, hidden, groupId and style are stored by
 * panel/custom/add and panel/edit, come back from board/screen, `null` removes groupId and style, and a
 * bad value is refused with VALIDATION without changing the board.
 */

const demo: string = DEMO_PROJECT.projectId;
let server: RunningServer;
let admin: ApiClient;

async function ok<T>(route: string, body: unknown): Promise<T> {
  const r = await admin.post<T>(route, body);
  if (!r.body.success) throw new Error(`${route} failed: ${r.body.errorCode} ${r.body.errorMessage}`);
  return r.body.data!;
}

async function newBoard(name: string): Promise<Board> {
  const t = await fetch(`${server.url}${BOARDS.ticketGet.path}?projectId=${demo}`, { headers: { cookie: admin.cookie! } });
  const ticket = ((await t.json()) as Envelope<{ ticket: string }>).data!.ticket;
  const res = await fetch(server.url + BOARDS.boardAdd.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin.cookie!, [BOARD_TICKET_HEADER]: ticket },
    body: JSON.stringify({ projectId: demo, name }),
  });
  return ((await res.json()) as Envelope<Board>).data!;
}

const screen = (boardId: string) => ok<BoardScreen>(BOARDS.boardScreen.path, { boardId });
const panelOf = async (boardId: string, panelId: string): Promise<Panel | undefined> => (await screen(boardId)).pages[0].panels.find((p) => p.panelId === panelId);

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  await admin.login('admin', TEST_ADMIN_PASSWORD);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('panel lock, hide, group and style', () => {
  it('panel/custom/add stores them and board/screen returns them', async () => {
    const board = await newBoard('Flags on add');
    const pageId = board.pages[0].pageId;
    const style = { background: '#0b1730cc', borderColor: '#123', borderWidthPx: 2, borderRadiusPx: 8, paddingPx: 6, opacity: 0.9, showTitle: false };
    const added = await ok<PanelWrite>(BOARDS.panelCustomAdd.path, {
      boardId: board.boardId,
      baseVersion: board.version,
      pageId,
      panel: { type: 'alarmFeed', x: 1, y: 2, w: 300, h: 200, config: {}, locked: true, hidden: true, groupId: 'grp-1', style },
    });
    expect(added.panel).toMatchObject({ locked: true, hidden: true, groupId: 'grp-1', style });
    expect(await panelOf(board.boardId, added.panel.panelId)).toEqual(added.panel);
  });

  it('panel/edit changes them; groupId null ungroups, style null resets; other fields stay', async () => {
    const board = await newBoard('Flags on edit');
    const pageId = board.pages[0].pageId;
    const added = await ok<PanelWrite>(BOARDS.panelCustomAdd.path, {
      boardId: board.boardId,
      baseVersion: board.version,
      pageId,
      panel: { type: 'alarmFeed', title: 'Alarms', x: 0, y: 0, w: 300, h: 200, config: { limit: 5 } },
    });
    const id = added.panel.panelId;
    const edit = (version: number, panel: Record<string, unknown>) => ok<PanelWrite>(BOARDS.panelEdit.path, { boardId: board.boardId, baseVersion: version, pageId, panelId: id, panel });

    const locked = await edit(added.version, { locked: true, hidden: true, groupId: 'g-a', style: { opacity: 0.5 } });
    expect(await panelOf(board.boardId, id)).toEqual({ ...added.panel, locked: true, hidden: true, groupId: 'g-a', style: { opacity: 0.5 } });

    const cleared = await edit(locked.version, { locked: false, hidden: false, groupId: null, style: null });
    const after = await panelOf(board.boardId, id);
    expect(after).toMatchObject({ title: 'Alarms', config: { limit: 5 }, locked: false, hidden: false });
    expect(after).not.toHaveProperty('groupId');
    expect(after).not.toHaveProperty('style');
    expect(cleared.version).toBe(locked.version + 1);
  });

  it.each([
    ['a named colour', { style: { background: 'red' } }, /background/],
    ['opacity 0', { style: { opacity: 0 } }, /opacity/],
    ['an unknown style key', { style: { shadow: 3 } }, /shadow|unrecognized/i],
    ['a non-boolean lock', { locked: 'yes' }, /locked/],
    ['an empty groupId', { groupId: '' }, /groupId/],
  ])('refuses %s with VALIDATION and changes nothing', async (_what, panel, message) => {
    const board = await newBoard('Bad flags');
    const pageId = board.pages[0].pageId;
    const added = await ok<PanelWrite>(BOARDS.panelCustomAdd.path, {
      boardId: board.boardId,
      baseVersion: board.version,
      pageId,
      panel: { type: 'alarmFeed', x: 0, y: 0, w: 300, h: 200, config: {}, groupId: 'g-1', style: { opacity: 0.7 } },
    });
    const before = await screen(board.boardId);
    const r = await admin.post(BOARDS.panelEdit.path, { boardId: board.boardId, baseVersion: added.version, pageId, panelId: added.panel.panelId, panel });
    expect(r.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(r.body.errorMessage).toMatch(message);
    const add = await admin.post(BOARDS.panelCustomAdd.path, { boardId: board.boardId, baseVersion: added.version, pageId, panel: { type: 'alarmFeed', x: 0, y: 0, w: 1, h: 1, config: {}, ...panel } });
    expect(add.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await screen(board.boardId)).toEqual(before);
  });
});
