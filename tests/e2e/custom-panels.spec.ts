import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { AUTH, BOARD_TICKET_HEADER, BOARDS, CUSTOM_PANELS, type Board, type CustomPanelTypeList } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { E2E } from './global-setup';

const projectId = DEMO_PROJECT.projectId;
/** The board this spec made, deleted afterwards so the other specs see the demo project as seeded. */
let made: { boardId: string; version: number } | null = null;

/** Data of a call that must succeed. */
async function call<T>(request: APIRequestContext, route: string, data: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await request.post(route, { data, headers });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${route} failed: ${env.errorMessage}`);
  return env.data;
}

test('custom panel modules registered per project render on a board; a throwing one stays in its panel', async ({ page }) => {
  const request = page.request;
  await call(request, AUTH.login.path, { username: 'admin', password: E2E.adminPassword });

  // The administrator registers both example modules for the demo project.
  await call(request, CUSTOM_PANELS.typeAdd.path, { projectId, type: 'exampleClock', title: 'Example clock', moduleUrl: '/custom-panels/example-clock.js', defaultSize: { w: 380, h: 200 } });
  const types = await call<CustomPanelTypeList>(request, CUSTOM_PANELS.typeAdd.path, { projectId, type: 'exampleThrows', title: 'Example throws', moduleUrl: '/custom-panels/example-throws.js' });
  expect(types.types.map((t) => t.type)).toEqual(['exampleClock', 'exampleThrows']);

  // A new board with the two custom panels next to a built-in one.
  const ticketRes = await request.get(`${BOARDS.ticketGet.path}?projectId=${projectId}`);
  const { ticket } = ((await ticketRes.json()) as { data: { ticket: string } }).data;
  const board = await call<Board>(request, BOARDS.boardAdd.path, { projectId, name: 'Custom panels e2e' }, { [BOARD_TICKET_HEADER]: ticket });
  const pageId = board.pages[0].pageId;
  let version = board.version;
  for (const panel of [
    { type: 'exampleClock', x: 0, y: 0, w: 380, h: 200, config: { label: 'Beijing time' } },
    { type: 'exampleThrows', x: 400, y: 0, w: 380, h: 200 },
    { type: 'alarmFeed', x: 0, y: 220, w: 780, h: 360 },
  ]) {
    const written = await call<{ version: number }>(request, BOARDS.panelCustomAdd.path, { boardId: board.boardId, baseVersion: version, pageId, panel });
    version = written.version;
  }
  made = { boardId: board.boardId, version };

  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`/#/dataV/preview?boardId=${board.boardId}&proId=${projectId}`);

  // The clock renders with the app's React from window.SiteBoard, ticks, and names the project.
  const clock = page.locator('[data-panel-type="exampleClock"]');
  const time = clock.locator('[data-clock-time]');
  await expect(time).toHaveText(/^\d\d:\d\d:\d\d$/, { timeout: 20_000 });
  const first = await time.textContent();
  await expect(time).not.toHaveText(first ?? '', { timeout: 5_000 });
  await expect(clock.locator('[data-clock-project]')).toHaveText(DEMO_PROJECT.name);
  await expect(clock).toContainText('Example clock');

  // The throwing module is contained in its panel, named, logged and reported as a notice.
  const broken = page.locator('[data-panel-type="exampleThrows"]');
  await expect(broken).toContainText('This panel failed: Example throws: example-throws: this panel always fails');
  await expect(page.getByText('Example throws: example-throws: this panel always fails').first()).toBeVisible();
  expect(errors.some((e) => e.includes('example-throws: this panel always fails'))).toBe(true);

  // The rest of the board still works.
  await expect(page.getByRole('region', { name: 'Alarms' })).toBeVisible();
  await expect(time).not.toHaveText(first ?? '');
});

test('a built-in panel whose chunk fails shows an error naming it, and Retry loads it', async ({ page }) => {
  await call(page.request, AUTH.login.path, { username: 'admin', password: E2E.adminPassword });
  const chunk = /\/assets\/GasTrendPanel-[^/]*\.js$/;
  await page.route(chunk, (route) => route.abort('failed'));
  await page.goto('/#/dataV/viewBoard?boardId=demo-live');

  const trend = page.locator('[data-panel-type="gasTrend"]');
  const error = trend.locator('[data-chunk-error="GasTrendPanel"]');
  await expect(error).toContainText('GasTrendPanel');
  // The other panels are not affected.
  await expect(page.getByRole('region', { name: 'Alarms' })).toBeVisible();

  await page.unroute(chunk);
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(trend.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(error).toHaveCount(0);
});

test.afterAll(async ({ request }) => {
  // Leave the demo project as the other specs expect it.
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  await request.post(CUSTOM_PANELS.typeDelete.path, { data: { projectId, types: ['exampleClock', 'exampleThrows'] } });
  if (made) await request.post(BOARDS.boardDelete.path, { data: { boardId: made.boardId, baseVersion: made.version } });
});
