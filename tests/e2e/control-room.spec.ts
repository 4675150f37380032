import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { ALARMS, AUTH, BOARD_TICKET_HEADER, BOARDS, type AlarmPage, type AlarmRecord, type Board } from '../../protocol';
import { DEMO_DEVICES, DEMO_PROJECT } from '../../server/seed/demoProject';
import { E2E } from './global-setup';
import { publishAsDevice } from './session';

/**
 * The control room (issue "control room for safety officers"): an SOS injected over MQTT reaches a wall
 * screen on a page without an alarm panel within 1 s, the carousel brings up the person's page and holds
 * it, the officer acknowledges it on the screen and handles it in the alarm center, and the alarm center's
 * export is a real .xlsx read back here with exceljs.
 */

const projectId = DEMO_PROJECT.projectId;
/** A beacon of the demo fleet; the simulator keeps publishing `sos: false` for it, which must not clear the SOS. */
const PERSON = DEMO_DEVICES.find((d) => d.kind === 'beacon')!;
const made: string[] = [];

async function call<T>(request: APIRequestContext, route: string, data: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await request.post(route, { data, headers });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${route} failed: ${env.errorMessage}`);
  return env.data;
}

async function openSos(request: APIRequestContext): Promise<AlarmRecord[]> {
  const page = await call<AlarmPage>(request, ALARMS.alarmList.path, { projectId, deviceSn: PERSON.sn, kind: 'sos', dealStatus: 0, page: 1, pageSize: 10 });
  return page.list as AlarmRecord[];
}

async function logIn(page: Page): Promise<void> {
  await call(page.request, AUTH.login.path, { username: 'admin', password: E2E.adminPassword });
}

test.afterAll(async ({ request }) => {
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  for (const boardId of made) {
    const res = await request.post(BOARDS.boardScreen.path, { data: { boardId } });
    const env = (await res.json()) as { success: boolean; data: Board };
    if (env.success) await request.post(BOARDS.boardDelete.path, { data: { boardId, baseVersion: env.data.version } });
  }
});

test('an SOS over MQTT: banner within 1 s on a page without an alarm panel, the carousel holds the person, acknowledge, handle, export', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page);
  const request = page.request;
  // Nothing of this person may be open from an earlier run of the same server.
  for (const a of await openSos(request)) await call(request, ALARMS.alarmDeal.path, { alarmId: a.alarmId, dealStatus: 2, dealRemark: 'left over from an earlier run' });

  // A two-page carousel (gas, then personnel) that would not turn by itself during the test.
  const ticketRes = await request.get(`${BOARDS.ticketGet.path}?projectId=${projectId}`);
  const { ticket } = ((await ticketRes.json()) as { data: { ticket: string } }).data;
  const board = await call<Board>(request, BOARDS.boardAddInitialize.path, { projectId, templateId: 'tunnel-carousel', name: 'Control room e2e' }, { [BOARD_TICKET_HEADER]: ticket });
  made.push(board.boardId);
  const edited = await call<Board>(request, BOARDS.boardEdit.path, { boardId: board.boardId, baseVersion: board.version, layout: { carouselIntervalS: 3600 } });
  await call(request, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: edited.version });
  const personnelPage = board.pages.find((p) => p.panels.some((x) => x.type === 'tunnelPersonnel'))!;
  const gasPage = board.pages.find((p) => !p.panels.some((x) => x.type === 'tunnelPersonnel' || x.type === 'alarmFeed'))!;
  expect(gasPage, 'the template has a page without an alarm panel').toBeTruthy();

  await page.goto(`/#/dataV/viewBoard?boardId=${board.boardId}&pageId=${gasPage.pageId}`);
  await expect(page.locator(`[data-page-id="${gasPage.pageId}"]`)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-panel-type="gasTable"]').first()).toBeVisible();
  await expect(page.locator('[data-panel-type="alarmFeed"]')).toHaveCount(0);
  // The pointer rests on the header: a carousel is not paused by hovering the page.
  await page.mouse.move(5, 5);
  // Sound is off by default and says so; a click enables it and the state is visible.
  const sound = page.locator('header [data-sound]');
  await expect(sound).toHaveAttribute('data-sound', 'off');
  await sound.click();
  await expect(sound).toHaveAttribute('data-sound', 'on');

  const banner = page.locator('[data-alarm-banner]');
  const started = Date.now();
  await publishAsDevice(request, projectId, `zhgd/${projectId}/beacon/${PERSON.sn}/telemetry`, { ts: Date.now(), tunnelId: PERSON.tunnelId, chainageM: 420, battery: 80, sos: true });
  await expect(banner.filter({ hasText: PERSON.name })).toBeVisible({ timeout: 1_000 });
  const latencyMs = Date.now() - started;
  testInfo.annotations.push({ type: 'SOS latency', description: `${latencyMs} ms from MQTT publish to the banner` });
  await expect(banner).toHaveAttribute('data-worst-kind', 'sos');
  await expect(banner).toContainText('SOS');
  await expect(banner).not.toContainText('SOS SOS');
  // the header takes the alarm colour
  await expect(page.locator('header[data-alarm-level="alarm"]')).toBeVisible();

  // The carousel brings up the person's page and holds it.
  await expect(page.locator(`[data-page-id="${personnelPage.pageId}"]`)).toBeVisible({ timeout: 5_000 });
  const sos = (await openSos(request))[0];
  expect(sos).toBeTruthy();
  await expect(banner).toHaveAttribute('data-worst-alarm-id', String(sos.alarmId));

  // The simulator goes on publishing `sos: false` for this beacon: an SOS never clears by itself.
  await page.waitForTimeout(2_500);
  expect((await openSos(request))[0]).toMatchObject({ alarmId: sos.alarmId, state: 'active', dealStatus: 0 });
  await expect(page.locator(`[data-page-id="${personnelPage.pageId}"]`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sos-banner.png') });

  // Acknowledge on the wall screen: stored with who and when; the banner stays until it is handled.
  await banner.locator('[data-banner-ack]').click();
  await expect.poll(async () => (await openSos(request))[0]?.ackedBy ?? null, { timeout: 5_000 }).toBe('admin');
  await expect(banner.filter({ hasText: PERSON.name })).toBeVisible();

  // Handle it in the alarm center, found by the person's beacon.
  await page.goto('/#/alarmCenter');
  await page.getByLabel('Device SN').fill(PERSON.sn);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.locator(`tr[data-alarm-id="${sos.alarmId}"]`);
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText('SOS');

  // A custom range (Beijing time) around the SOS finds it; one long before does not.
  const rangeMenu = page.getByRole('combobox', { name: 'Time range' });
  await rangeMenu.click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(row).toBeVisible();
  await page.getByLabel('From (Beijing time)').fill('2025-01-01T00:00');
  await page.getByLabel('To (Beijing time)').fill('2025-01-02T00:00');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(row).toHaveCount(0);
  await rangeMenu.click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(row).toBeVisible();

  // The export of the filtered list is a real workbook with this alarm in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .xlsx' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = testInfo.outputPath('alarms.xlsx');
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  const bytes = readFileSync(file);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.worksheets[0];
  const cells = (n: number) => (sheet.getRow(n).values as unknown[]).map((v) => String(v ?? ''));
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => cells(i + 2));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.includes(PERSON.sn))).toBe(true);
  expect(rows.some((r) => r.includes(String(sos.alarmId)))).toBe(true);

  await row.getByRole('button', { name: 'Handle' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Preset remarks' }).click();
  await page.getByRole('option', { name: 'Worker found safe, button pressed by mistake' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(async () => (await openSos(request)).length, { timeout: 5_000 }).toBe(0);

  // Handling clears: back on the wall screen the SOS banner is gone.
  await page.goto(`/#/dataV/viewBoard?boardId=${board.boardId}`);
  await expect(page.locator('[data-panel-type="tunnelPersonnel"], [data-panel-type="gasTable"]').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator(`[data-alarm-banner][data-worst-alarm-id="${sos.alarmId}"]`)).toHaveCount(0);
});
