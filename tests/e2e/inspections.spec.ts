import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { INSPECTIONS, type InspectionStatis } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { logIn, shellLink } from './session';

/**
 * Quality and safety inspections in the browser (docs/api.md "Inspections"): the inspections screen with
 * the seeded demo's open and overdue counts per company, the list filtered to the overdue ones, and its
 * .xlsx export; then the emergency screen's registers. REGISTER_SCREENSHOTS=1 also writes
 * docs/screenshots/inspections-1920x1080.png and emergency-1920x1080.png.
 */
const projectId = DEMO_PROJECT.projectId;
const SHOTS = !!process.env.REGISTER_SCREENSHOTS;

test('the inspections screen: overdue per company, the overdue filter and the export; the emergency registers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/inspections');
  await logIn(page);
  // the shell links the screen (in the header, or its menu when the header folds its links)
  await expect(await shellLink(page, 'Inspections')).toBeVisible();
  await page.keyboard.press('Escape');

  const safety = (await (await page.request.post(INSPECTIONS.safetyStatis.path, { data: { projectId } })).json()) as { data: InspectionStatis };
  await expect(page.locator('[data-statis="safety"] [data-overdue]')).toHaveText(String(safety.data.overdue));
  expect(safety.data.overdue).toBeGreaterThan(0);
  const rows = page.locator('[data-inspection]');
  await expect(rows).toHaveCount(8);
  if (SHOTS) await page.screenshot({ path: 'docs/screenshots/inspections-1920x1080.png' });

  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Overdue' }).click();
  await expect(page.locator('[data-inspection-total]')).not.toHaveText('8 inspections');
  const overdue = await rows.count();
  expect(overdue).toBeGreaterThan(0);
  await expect(page.locator('[data-inspection] [data-overdue="true"]')).toHaveCount(overdue);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .xlsx' }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  expect(book.worksheets[0].rowCount).toBe(1 + overdue);

  await page.getByRole('link', { name: 'Emergency' }).first().click();
  await expect(page.locator('[data-emergency-register="riskSource"] [data-level="major"]').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Supply points' }).click();
  await expect(page.locator('[data-emergency-register="supplyPoint"] [data-emergency-record]')).toHaveCount(8);
  await expect(page.locator('[data-emergency-register="supplyPoint"]')).toContainText('K13+150');
  await page.getByRole('tab', { name: 'Risk sources' }).click();
  await expect(page.locator('[data-emergency-register="riskSource"]')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: 'docs/screenshots/emergency-1920x1080.png' });
});
