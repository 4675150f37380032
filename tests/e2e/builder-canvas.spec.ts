import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createFromTemplate, logIn, zoomTo } from './builderHelpers';

/** The labels of the top ruler, with their x on screen. */
async function topLabels(page: Page): Promise<Array<{ text: string; x: number }>> {
  return page
    .getByTestId('ruler-top')
    .locator('text')
    .evaluateAll((els) => els.filter((e) => e.closest('[data-testid="ruler-x-cursor"]') === null).map((e) => ({ text: e.textContent ?? '', x: e.getBoundingClientRect().left })));
}

test('the canvas has rulers that follow the zoom, live panels and a catalogue with thumbnails', async ({ page }) => {
  await page.goto('/#/dataV/create');
  await logIn(page);
  await createFromTemplate(page, `E2E canvas ${Date.now()}`);

  // Catalogue: every built-in panel type as a tile with its own picture.
  for (const type of ['gasTrend', 'gasTable', 'tunnelPersonnel', 'towerCrane', 'alarmFeed']) {
    await expect(page.locator(`[data-catalogue-type="${type}"] svg[data-thumbnail="${type}"]`)).toBeVisible();
  }
  // Searching narrows the catalogue to the crane panels: the tower crane is there, the gas table is not.
  const tiles = page.locator('[data-catalogue-type]');
  const all = await tiles.count();
  await page.getByLabel('Search panels').fill('crane');
  await expect(page.locator('[data-catalogue-type="towerCrane"]')).toBeVisible();
  await expect(page.locator('[data-catalogue-type="gasTable"]')).toHaveCount(0);
  expect(await tiles.count()).toBeLessThan(all);
  for (const text of await tiles.allTextContents()) expect(text.toLowerCase()).toContain('crane');
  await page.getByLabel('Search panels').fill('');

  // Live panels inside the boxes: the gas table's rows and the trend's uPlot canvas, as in the viewer.
  const table = page.locator('[data-testid="builder-panel"][data-content="live"] table tbody tr');
  await expect(table.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid="builder-panel"][data-content="live"] canvas').first()).toBeVisible({ timeout: 15_000 });

  // Rulers: labels in page px; at 100 % consecutive labels are 100 page px and 100 screen px apart.
  await expect(page.getByTestId('ruler-top')).toBeVisible();
  await expect(page.getByTestId('ruler-left')).toBeVisible();
  const fitted = await topLabels(page);
  expect(fitted.length).toBeGreaterThan(2);
  await zoomTo(page, '100 %');
  await expect(page.getByTestId('zoom')).toHaveText('100 %');
  await expect.poll(async () => (await topLabels(page)).map((l) => l.text).join(' ')).not.toBe(fitted.map((l) => l.text).join(' '));
  const full = await topLabels(page);
  const steps = full.slice(1).map((l, i) => [Number(l.text) - Number(full[i].text), Math.round(l.x - full[i].x)]);
  expect(steps.length).toBeGreaterThan(2);
  for (const s of steps) expect(s).toEqual([100, 100]);
  // At 100 % the label "0" sits on the page's left edge.
  const pageLeft = (await page.getByTestId('builder-page').boundingBox())!.x;
  const zero = full.find((l) => l.text === '0');
  if (zero) expect(Math.abs(zero.x - 3 - pageLeft)).toBeLessThanOrEqual(2);
  // The page's extent is marked on the ruler (the pasteboard around it is not).
  const pageBox = (await page.getByTestId('builder-page').boundingBox())!;
  const marked = (await page.getByTestId('ruler-x-page').boundingBox())!;
  expect(Math.abs(marked.x - pageBox.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(marked.x + marked.width - (pageBox.x + pageBox.width))).toBeLessThanOrEqual(1);

  // Selecting a panel marks its extent on both rulers.
  await zoomTo(page, 'Fit');
  await expect(page.getByTestId('ruler-x-selection')).toHaveCount(0);
  const box = (await page.getByTestId('builder-panel').nth(2).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.7);
  await expect(page.getByTestId('ruler-x-selection')).toBeVisible();
  await expect(page.getByTestId('ruler-y-selection')).toBeVisible();
  const band = (await page.getByTestId('ruler-x-selection').boundingBox())!;
  const selected = (await page.locator('[data-testid="builder-panel"][aria-selected="true"]').boundingBox())!;
  expect(Math.abs(band.x - selected.x)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(band.width - selected.width)).toBeLessThanOrEqual(1.5);
});
