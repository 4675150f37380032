import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_TICKET_HEADER, boardListSchema, BOARDS, LAYOUT_DEFAULTS, MAX_RELEASES_PER_BOARD, NOT_RELEASED_MESSAGE, SYSTEM_STYLE_DEFAULTS, type Board, type BoardDeleted, type BoardHistory, type BoardList, type BoardReleaseInfo, type BoardScreen, type BoardSettingsWrite, type BoardStandardList, type BoardTicket, type BoardWrite, type Envelope, type LayoutList, type LayoutWrite, type PageDetails, type PageOrder, type PageWrite, type PanelList, type PanelOrder, type PanelWrite, type SystemStyle } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { MAX_TICKETS_PER_USER } from '../../server/http/routes/ticket';
import { BOARD_TEMPLATES, DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { ApiClient, type ApiResponse } from '../helpers/apiClient';
import { startServerWithUsers } from '../helpers/testServer';

const demo: string = DEMO_PROJECT.projectId;
const bridgeProject: string = OTHER_PROJECT.projectId;
const STALE = /changed by someone else.*Reload/s;

let server: RunningServer;
let admin: ApiClient;
let bridge: ApiClient;

/** POSTs with extra headers (ApiClient.post sends none). */
async function postWith<T>(client: ApiClient, route: string, body: unknown, headers: Record<string, string>): Promise<ApiResponse<T>> {
  const res = await fetch(server.url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client.cookie ? { cookie: client.cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T>, setCookie: null };
}

/** `GET ticket/getTicket` with a raw query string. */
async function getTicketRaw(client: ApiClient, query: string): Promise<{ status: number; body: Envelope<BoardTicket>; cacheControl: string | null }> {
  const res = await fetch(`${server.url}${BOARDS.ticketGet.path}${query}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, body: (await res.json()) as Envelope<BoardTicket>, cacheControl: res.headers.get('cache-control') };
}

async function ticketFor(client: ApiClient, projectId = demo): Promise<string> {
  const r = await getTicketRaw(client, `?projectId=${encodeURIComponent(projectId)}`);
  if (!r.body.success) throw new Error(`getTicket failed: ${r.body.errorMessage}`);
  return r.body.data!.ticket;
}

/** Data of a call that must succeed. */
async function ok<T>(client: ApiClient, route: string, body: unknown): Promise<T> {
  const r = await client.post<T>(route, body);
  if (!r.body.success) throw new Error(`${route} failed: ${r.body.errorCode} ${r.body.errorMessage}`);
  return r.body.data!;
}

/** A new board in the demo project from a template (through a fresh ticket). */
async function boardFromTemplate(templateId = 'tunnel-carousel', name?: string): Promise<Board> {
  const r = await postWith<Board>(admin, BOARDS.boardAddInitialize.path, { projectId: demo, templateId, name }, { [BOARD_TICKET_HEADER]: await ticketFor(admin) });
  if (!r.body.success) throw new Error(`board/add/initialize failed: ${r.body.errorMessage}`);
  return r.body.data!;
}

/** Everything stored about a board: draft row, releases, and the demo project's style, to prove "nothing changed". */
async function stored(boardId: string) {
  const row = await server.db.selectFrom('boards').select(['name', 'version', 'layout', 'pages']).where('board_id', '=', boardId).executeTakeFirst();
  const releases = await server.db.selectFrom('board_releases').select('release_no').where('board_id', '=', boardId).execute();
  const style = await server.db.selectFrom('system_styles').selectAll().where('project_id', '=', demo).executeTakeFirst();
  return { row, releases: releases.length, style };
}

async function boardCount(projectId = demo): Promise<number> {
  const rows = await server.db.selectFrom('boards').select('board_id').where('project_id', '=', projectId).execute();
  return rows.length;
}

beforeAll(async () => {
  ({ server, admin, bridge } = await startServerWithUsers());
});
afterAll(() => server?.close());

describe('tickets and board/add', () => {
  it('issues a single-use ticket for 5 minutes that no cache may keep', async () => {
    const before = Date.now();
    const r = await getTicketRaw(admin, `?projectId=${demo}&dataRange=2`);
    expect(r.status).toBe(200);
    expect(r.body.data!.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.data!.expiresAtMs).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(r.body.data!.expiresAtMs).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(r.cacheControl).toBe('no-store');
  });

  it('refuses a ticket without projectId, without a session, or for a project the user is not in', async () => {
    const noProject = await getTicketRaw(admin, '');
    expect(noProject.status).toBe(400);
    expect(noProject.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'projectId: required' });
    expect((await getTicketRaw(new ApiClient(server.url), `?projectId=${demo}`)).body.errorCode).toBe('UNAUTHENTICATED');
    const foreign = await getTicketRaw(bridge, `?projectId=${demo}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, data: null, errorCode: 'FORBIDDEN' });
  });

  it('adds a board with the layout defaults (docs/product.md "Board model") and one empty page, listed by board/list', async () => {
    const r = await postWith<Board>(admin, BOARDS.boardAdd.path, { projectId: demo, name: '  Face board ' }, { [BOARD_TICKET_HEADER]: await ticketFor(admin) });
    expect(r.status).toBe(200);
    const board = r.body.data!;
    expect(board).toMatchObject({ projectId: demo, name: 'Face board', version: 1 });
    expect(board.layout).toEqual({ pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 });
    expect(board.layout).toEqual(LAYOUT_DEFAULTS);
    expect(board.pages).toEqual([{ pageId: expect.stringMatching(/^page-/), name: 'Page 1', order: 0, panels: [] }]);
    const list = await ok<BoardList>(admin, BOARDS.boardList.path, { projectId: demo, dataRange: 2 });
    expect(list.result).toBe('0');
    expect(list.board).toContainEqual({ boardId: board.boardId, name: 'Face board', version: 1, releaseState: 'draft', releaseNo: null });
    const screen = await ok<BoardScreen>(admin, BOARDS.boardScreen.path, { boardId: board.boardId });
    expect(screen).toMatchObject({ ...board, source: 'draft', releaseNo: null });
  });

  it('takes layout overrides on board/add and refuses bad ones', async () => {
    const board = (
      await postWith<Board>(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Wall', layout: { pageWidth: 1920, pageHeight: 1080 } }, { [BOARD_TICKET_HEADER]: await ticketFor(admin) })
    ).body.data!;
    expect(board.layout).toEqual({ ...LAYOUT_DEFAULTS, pageWidth: 1920, pageHeight: 1080 });
    const bad = await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'X', layout: { pageSwitchModel: 3 } }, { [BOARD_TICKET_HEADER]: await ticketFor(admin) });
    expect(bad.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: expect.stringMatching(/^layout\.pageSwitchModel: /) });
  });

  it('refuses board/add without the ticket header, saying where to get one, and adds nothing', async () => {
    const before = await boardCount();
    const r = await admin.post(BOARDS.boardAdd.path, { projectId: demo, name: 'No ticket' });
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('VALIDATION');
    expect(r.body.errorMessage).toContain(BOARD_TICKET_HEADER);
    expect(r.body.errorMessage).toContain(BOARDS.ticketGet.path);
    const empty = await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Empty ticket' }, { [BOARD_TICKET_HEADER]: '' });
    expect(empty.body.errorCode).toBe('VALIDATION');
    expect(await boardCount()).toBe(before);
  });

  it('uses a ticket once: a second board/add with it is refused', async () => {
    const ticket = await ticketFor(admin);
    const first = await postWith<Board>(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Once' }, { [BOARD_TICKET_HEADER]: ticket });
    expect(first.body.success).toBe(true);
    const before = await boardCount();
    const again = await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Twice' }, { [BOARD_TICKET_HEADER]: ticket });
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toMatch(/already used/);
    expect(await boardCount()).toBe(before);
  });

  it('refuses expired tickets, made-up tickets and tickets of another project', async () => {
    const expired = await ticketFor(admin);
    await server.db.updateTable('board_tickets').set({ expires_at_ms: Date.now() - 1 }).where('username', '=', 'admin').execute();
    const before = await boardCount();
    expect((await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Late' }, { [BOARD_TICKET_HEADER]: expired })).body.errorMessage).toMatch(/expired/);
    expect((await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Fake' }, { [BOARD_TICKET_HEADER]: 'x'.repeat(43) })).body.errorCode).toBe('VALIDATION');
    const bridgeTicket = await ticketFor(admin, bridgeProject);
    expect((await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Elsewhere' }, { [BOARD_TICKET_HEADER]: bridgeTicket })).body.errorCode).toBe('VALIDATION');
    expect(await boardCount()).toBe(before);
  });

  it("keeps a ticket that another user presents unusable for them, and FORBIDDEN for another project's board/add", async () => {
    const adminTicket = await ticketFor(admin, bridgeProject);
    const stolen = await postWith(bridge, BOARDS.boardAdd.path, { projectId: bridgeProject, name: 'Stolen' }, { [BOARD_TICKET_HEADER]: adminTicket });
    expect(stolen.body.errorCode).toBe('VALIDATION');
    const bridgeTicket = await ticketFor(bridge, bridgeProject);
    const foreign = await postWith(bridge, BOARDS.boardAdd.path, { projectId: demo, name: 'Not mine' }, { [BOARD_TICKET_HEADER]: bridgeTicket });
    expect(foreign.body).toMatchObject({ success: false, data: null, errorCode: 'FORBIDDEN' });
    // The refused calls did not use the bridge user's ticket up.
    const own = await postWith<Board>(bridge, BOARDS.boardAdd.path, { projectId: bridgeProject, name: 'Bridge board' }, { [BOARD_TICKET_HEADER]: bridgeTicket });
    expect(own.body.data).toMatchObject({ projectId: bridgeProject, name: 'Bridge board' });
  });

  it('does not use up a ticket on a body that fails its schema', async () => {
    const ticket = await ticketFor(admin);
    const bad = await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: '' }, { [BOARD_TICKET_HEADER]: ticket });
    expect(bad.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'name: must not be empty' });
    const good = await postWith<Board>(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Second try' }, { [BOARD_TICKET_HEADER]: ticket });
    expect(good.body.success).toBe(true);
  });

  it(`keeps at most ${MAX_TICKETS_PER_USER} live tickets per user, dropping the oldest`, async () => {
    const first = await ticketFor(admin);
    for (let i = 0; i < MAX_TICKETS_PER_USER; i++) await ticketFor(admin);
    const rows = await server.db.selectFrom('board_tickets').select('ticket_hash').where('username', '=', 'admin').execute();
    expect(rows.length).toBe(MAX_TICKETS_PER_USER);
    expect((await postWith(admin, BOARDS.boardAdd.path, { projectId: demo, name: 'Oldest' }, { [BOARD_TICKET_HEADER]: first })).body.errorCode).toBe('VALIDATION');
  });
});

describe('templates: board/standardList and board/add/initialize', () => {
  it('lists the templates, filtered by category', async () => {
    const all = await ok<BoardStandardList>(admin, BOARDS.boardStandardList.path, {});
    expect(all.templates.map((t) => t.templateId)).toEqual(BOARD_TEMPLATES.map((t) => t.templateId));
    const bridgeOnly = await ok<BoardStandardList>(bridge, BOARDS.boardStandardList.path, { category: 'bridge' });
    expect(bridgeOnly.templates.length).toBeGreaterThan(0);
    expect(bridgeOnly.templates.every((t) => t.category === 'bridge')).toBe(true);
    const bad = await admin.post(BOARDS.boardStandardList.path, { category: 'airport' });
    expect(bad.body.errorCode).toBe('VALIDATION');
  });

  it("creates a board from a template with fresh ids and the project's own devices", async () => {
    const a = await boardFromTemplate('tunnel-safety', 'Copy A');
    const b = await boardFromTemplate('tunnel-safety');
    expect(a).toMatchObject({ name: 'Copy A', version: 1, layout: { pageWidth: 1920, pageHeight: 1080 } });
    expect(b.name).toBe(BOARD_TEMPLATES.find((t) => t.templateId === 'tunnel-safety')!.name);
    expect(a.pages[0].panels.map((p) => p.type)).toEqual(['headline', 'tunnelPersonnel', 'gasTrend', 'gasTable', 'towerCrane', 'alarmFeed']);
    const idsA = new Set(a.pages.flatMap((p) => [p.pageId, ...p.panels.map((x) => x.panelId)]));
    expect(b.pages.flatMap((p) => [p.pageId, ...p.panels.map((x) => x.panelId)]).some((id) => idsA.has(id))).toBe(false);
    expect(a.pages[0].panels.find((p) => p.type === 'towerCrane')!.config).toEqual({ sn: 'TC-01' });
    expect(a.pages[0].panels.find((p) => p.type === 'gasTrend')!.config.sn).toBe('GAS-LK-E-F');
    // The bridge project's own equipment: its first tower crane, not the tunnel's.
    const bridgeBoard = await postWith<Board>(
      bridge,
      BOARDS.boardAddInitialize.path,
      { projectId: bridgeProject, templateId: 'bridge-lifting' },
      { [BOARD_TICKET_HEADER]: await ticketFor(bridge, bridgeProject) },
    );
    expect(bridgeBoard.body.data!.pages.map((p) => p.name)).toEqual(['Lifting', 'Pile holes']);
    expect(bridgeBoard.body.data!.pages[0].panels[0].config).toEqual({ sn: 'TC-B1' });
  });

  it('needs a ticket and a known template, and adds nothing otherwise', async () => {
    const before = await boardCount();
    const noTicket = await admin.post(BOARDS.boardAddInitialize.path, { projectId: demo, templateId: 'tunnel-safety' });
    expect(noTicket.body.errorMessage).toContain(BOARD_TICKET_HEADER);
    const unknown = await postWith(admin, BOARDS.boardAddInitialize.path, { projectId: demo, templateId: 'nope' }, { [BOARD_TICKET_HEADER]: await ticketFor(admin) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toContain(BOARDS.boardStandardList.path);
    expect(await boardCount()).toBe(before);
  });
});

describe('pages', () => {
  it('adds, reads, renames, moves and deletes pages, each write one version up', async () => {
    const board = await boardFromTemplate('tunnel-carousel');
    const [personnel, gas] = board.pages;

    const added = await ok<PageWrite>(admin, BOARDS.pageAdd.path, { boardId: board.boardId, baseVersion: 1, name: 'Cover', index: 0 });
    expect(added).toMatchObject({ boardId: board.boardId, version: 2, page: { name: 'Cover', order: 0, panels: [] } });

    const details = await ok<PageDetails>(admin, BOARDS.pageDetails.path, { boardId: board.boardId, pageId: gas.pageId });
    expect(details).toMatchObject({ version: 2, page: { pageId: gas.pageId, name: 'Gas', order: 2 } });
    expect(details.page.panels).toHaveLength(3);

    const renamed = await ok<PageWrite>(admin, BOARDS.pageEdit.path, { boardId: board.boardId, baseVersion: 2, pageId: gas.pageId, name: 'Gas stations' });
    expect(renamed).toMatchObject({ version: 3, page: { name: 'Gas stations' } });

    const moved = await ok<PageOrder>(admin, BOARDS.pageMove.path, { boardId: board.boardId, baseVersion: 3, pageId: gas.pageId, toIndex: 0 });
    expect(moved.version).toBe(4);
    expect(moved.pages.map((p) => [p.pageId, p.order])).toEqual([
      [gas.pageId, 0],
      [added.page.pageId, 1],
      [personnel.pageId, 2],
    ]);

    const deleted = await ok<BoardWrite>(admin, BOARDS.pageDelete.path, { boardId: board.boardId, baseVersion: 4, pageId: added.page.pageId });
    expect(deleted).toEqual({ boardId: board.boardId, version: 5 });
    const screen = await ok<Board>(admin, BOARDS.boardScreen.path, { boardId: board.boardId });
    expect(screen.pages.map((p) => [p.name, p.order])).toEqual([
      ['Gas stations', 0],
      ['Personnel', 1],
    ]);
    expect(screen.version).toBe(5);
  });

  it('adds a page from a template page, bound to the project devices', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    const r = await ok<PageWrite>(admin, BOARDS.pageAddInitialize.path, {
      boardId: board.boardId,
      baseVersion: 1,
      templateId: 'bridge-lifting',
      templatePageId: 'lifting',
      name: 'Cranes',
    });
    expect(r).toMatchObject({ version: 2, page: { name: 'Cranes', order: 1 } });
    expect(r.page.panels.filter((p) => p.type === 'towerCrane').map((p) => p.config.sn)).toEqual(['TC-01', 'TC-02', undefined, undefined]);
    const first = await ok<PageWrite>(admin, BOARDS.pageAddInitialize.path, { boardId: board.boardId, baseVersion: 2, templateId: 'road-overview', index: 0 });
    expect(first.page).toMatchObject({ name: 'Overview', order: 0 });
    const missing = await admin.post(BOARDS.pageAddInitialize.path, { boardId: board.boardId, baseVersion: 3, templateId: 'road-overview', templatePageId: 'nope' });
    expect(missing.body.errorCode).toBe('NOT_FOUND');
    expect((await stored(board.boardId)).row!.version).toBe(3);
  });

  it('refuses to delete the last page, and unknown pages, changing nothing', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    const before = await stored(board.boardId);
    const last = await admin.post(BOARDS.pageDelete.path, { boardId: board.boardId, baseVersion: 1, pageId: board.pages[0].pageId });
    expect(last.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: expect.stringMatching(/at least one page/) });
    const unknown = await admin.post(BOARDS.pageEdit.path, { boardId: board.boardId, baseVersion: 1, pageId: 'nope', name: 'X' });
    expect(unknown.status).toBe(404);
    expect(await stored(board.boardId)).toEqual(before);
  });
});

describe('panels', () => {
  it('adds, lists, edits, reorders and deletes panels', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    const page = board.pages[0];
    const boardId = board.boardId;
    const pageId = page.pageId;

    const added = await ok<PanelWrite>(admin, BOARDS.panelCustomAdd.path, {
      boardId,
      baseVersion: 1,
      pageId,
      panel: { type: 'alarmFeed', title: 'SOS only', x: 100, y: 100, w: 400, h: 300, config: { limit: 20, kinds: ['sos'] } },
    });
    expect(added).toMatchObject({ version: 2, pageId, panel: { type: 'alarmFeed', title: 'SOS only', z: 7, config: { limit: 20, kinds: ['sos'] } } });
    expect(added.panel.panelId).toMatch(/^panel-/);
    expect(page.panels.map((p) => p.panelId)).not.toContain(added.panel.panelId);

    const list = await ok<PanelList>(admin, BOARDS.panelList.path, { boardId, pageId });
    expect(list.version).toBe(2);
    expect(list.panels.map((p) => p.panelId).at(-1)).toBe(added.panel.panelId);
    expect(list.panels.every((p) => p.pageId === pageId)).toBe(true);
    expect((await ok<PanelList>(admin, BOARDS.panelList.path, { boardId })).panels).toHaveLength(7);

    const edited = await ok<PanelWrite>(admin, BOARDS.panelEdit.path, {
      boardId,
      baseVersion: 2,
      pageId,
      panelId: added.panel.panelId,
      panel: { x: 120, title: 'SOS', config: { limit: 10 } },
    });
    expect(edited.panel).toMatchObject({ panelId: added.panel.panelId, type: 'alarmFeed', x: 120, y: 100, title: 'SOS', config: { limit: 10 } });
    expect(edited.version).toBe(3);

    const changeType = await admin.post(BOARDS.panelEdit.path, { boardId, baseVersion: 3, pageId, panelId: added.panel.panelId, panel: { type: 'gasTable' } });
    expect(changeType.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: expect.stringContaining('panel') });

    const moved = await ok<PanelOrder>(admin, BOARDS.panelMove.path, { boardId, baseVersion: 3, pageId, panelId: added.panel.panelId, to: 'back' });
    expect(moved.version).toBe(4);
    expect(moved.panels[0]).toEqual({ panelId: added.panel.panelId, z: 1 });
    expect(moved.panels.map((p) => p.z)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const forward = await ok<PanelOrder>(admin, BOARDS.panelMove.path, { boardId, baseVersion: 4, pageId, panelId: added.panel.panelId, to: 2 });
    expect(forward.panels[2].panelId).toBe(added.panel.panelId);

    const deleted = await ok<BoardWrite>(admin, BOARDS.panelDelete.path, {
      boardId,
      baseVersion: 5,
      pageId,
      panelIds: [added.panel.panelId, page.panels[0].panelId],
    });
    expect(deleted.version).toBe(6);
    const after = await ok<PageDetails>(admin, BOARDS.pageDetails.path, { boardId, pageId });
    expect(after.page.panels.map((p) => p.panelId).sort()).toEqual(page.panels.slice(1).map((p) => p.panelId).sort());
  });

  it('deletes nothing when one of the panels does not exist', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    const before = await stored(board.boardId);
    const r = await admin.post(BOARDS.panelDelete.path, {
      boardId: board.boardId,
      baseVersion: 1,
      pageId: board.pages[0].pageId,
      panelIds: [board.pages[0].panels[0].panelId, 'panel-missing'],
    });
    expect(r.status).toBe(404);
    expect(r.body.errorMessage).toContain('panel-missing');
    expect(await stored(board.boardId)).toEqual(before);
  });
});

