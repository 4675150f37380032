import ExcelJS from 'exceljs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AUTH, BOARD_TICKET_HEADER, BOARDS, type Board } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { E2E } from './global-setup';
import { logIn, publishAsDevice, shellLink } from './session';

/**
 * Labour attendance in the browser (docs/api.md "Labour attendance"): the attendance screen with the live
 * labour count from the simulated gates and beacons, a discrepancy caused over MQTT, the cooperating
 * companies and their modal, today's sheet and its .xlsx export; the labour count and company attendance
 * panels on a board made from the attendance template. ATTENDANCE_SCREENSHOTS=1 also writes
 * docs/screenshots/attendance-*.png at 1366×768, 1920×1080 and 3840×2160.
 */
const projectId = DEMO_PROJECT.projectId;
const SHOTS = !!process.env.ATTENDANCE_SCREENSHOTS;
const COMPANY = 'Yunling Tunnel Engineering Co.';
const made: string[] = [];

async function call<T>(request: APIRequestContext, route: string, data: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await request.post(route, { data, headers });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${route} failed: ${env.errorMessage}`);
  return env.data;
}

async function shoot(page: Page, name: string, sizes: Array<[number, number]>): Promise<void> {
  if (!SHOTS) return;
  for (const [w, h] of sizes) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `docs/screenshots/${name}-${w}x${h}.png` });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
}

test.afterAll(async ({ request }) => {
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  for (const boardId of made) {
    const res = await request.post(BOARDS.boardScreen.path, { data: { boardId } });
    const env = (await res.json()) as { success: boolean; data: Board };
    if (env.success) await request.post(BOARDS.boardDelete.path, { data: { boardId, baseVersion: env.data.version } });
  }
});

test('the attendance screen: gates beside beacons, a discrepancy, the company modal, the sheet and its export', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/attendance');
  await logIn(page);
  // the shell links here (folded into "More pages" when the header is crowded)
  await expect(await shellLink(page, 'Attendance')).toBeVisible();
  await page.keyboard.press('Escape');
  // the simulator's gates have passed the crew at work into the site and the bores
  const onSite = page.locator('[data-labour-figure="onSite"] span').first();
  await expect(onSite).toHaveText(/^[1-9]\d*$/, { timeout: 20_000 });
  await expect(page.locator('[data-bore-count="LK"] [data-by-gates]')).toHaveText(/^[1-9]\d*$/);
  await expect(page.locator('[data-bore-count="LK"] [data-by-beacons]')).toHaveText(/^\d+$/);

  // a beacon in the right bore whose wearer never passed its portal gate: a discrepancy, in words
  await publishAsDevice(page.request, projectId, `zhgd/${projectId}/beacon/BC0199/telemetry`, { ts: Date.now(), tunnelId: 'RK', chainageM: 600, battery: 77, sos: false });
  await publishAsDevice(page.request, projectId, `zhgd/${projectId}/gate/GATE-SITE/telemetry`, { ts: Date.now(), personId: 'P-BC0199', direction: 'out', passId: 'e2e-out-1' });
  await publishAsDevice(page.request, projectId, `zhgd/${projectId}/beacon/BC0199/telemetry`, { ts: Date.now(), tunnelId: 'RK', chainageM: 601, battery: 77, sos: false });
  await expect(page.locator('[data-discrepancy="P-BC0199"]')).toContainText('Beacon in the bore, no gate entry', { timeout: 25_000 });

  // the cooperating companies; a row opens the company's modal with its teams and shifts
  await expect(page.locator('[data-company]')).toHaveCount(4);
  await shoot(page, 'attendance', [
    [1366, 768],
    [1920, 1080],
    [3840, 2160],
  ]);
  await page.locator(`[data-company="${COMPANY}"]`).click();
  const modal = page.locator(`[data-company-modal="${COMPANY}"]`);
  await expect(modal).toBeVisible();
  await expect(modal.locator('[data-team]')).toHaveCount(6);
  await expect(modal.locator('[data-team="Drilling night team"]')).toContainText('19:00–07:00');
  await expect(modal).toContainText('Labour subcontractor');
  await shoot(page, 'attendance-company', [[1920, 1080]]);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);

  // today's sheet: every registered person, filtered by company, exported as .xlsx
  await expect(page.locator('[data-attendance-total]')).toHaveText('200 people');
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: COMPANY }).click();
  await expect(page.locator('[data-attendance-total]')).not.toHaveText('200 people');
  const shown = await page.locator('[data-attendance-row]').count();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .xlsx' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await (await download).path())!);
  const sheet = book.getWorksheet('Attendance')!;
  expect(sheet.rowCount - 1).toBe(shown);
  sheet.eachRow((row, i) => i > 1 && expect(row.getCell(3).value).toBe(COMPANY));
});

test('the attendance template: labour count and company attendance panels, the modal from a panel', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/attendance');
  await logIn(page);
  await expect(page.locator('[data-labour-count]')).toBeVisible({ timeout: 20_000 });
  const request = page.request;
  const ticketRes = await request.get(`${BOARDS.ticketGet.path}?projectId=${projectId}`);
  const { ticket } = ((await ticketRes.json()) as { data: { ticket: string } }).data;
  const board = await call<Board>(request, BOARDS.boardAddInitialize.path, { projectId, templateId: 'tunnel-attendance', name: 'Attendance e2e' }, { [BOARD_TICKET_HEADER]: ticket });
  made.push(board.boardId);
  await call(request, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: board.version });

  await page.goto(`/#/dataV/viewBoard?boardId=${board.boardId}`);
  const count = page.locator('[data-panel-type="labourCount"]');
  await expect(count.locator('[data-labour-figure="onSite"] span').first()).toHaveText(/^[1-9]\d*$/, { timeout: 20_000 });
  await expect(count.locator('[data-bore-count]')).toHaveCount(2);
  const companies = page.locator('[data-panel-type="companyAttendance"]');
  await expect(companies.locator('[data-company]')).toHaveCount(4);
  await expect(page.locator('[data-panel-type="tunnelPersonnel"]')).toBeVisible();
  await shoot(page, 'attendance-board', [
    [1366, 768],
    [1920, 1080],
    [3840, 2160],
  ]);
  await companies.locator('[data-company="Hengtai Earthworks Ltd."]').click();
  const modal = page.locator('[data-company-modal="Hengtai Earthworks Ltd."]');
  await expect(modal).toBeVisible();
  await expect(modal.locator('[data-team]')).toHaveCount(2);
  await expect(modal).toContainText('Specialist subcontractor');
});
