import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, AUTH, BOARD_TICKET_HEADER, BOARDS, type Board, type BoardListItem } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { E2E } from './global-setup';
import { logIn } from './session';

const projectId = DEMO_PROJECT.projectId;
/** Boards this spec made, deleted afterwards so the other specs see the demo project as seeded. */
const made: string[] = [];

/** Data of a call that must succeed. */
async function call<T>(request: APIRequestContext, route: string, data: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await request.post(route, { data, headers });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${route} failed: ${env.errorMessage}`);
  return env.data;
}

test.afterAll(async ({ request }) => {
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  for (const boardId of made) {
    const res = await request.post(BOARDS.boardScreen.path, { data: { boardId } });
    const env = (await res.json()) as { success: boolean; data: Board };
    if (env.success) await request.post(BOARDS.boardDelete.path, { data: { boardId, baseVersion: env.data.version } });
  }
});

test('kiosk mode shows the board without any chrome', async ({ page }) => {
  await page.goto('/#/dataV/viewBoard?boardId=demo-live&kiosk=1');
  await logIn(page);
  await expect(page.locator('[data-panel-type="towerCrane"]')).toBeVisible();
  await expect(page.locator('[data-kiosk="1"]')).toBeVisible();
  // No header strip: no connection indicator, no full screen button, no project name.
  await expect(page.locator('[data-connection]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Full screen' })).toHaveCount(0);
  await page.goto('/#/dataV/viewBoard?boardId=demo-live');
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
});

test('/pageManger lists the demo board with its total and opens its page view', async ({ page }) => {
  // Other specs may leave boards of their own: the total is whatever board/list says.
  await call(page.request, AUTH.login.path, { username: 'admin', password: E2E.adminPassword });
  const { board: boards } = await call<{ board: unknown[] }>(page.request, BOARDS.boardList.path, { projectId });
  await page.goto('/#/pageManger');
  await expect(page.getByText(`Total ${boards.length} items`)).toBeVisible();
  await page.locator('[data-board-id="demo-live"] > a').click();
  await expect(page).toHaveURL(/#\/pageManger\/pageView\?boardId=demo-live/);
  await expect(page.locator('[data-panel-type="gasTable"]')).toBeVisible();
  await page.goto('/#/pageManger/nothing');
  await expect(page.getByText('Sorry, the page you visited does not exist')).toBeVisible();
});

test('a two-page board in carousel mode switches pages by itself', async ({ page }) => {
  const request = page.request;
  await call(request, AUTH.login.path, { username: 'admin', password: E2E.adminPassword });
  const ticketRes = await request.get(`${BOARDS.ticketGet.path}?projectId=${projectId}`);
  const { ticket } = ((await ticketRes.json()) as { data: { ticket: string } }).data;
  const board = await call<Board>(
    request,
    BOARDS.boardAdd.path,
    { projectId, name: 'Carousel e2e', layout: { pageSwitchModel: 2, carouselIntervalS: 3 } },
    { [BOARD_TICKET_HEADER]: ticket },
  );
  made.push(board.boardId);
  const second = await call<{ version: number; page: { pageId: string } }>(request, BOARDS.pageAdd.path, { boardId: board.boardId, baseVersion: board.version, name: 'Second' });
  // Viewers see releases only (a board never released shows "Not released yet").
  await call(request, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: second.version });

  await page.goto(`/#/dataV/viewBoard?boardId=${board.boardId}`);
  // The pointer rests on the header, so the carousel is not paused by hovering the page.
  await page.mouse.move(5, 5);
  const first = board.pages[0].pageId;
  await expect(page.locator(`[data-page-id="${first}"]`)).toBeVisible();
  await expect(page.locator(`[data-page-id="${second.page.pageId}"]`)).toBeVisible({ timeout: 8000 });
  await expect(page.locator(`[data-page-id="${first}"]`)).toBeVisible({ timeout: 8000 });
});

test('the data-driven screen shows panels for the devices and saves them as a board', async ({ page }) => {
  await page.goto('/#/dataV/dataDriven');
  await logIn(page);
  for (const type of ['tunnelPersonnel', 'gasTable', 'alarmFeed', 'towerCrane']) {
    await expect(page.locator(`[data-panel-type="${type}"]`).first()).toBeVisible();
  }
  // The face-station trends do not fit on the first 1920 × 1080 page.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.locator('[data-panel-type="gasTrend"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save as board' }).click();
  await expect(page).toHaveURL(/#\/dataV\/create\?boardId=/, { timeout: 15_000 });
  const boardId = new URL(page.url().replace('/#/', '/')).searchParams.get('boardId') ?? '';
  made.push(boardId);
  const saved = await call<Board>(page.request, BOARDS.boardScreen.path, { boardId });
  expect(saved.name).toBe('Data-driven board');
  expect(saved.pages.flatMap((p) => p.panels).some((p) => p.type === 'towerCrane')).toBe(true);
});

test('?from=&to=&at= opens the board in replay, marked as such, with panels answered by the replay worker', async ({ page }) => {
  const toMs = Date.now();
  const atMs = toMs - 5_000;
  await page.goto(`/#/dataV/viewBoard?boardId=demo-live&from=${toMs - 60_000}&to=${toMs}&at=${atMs}`);
  await logIn(page);
  const beijing = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(atMs);
  await expect(page.locator('[data-replay-marker]')).toHaveText(`Replaying ${beijing}`);
  // The personnel map's text twin is written from a frame of the replay worker, once the history is loaded
  // (the hour of tracks before the range too; "Loading history…" ran past 5 s at a load of 10 on 2 cores).
  await expect(page.locator('[data-summary="personnel"]').first()).toHaveText(/people/, { timeout: 30_000 });
  // Live again without the range.
  await page.goto('/#/dataV/viewBoard?boardId=demo-live');
  await expect(page.locator('[data-panel-type="towerCrane"]')).toBeVisible();
  await expect(page.locator('[data-replay-marker]')).toHaveCount(0);
});

test('/ opens the builder for an editor and the live board for a viewer', async ({ page, browser, request, baseURL }) => {
  await page.goto('/#/');
  await logIn(page);
  await expect(page).toHaveURL(/#\/dataV\/create/);

  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  const username = `landing-viewer-${Date.now() % 100000}`;
  await call(request, ADMIN.userAdd.path, { username, displayName: 'Site visitor', password: 'visitor-pass-2026', temporary: false });
  await call(request, ADMIN.memberSet.path, { projectId, username, role: 'viewer' });
  const { board } = await call<{ board: BoardListItem[] }>(request, BOARDS.boardList.path, { projectId, dataRange: 2 });
  const released = board.find((b) => b.releaseNo !== null);
  expect(released, 'the demo project has a released board').toBeTruthy();

  const viewer = await browser.newContext({ baseURL });
  const viewerPage = await viewer.newPage();
  await viewerPage.goto('/#/');
  await logIn(viewerPage, username, 'visitor-pass-2026');
  await expect(viewerPage).toHaveURL(new RegExp(`#/dataV/viewBoard\\?boardId=${released!.boardId}`));
  await expect(viewerPage.getByText('Not released yet')).toHaveCount(0);
  await viewer.close();
});