describe('layout', () => {
  it('lists the page settings and every panel place, and updates many in one version', async () => {
    const board = await boardFromTemplate('tunnel-carousel');
    const list = await ok<LayoutList>(admin, BOARDS.layoutList.path, { boardId: board.boardId });
    expect(list.layout).toMatchObject({ pageWidth: 1920, pageSwitchModel: 2, carouselIntervalS: 30 });
    expect(list.items).toHaveLength(6);
    expect(list.items[0]).toEqual({ pageId: board.pages[0].pageId, panelId: board.pages[0].panels[0].panelId, x: 20, y: 20, w: 1880, h: 640, z: 1 });
    expect((await ok<LayoutList>(admin, BOARDS.layoutList.path, { boardId: board.boardId, pageId: board.pages[1].pageId })).items).toHaveLength(3);

    const moves = list.items.slice(0, 4).map((i, n) => ({ ...i, x: i.x + 10, y: i.y + 5, w: 300, h: 200, z: 10 + n }));
    const r = await ok<LayoutWrite>(admin, BOARDS.layoutUpdate.path, {
      boardId: board.boardId,
      baseVersion: 1,
      layout: { carouselIntervalS: 60, pageTips: 0 },
      items: moves,
    });
    expect(r.version).toBe(2);
    expect(r.layout).toMatchObject({ pageWidth: 1920, carouselIntervalS: 60, pageTips: 0 });
    expect(r.items.map((i) => i.panelId).sort()).toEqual(moves.map((i) => i.panelId).sort());
    const after = await ok<LayoutList>(admin, BOARDS.layoutList.path, { boardId: board.boardId });
    for (const m of moves) expect(after.items).toContainEqual(m);
    for (const untouched of list.items.slice(4)) expect(after.items).toContainEqual(untouched);
  });

  it('applies none of the items when one names an unknown panel', async () => {
    const board = await boardFromTemplate('tunnel-carousel');
    const before = await stored(board.boardId);
    const good = { pageId: board.pages[0].pageId, panelId: board.pages[0].panels[0].panelId, x: 1, y: 1, w: 10, h: 10, z: 1 };
    const r = await admin.post(BOARDS.layoutUpdate.path, {
      boardId: board.boardId,
      baseVersion: 1,
      items: [good, { ...good, panelId: 'panel-ghost' }],
    });
    expect(r.body.errorCode).toBe('NOT_FOUND');
    const dup = await admin.post(BOARDS.layoutUpdate.path, { boardId: board.boardId, baseVersion: 1, items: [good, good] });
    expect(dup.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'items: lists a panel twice' });
    expect(await stored(board.boardId)).toEqual(before);
  });
});

