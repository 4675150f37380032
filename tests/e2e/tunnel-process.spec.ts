import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { logIn, publishAsDevice } from './session';
import { smallTexts } from './smallTexts';

/**
 * The tunnel process screen (docs/domain.md "Drill-and-blast cycle"): each heading's stage with how it was
 * identified (the demo's tablets report three headings at start), rounds reported for RK-E in the process
 * record table with their detail and the .xlsx export, text at 12 px or more at 1366×768.
 * PROCESS_SCREENSHOTS=1 also writes docs/tunnel-process-{1366,1920,3840}.png.
 */
const SHOTS = !!process.env.PROCESS_SCREENSHOTS;
const H = 3_600_000;

test('the tunnel process screen shows the stages, the rounds with their detail, and exports them', async ({ page }) => {
  await page.goto('/#/tunnel/process');
  await logIn(page);
  // the simulated foremen's tablets report their heading's stage as the simulator starts
  await expect(page.locator('[data-heading-stage="LK-E"] [data-stage-source="reported"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-heading-stage="LK-E"] [data-current-stage]')).toHaveText(/Drilling|Charging|Blasting|Ventilation|Scaling|Mucking|Initial support|Idle/);

  // two rounds of RK-E (no tablet in the demo) reported by a foreman a day and more ago
  const t0 = Date.now() - 30 * H;
  const stages: Array<[string, number]> = [['drilling', 2], ['charging', 1], ['blasting', 0.25], ['ventilation', 0.5], ['scaling', 0.75], ['mucking', 2], ['support', 3], ['idle', 1]];
  let t = t0;
  for (let round = 0; round < 2; round++) {
    for (const [stage, hours] of stages) {
      await publishAsDevice(page.request, 'demo-tunnel', 'zhgd/demo-tunnel/cycleStage/PRC-LK-E/telemetry', { ts: t, headingId: 'RK-E', stage, editor: 'Foreman Zhao', ...(stage === 'support' && round === 0 ? { advanceM: 0.9 } : {}) });
      t += hours * H;
    }
  }
  await publishAsDevice(page.request, 'demo-tunnel', 'zhgd/demo-tunnel/cycleStage/PRC-LK-E/telemetry', { ts: t, headingId: 'RK-E', stage: 'drilling' });
  await page.reload();

  const records = page.locator('[data-process-records]');
  await expect(records.locator('[data-total]')).toHaveText('2 records in all', { timeout: 10_000 });
  await expect(records.locator('tr[data-record]')).toHaveCount(2);
  await expect(records.locator('tr[data-record]').nth(1)).toContainText('0.90 m');
  await expect(records.locator('tr[data-record]').first().locator('[data-footage="nominal"]')).toContainText('nominal');
  await records.locator('tr[data-record]').first().getByRole('button', { name: 'Detail' }).click();
  await expect(records.locator('tr[data-record-detail] li')).toHaveCount(8);
  await expect(records.locator('tr[data-record-detail]')).toContainText('Initial support');
  await expect(page.locator('[data-heading-stage="RK-E"] [data-stage-source="reported"]')).toBeVisible();

  const download = page.waitForEvent('download');
  await records.getByRole('button', { name: 'Export .xlsx' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await (await download).path())!);
  const sheet = book.worksheets[0];
  expect(sheet.rowCount).toBe(3);
  expect(String(sheet.getRow(1).getCell(12).value)).toBe('Footage (m)');

  // the averages see the two rounds of 10.5 h
  await expect(page.locator('[data-cycle-averages] [data-window="excavation-3"] [data-avg-cycle]')).toHaveText('10.5 h');

  for (const [w, h] of [[1366, 768], [1920, 1080], [3840, 2160]] as const) {
    await page.setViewportSize({ width: w, height: h });
    if (w === 1366) expect(await smallTexts(page, 12)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `docs/tunnel-process-${w}.png`, fullPage: w !== 3840 });
  }
});
