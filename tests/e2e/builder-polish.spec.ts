import { expect, test } from './fixtures';
import { createFromTemplate, logIn, panels, props, saved, visiblePoint } from './builderHelpers';

/** x, y, w, h of every panel on the canvas, from the boxes on screen (page px are not needed to test overlap). */
async function boxes(page: import('@playwright/test').Page) {
  return panels(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
}

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

test('release with a note shows the change summary, and the state goes from "Live with unpublished changes" to "Live"', async ({ page }) => {
  await page.goto('/#/dataV/create');
  await logIn(page);
  await createFromTemplate(page, `E2E release ${Date.now()}`);
  const badge = page.getByTestId('release-state');
  await expect(badge).toHaveText('Draft only');

  // First release: everything is new.
  await page.getByRole('button', { name: 'Release…', exact: true }).click();
  const dialog = page.getByTestId('release-dialog');
  await expect(dialog.getByTestId('release-summary')).toContainText('6 panels added');
  await dialog.getByRole('button', { name: 'Release now' }).click();
  await expect(badge).toHaveText('Live');

  // Move one panel and add one: the badge says so, and the dialog names both changes.
  const pt = await visiblePoint(page, 2);
  await page.mouse.click(pt.x, pt.y);
  await expect(props(page)).toBeVisible();
  await page.keyboard.press('Shift+ArrowRight');
  await page.locator('[data-catalogue-type="alarmFeed"]').click();
  await expect(badge).toHaveText('Live with unpublished changes');
  await expect(badge).toHaveAttribute('data-state', 'changed');
  await saved(page);
  await page.getByRole('button', { name: 'Release…', exact: true }).click();
  await expect(dialog.getByTestId('release-summary')).toContainText('Against live release 1:');
  await expect(dialog.getByTestId('release-summary')).toContainText('1 panel added');
  await expect(dialog.getByTestId('release-summary')).toContainText('1 panel moved');
  await expect(dialog.locator('[data-kind="panelAdded"]')).toHaveCount(1);
  await expect(dialog.locator('[data-kind="panelMoved"]')).toHaveCount(1);
  // Before/after thumbnails mark the new panel (after only) and the moved one (both).
  await expect(dialog.getByRole('img', { name: 'After release' }).locator('rect[data-mark="added"]')).toHaveCount(1);
  await expect(dialog.getByRole('img', { name: 'Live now' }).locator('rect[data-mark="changed"]')).toHaveCount(1);
  await dialog.getByLabel('Release note').fill('Moved the crane, added the alarm feed');
  await page.screenshot({ path: 'test-results/release-dialog.png' });
  await dialog.getByRole('button', { name: 'Release now' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(badge).toHaveText('Live');

  // The note is kept with the release; the board list agrees on the state.
  await page.getByRole('button', { name: 'Version history…' }).click();
  await expect(page.getByTestId('release-history')).toContainText('Moved the crane, added the alarm feed');
  await page.keyboard.press('Escape');
  await page.goto('/#/pageManger');
  await expect(page.locator('li', { hasText: 'E2E release' }).getByTestId('release-state')).toHaveText('Live');
});

test('a panel added from the catalogue lands in free space; ten nudges undo in one step; Esc closes the shortcut sheet', async ({ page }) => {
  await page.goto('/#/dataV/create');
  await logIn(page);
  await createFromTemplate(page, `E2E polish ${Date.now()}`);
  await page.getByRole('button', { name: 'Add page' }).click();
  await expect(panels(page)).toHaveCount(0);

  // Three clicks on catalogue tiles: three panels, none on top of another.
  for (const type of ['gasTable', 'alarmFeed', 'towerCrane']) await page.locator(`[data-catalogue-type="${type}"]`).click();
  await expect(panels(page)).toHaveCount(3);
  const placed = await boxes(page);
  for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i], placed[j]), `panels ${i} and ${j} overlap`).toBe(false);

  // Layer rows tell panels apart (type and size or bound device) and rename in place.
  await page.keyboard.press('Escape');
  const rows = page.getByTestId('layer-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId('layer-detail')).toHaveText(/^\d+×\d+$/);
  await rows.first().getByRole('button', { name: 'Rename Tower crane' }).click();
  await page.getByLabel('Panel name').fill('Crane by the portal');
  await page.keyboard.press('Enter');
  await expect(rows.first().getByTestId('layer-name')).toHaveText('Crane by the portal');
  await expect(rows.first().getByTestId('layer-detail')).toHaveText(/^Tower crane · \d+×\d+$/);

  // Ten arrow-key nudges: one undo step takes them all back.
  const pt = await visiblePoint(page, 0);
  await page.mouse.click(pt.x, pt.y);
  const x0 = Number(await props(page).getByLabel('x', { exact: true }).inputValue());
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(props(page).getByLabel('x', { exact: true })).toHaveValue(String(x0 + 10));
  await page.keyboard.press('Control+z');
  await expect(props(page).getByLabel('x', { exact: true })).toHaveValue(String(x0));
  await expect(panels(page)).toHaveCount(3); // the undo did not also take back the added panels

  // The shortcut sheet opens with ? and closes with Esc, leaving the selection alone.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(props(page)).toBeVisible();
});