describe('board/edit and board/delete', () => {
  it('renames and changes the layout, refusing a layout out of range', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    const r = await ok<BoardSettingsWrite>(admin, BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: 1, name: 'Renamed', layout: { pageSwitchModel: 2 } });
    expect(r).toEqual({ boardId: board.boardId, version: 2, name: 'Renamed', layout: { ...board.layout, pageSwitchModel: 2 } });
    const small = await admin.post(BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: 2, layout: { pageWidth: 50 } });
    expect(small.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: expect.stringMatching(/^layout\.pageWidth: /) });
    const nothing = await admin.post(BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: 2 });
    expect(nothing.body.errorMessage).toMatch(/nothing to change/);
  });

  it('deletes a board with its releases', async () => {
    const board = await boardFromTemplate('road-overview');
    await ok(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 1 });
    const r = await ok<BoardDeleted>(admin, BOARDS.boardDelete.path, { boardId: board.boardId, baseVersion: 1 });
    expect(r).toEqual({ boardId: board.boardId });
    expect(await stored(board.boardId)).toMatchObject({ row: undefined, releases: 0 });
    expect((await admin.post(BOARDS.boardScreen.path, { boardId: board.boardId })).status).toBe(404);
    const list = await ok<BoardList>(admin, BOARDS.boardList.path, { projectId: demo });
    expect(list.board.map((b) => b.boardId)).not.toContain(board.boardId);
  });
});

describe('releases: board/release, board/screen released, board/history, board/restore', () => {
  it('shows viewers nothing until the first release, then the release while editors keep the draft', async () => {
    const board = await boardFromTemplate('tunnel-safety', 'Release me');
    const viewer = await admin.post<BoardScreen>(BOARDS.boardScreen.path, { boardId: board.boardId, released: true });
    expect(viewer.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND', errorMessage: NOT_RELEASED_MESSAGE });
    expect(viewer.status).toBe(404);

    const rel = await ok<BoardReleaseInfo>(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 1, note: 'first cut' });
    expect(rel).toMatchObject({ boardId: board.boardId, releaseNo: 1, version: 1, name: 'Release me', note: 'first cut', releasedBy: 'admin' });
    // Publishing does not move the draft's version.
    expect((await stored(board.boardId)).row!.version).toBe(1);

    await ok(admin, BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: 1, name: 'Draft name' });
    await ok(admin, BOARDS.panelDelete.path, { boardId: board.boardId, baseVersion: 2, pageId: board.pages[0].pageId, panelIds: [board.pages[0].panels[0].panelId] });

    const released = await ok<BoardScreen>(admin, BOARDS.boardScreen.path, { boardId: board.boardId, released: true });
    expect(released).toMatchObject({ source: 'release', releaseNo: 1, version: 1, name: 'Release me', projectId: demo });
    expect(released.releasedAtMs).toBe(rel.releasedAtMs);
    expect(released.pages[0].panels).toHaveLength(6);
    const draft = await ok<BoardScreen>(admin, BOARDS.boardScreen.path, { boardId: board.boardId });
    expect(draft).toMatchObject({ source: 'draft', version: 3, name: 'Draft name' });
    expect(draft.pages[0].panels).toHaveLength(5);

    const rel2 = await ok<BoardReleaseInfo>(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 3 });
    expect(rel2).toMatchObject({ releaseNo: 2, version: 3, note: null });
    expect((await ok<BoardScreen>(admin, BOARDS.boardScreen.path, { boardId: board.boardId, released: true })).pages[0].panels).toHaveLength(5);
    const preview = await ok<BoardScreen>(admin, BOARDS.boardScreen.path, { boardId: board.boardId, releaseNo: 1 });
    expect(preview).toMatchObject({ releaseNo: 1, name: 'Release me' });
    expect((await admin.post(BOARDS.boardScreen.path, { boardId: board.boardId, releaseNo: 9 })).body.errorCode).toBe('NOT_FOUND');

    const history = await ok<BoardHistory>(admin, BOARDS.boardHistory.path, { boardId: board.boardId });
    expect(history.releases.map((r) => [r.releaseNo, r.version])).toEqual([
      [2, 3],
      [1, 1],
    ]);
  });

  it('lists each board with its release state: draft only, live, live with unpublished changes', async () => {
    const board = await boardFromTemplate('tunnel-safety', 'State of release');
    const row = async () => {
      const list = boardListSchema.parse(await ok<BoardList>(admin, BOARDS.boardList.path, { projectId: demo }));
      return list.board.find((b) => b.boardId === board.boardId)!;
    };
    expect(await row()).toMatchObject({ releaseState: 'draft', releaseNo: null, version: 1 });
    await ok(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 1 });
    expect(await row()).toMatchObject({ releaseState: 'live', releaseNo: 1 });
    const page = board.pages[0];
    const panel = page.panels[0];
    await ok(admin, BOARDS.panelEdit.path, { boardId: board.boardId, baseVersion: 1, pageId: page.pageId, panelId: panel.panelId, panel: { x: panel.x + 10 } });
    expect(await row()).toMatchObject({ releaseState: 'changed', releaseNo: 1, version: 2 });
    // Moving it back is the released content again: nothing left to publish, though the version moved on.
    await ok(admin, BOARDS.panelEdit.path, { boardId: board.boardId, baseVersion: 2, pageId: page.pageId, panelId: panel.panelId, panel: { x: panel.x } });
    expect(await row()).toMatchObject({ releaseState: 'live', releaseNo: 1, version: 3 });
    await ok(admin, BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: 3, name: 'Renamed' });
    expect(await row()).toMatchObject({ releaseState: 'changed' });
    await ok(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 4 });
    expect(await row()).toMatchObject({ releaseState: 'live', releaseNo: 2 });
  });

  it('restores a release into the draft as a new version, leaving the releases alone', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    await ok(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 1 });
    await ok(admin, BOARDS.pageAdd.path, { boardId: board.boardId, baseVersion: 1, name: 'Extra' });
    await ok(admin, BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: 2, name: 'Kept name', layout: { pageTips: 1 } });

    const restored = await ok<Board>(admin, BOARDS.boardRestore.path, { boardId: board.boardId, baseVersion: 3, releaseNo: 1 });
    expect(restored).toMatchObject({ version: 4, name: 'Kept name', layout: board.layout });
    expect(restored.pages).toEqual(board.pages);
    expect((await ok<Board>(admin, BOARDS.boardScreen.path, { boardId: board.boardId })).version).toBe(4);
    expect((await ok<BoardHistory>(admin, BOARDS.boardHistory.path, { boardId: board.boardId })).releases).toHaveLength(1);

    const missing = await admin.post(BOARDS.boardRestore.path, { boardId: board.boardId, baseVersion: 4, releaseNo: 7 });
    expect(missing.body.errorCode).toBe('NOT_FOUND');
    expect((await stored(board.boardId)).row!.version).toBe(4);
  });

  it(`keeps the last ${MAX_RELEASES_PER_BOARD} releases of a board`, async () => {
    const board = await boardFromTemplate('road-short-tunnel');
    for (let i = 0; i < MAX_RELEASES_PER_BOARD + 2; i++) await ok(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 1 });
    const history = await ok<BoardHistory>(admin, BOARDS.boardHistory.path, { boardId: board.boardId });
    expect(history.releases).toHaveLength(MAX_RELEASES_PER_BOARD);
    expect(history.releases[0].releaseNo).toBe(MAX_RELEASES_PER_BOARD + 2);
    expect(history.releases.at(-1)!.releaseNo).toBe(3);
    expect((await stored(board.boardId)).releases).toBe(MAX_RELEASES_PER_BOARD);
  });
});

describe('system style', () => {
  it('starts at the defaults (docs/product.md "Constants") and changes with versions, per project', async () => {
    const style = await ok<SystemStyle>(admin, BOARDS.systemStyleDetails.path, { projectId: demo });
    expect(style).toEqual({ projectId: demo, theme: 'dark', primaryColor: '#00b589', title: 'SiteBoard', version: 0 });
    expect(SYSTEM_STYLE_DEFAULTS.primaryColor).toBe('#00b589');

    const edited = await ok<SystemStyle>(admin, BOARDS.systemStyleEdit.path, { projectId: demo, baseVersion: 0, primaryColor: '#1890FF', title: 'Yunling tunnel' });
    expect(edited).toEqual({ projectId: demo, theme: 'dark', primaryColor: '#1890FF', title: 'Yunling tunnel', version: 1 });
    const again = await ok<SystemStyle>(admin, BOARDS.systemStyleEdit.path, { projectId: demo, baseVersion: 1, theme: 'light' });
    expect(again).toMatchObject({ theme: 'light', primaryColor: '#1890FF', version: 2 });
    expect(await ok<SystemStyle>(admin, BOARDS.systemStyleDetails.path, { projectId: demo })).toEqual(again);
    // Another project keeps its own style.
    expect(await ok<SystemStyle>(bridge, BOARDS.systemStyleDetails.path, { projectId: bridgeProject })).toMatchObject({ version: 0, theme: 'dark' });

    const stale = await admin.post(BOARDS.systemStyleEdit.path, { projectId: demo, baseVersion: 1, title: 'Old' });
    expect(stale.status).toBe(409);
    expect(stale.body.errorMessage).toMatch(STALE);
    const badColour = await admin.post(BOARDS.systemStyleEdit.path, { projectId: demo, baseVersion: 2, primaryColor: 'red' });
    expect(badColour.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'primaryColor: must be a colour like #00b589' });
    expect((await ok<SystemStyle>(admin, BOARDS.systemStyleDetails.path, { projectId: demo })).version).toBe(2);
  });

  it('lets only one of two racing first edits win', async () => {
    const results = await Promise.all([
      bridge.post(BOARDS.systemStyleEdit.path, { projectId: bridgeProject, baseVersion: 0, title: 'A' }),
      bridge.post(BOARDS.systemStyleEdit.path, { projectId: bridgeProject, baseVersion: 0, title: 'B' }),
    ]);
    expect(results.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.body.success)!.body.errorCode).toBe('CONFLICT');
  });
});

describe('concurrency: baseVersion on every write', () => {
  it('takes the first of two edits based on the same version and refuses the second with a reload message', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    const pageId = board.pages[0].pageId;
    const first = await admin.post<PageWrite>(BOARDS.pageEdit.path, { boardId: board.boardId, baseVersion: 1, pageId, name: 'Alice' });
    expect(first.body.data!.version).toBe(2);
    const second = await admin.post(BOARDS.pageEdit.path, { boardId: board.boardId, baseVersion: 1, pageId, name: 'Bob' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, data: null, errorCode: 'CONFLICT' });
    expect(second.body.errorMessage).toMatch(STALE);
    expect(second.body.errorMessage).toContain('version 2');
    expect((await ok<PageDetails>(admin, BOARDS.pageDetails.path, { boardId: board.boardId, pageId })).page.name).toBe('Alice');
  });

  it('lets exactly one of several simultaneous writes on one version through', async () => {
    const board = await boardFromTemplate('tunnel-safety');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => admin.post(BOARDS.pageAdd.path, { boardId: board.boardId, baseVersion: 1, name: `P${i}` })),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === 'CONFLICT')).toHaveLength(4);
    const row = (await stored(board.boardId)).row!;
    expect(row.version).toBe(2);
    expect((row.pages as unknown[]).length).toBe(2);
  });
});

/** Every board-server call, built for one board (`b`), its first page and panel, at `version`. */
function calls(b: Board, version: number) {
  const pageId = b.pages[0].pageId;
  const panelId = b.pages[0].panels[0].panelId;
  const boardId = b.boardId;
  const item = { pageId, panelId, x: 1, y: 1, w: 10, h: 10, z: 1 };
  const writes: Array<[string, Record<string, unknown>]> = [
    [BOARDS.panelEdit.path, { boardId, baseVersion: version, pageId, panelId, panel: { x: 5 } }],
    [BOARDS.panelCustomAdd.path, { boardId, baseVersion: version, pageId, panel: { type: 'alarmFeed', x: 0, y: 0, w: 10, h: 10 } }],
    [BOARDS.panelDelete.path, { boardId, baseVersion: version, pageId, panelIds: [panelId] }],
    [BOARDS.panelMove.path, { boardId, baseVersion: version, pageId, panelId, to: 'front' }],
    [BOARDS.pageAdd.path, { boardId, baseVersion: version, name: 'X' }],
    [BOARDS.pageEdit.path, { boardId, baseVersion: version, pageId, name: 'Y' }],
    [BOARDS.pageMove.path, { boardId, baseVersion: version, pageId, toIndex: 1 }],
    [BOARDS.pageDelete.path, { boardId, baseVersion: version, pageId }],
    [BOARDS.pageAddInitialize.path, { boardId, baseVersion: version, templateId: 'road-overview' }],
    [BOARDS.layoutUpdate.path, { boardId, baseVersion: version, items: [item] }],
    [BOARDS.boardEdit.path, { boardId, baseVersion: version, name: 'Z' }],
    [BOARDS.boardRelease.path, { boardId, baseVersion: version }],
    [BOARDS.boardRestore.path, { boardId, baseVersion: version, releaseNo: 1 }],
    [BOARDS.boardDelete.path, { boardId, baseVersion: version }],
  ];
  const reads: Array<[string, Record<string, unknown>]> = [
    [BOARDS.boardScreen.path, { boardId, released: true }],
    [BOARDS.panelList.path, { boardId }],
    [BOARDS.pageDetails.path, { boardId, pageId }],
    [BOARDS.layoutList.path, { boardId }],
    [BOARDS.boardHistory.path, { boardId }],
  ];
  return { writes, reads };
}

describe('every endpoint: authorisation, schema errors and stale writes change nothing', () => {
  let board: Board;
  beforeAll(async () => {
    board = await boardFromTemplate('tunnel-carousel');
    await ok(admin, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: 1 });
  });

  it('refuses the bridge user every call on a demo board or the demo project with FORBIDDEN and no data', async () => {
    const before = await stored(board.boardId);
    const { writes, reads } = calls(board, 1);
    const projectCalls: Array<[string, Record<string, unknown>]> = [
      [BOARDS.boardList.path, { projectId: demo }],
      [BOARDS.boardAdd.path, { projectId: demo, name: 'Mine now' }],
      [BOARDS.boardAddInitialize.path, { projectId: demo, templateId: 'tunnel-safety' }],
      [BOARDS.systemStyleDetails.path, { projectId: demo }],
      [BOARDS.systemStyleEdit.path, { projectId: demo, baseVersion: before.style ? Number(before.style.version) : 0, title: 'Mine' }],
    ];
    const ticket = await ticketFor(bridge, bridgeProject);
    for (const [route, body] of [...writes, ...reads, ...projectCalls]) {
      const r = await postWith(bridge, route, body, { [BOARD_TICKET_HEADER]: ticket });
      expect({ route, status: r.status, body: r.body }).toMatchObject({
        route,
        status: 403,
        body: { success: false, data: null, errorCode: 'FORBIDDEN' },
      });
    }
    expect(await stored(board.boardId)).toEqual(before);
    expect(await boardCount()).toBeGreaterThan(0);
  });

  it('answers a body that fails its schema with VALIDATION naming the field, changing nothing', async () => {
    const before = await stored(board.boardId);
    const { writes, reads } = calls(board, 1);
    for (const [route, body] of [...writes, ...reads]) {
      const { boardId: _, ...withoutBoard } = body;
      const r = await admin.post(route, withoutBoard);
      expect({ route, status: r.status, code: r.body.errorCode, message: r.body.errorMessage }).toEqual({
        route,
        status: 400,
        code: 'VALIDATION',
        message: 'boardId: required',
      });
    }
    for (const [route, body] of writes) {
      const r = await admin.post(route, { ...body, baseVersion: 'latest' });
      expect({ route, code: r.body.errorCode, message: r.body.errorMessage }).toMatchObject({ route, code: 'VALIDATION', message: expect.stringMatching(/^baseVersion: /) });
      const extra = await admin.post(route, { ...body, sneaky: true });
      expect({ route, code: extra.body.errorCode }).toEqual({ route, code: 'VALIDATION' });
    }
    const projectBodies: Array<[string, unknown]> = [
      [BOARDS.boardAdd.path, { name: 'No project' }],
      [BOARDS.boardAddInitialize.path, { projectId: demo }],
      [BOARDS.systemStyleDetails.path, {}],
      [BOARDS.systemStyleEdit.path, { projectId: demo, baseVersion: 0, theme: 'pink' }],
      [BOARDS.boardStandardList.path, { category: 7 }],
      [BOARDS.panelMove.path, { boardId: board.boardId, baseVersion: 1, pageId: 'p', panelId: 'x', to: 'sideways' }],
      [BOARDS.pageMove.path, { boardId: board.boardId, baseVersion: 1, pageId: 'p', toIndex: -1 }],
      [BOARDS.panelCustomAdd.path, { boardId: board.boardId, baseVersion: 1, pageId: 'p', panel: { type: 'alarmFeed', x: 0, y: 0, w: 0, h: 10 } }],
    ];
    for (const [route, body] of projectBodies) {
      const r = await admin.post(route, body);
      expect({ route, status: r.status, code: r.body.errorCode }).toEqual({ route, status: 400, code: 'VALIDATION' });
    }
    expect(await stored(board.boardId)).toEqual(before);
  });

  it('refuses every write based on an old version with CONFLICT and a reload message, changing nothing', async () => {
    await ok(admin, BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: 1, name: 'Now version 2' });
    const before = await stored(board.boardId);
    expect(before.row!.version).toBe(2);
    for (const [route, body] of calls(board, 1).writes) {
      const r = await admin.post(route, body);
      expect({ route, status: r.status, code: r.body.errorCode }).toEqual({ route, status: 409, code: 'CONFLICT' });
      expect(r.body.errorMessage).toMatch(STALE);
    }
    expect(await stored(board.boardId)).toEqual(before);
  });

  it('asks for a session on every call', async () => {
    const anonymous = new ApiClient(server.url);
    const { writes, reads } = calls(board, 2);
    for (const [route, body] of [...writes, ...reads, [BOARDS.boardStandardList.path, {}] as [string, Record<string, unknown>]]) {
      const r = await anonymous.post(route, body);
      expect({ route, code: r.body.errorCode }).toEqual({ route, code: 'UNAUTHENTICATED' });
    }
  });

  it('still serves the released snapshot and the draft afterwards', async () => {
    const released = await ok<BoardScreen>(admin, BOARDS.boardScreen.path, { boardId: board.boardId, released: true });
    expect(released).toMatchObject({ source: 'release', releaseNo: 1, version: 1 });
    expect(released.pages).toEqual(board.pages);
    expect((await ok<BoardScreen>(admin, BOARDS.boardScreen.path, { boardId: board.boardId })).name).toBe('Now version 2');
  });
});
