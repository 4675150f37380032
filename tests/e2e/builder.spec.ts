import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createFromTemplate, logIn, panels, props, saved, visiblePoint } from './builderHelpers';

/** Selects only panel `i` and reads x, y, w, h from the property pane. */
async function geometry(page: Page, i: number): Promise<{ x: number; y: number; w: number; h: number }> {
  await page.keyboard.press('Escape');
  const pt = await visiblePoint(page, i);
  await page.mouse.click(pt.x, pt.y);
  await expect(props(page)).toBeVisible();
  const read = async (l: string) => Number(await props(page).getByLabel(l, { exact: true }).inputValue());
  return { x: await read('x'), y: await read('y'), w: await read('w'), h: await read('h') };
}

async function zoomOf(page: Page): Promise<number> {
  return Number((await page.getByTestId('zoom').textContent())!.replace(/[^\d.]/g, '')) / 100;
}


test('build a board: template, page, drag, snap, undo, align, reload, release, import', async ({ page, context }) => {
  await page.goto('/#/dataV/create');
  await logIn(page);
  const boardId = await createFromTemplate(page, `E2E builder ${Date.now()}`);
  const livePanels = await panels(page).count();
  expect(livePanels).toBe(6);

  // A new empty page.
  await page.getByRole('button', { name: 'Add page' }).click();
  await expect(page.getByTestId('pages-list').locator('li')).toHaveCount(2);
  await expect(panels(page)).toHaveCount(0);

  // Drag a panel type from the catalogue onto the canvas, and click-add another one at the centre.
  const canvas = page.getByTestId('builder-page');
  await page.locator('[data-catalogue-type="gasTable"]').dragTo(canvas, { targetPosition: { x: 200, y: 150 } });
  await expect(panels(page)).toHaveCount(1);
  await page.locator('[data-catalogue-type="alarmFeed"]').click();
  await expect(panels(page)).toHaveCount(2);

  const a0 = await geometry(page, 0);
  const b0 = await geometry(page, 1);
  const zoom = await zoomOf(page);

  // Move A so that its left edge lands 3 page px right of B's: it snaps onto B's edge, with a guide.
  await geometry(page, 0);
  const { x: startX, y: startY } = await visiblePoint(page, 0);
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  const dx = (b0.x + 3 - a0.x) * zoom;
  await page.mouse.move(startX + dx / 2, startY - 40, { steps: 3 });
  await page.mouse.move(startX + dx, startY - 40, { steps: 3 });
  await expect(page.getByTestId('snap-guide').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/builder.png' });
  await page.mouse.up();
  await expect(page.getByTestId('snap-guide')).toHaveCount(0);
  const a1 = await geometry(page, 0);
  expect(a1.x).toBe(b0.x);

  // Resize A by its south-east handle: the new size snaps (grid or an edge) and undo/redo restore it.
  const se = page.getByTestId('handle-se');
  const hb = (await se.boundingBox())!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + 57, hb.y + 33, { steps: 4 });
  await page.mouse.up();
  const a2 = await geometry(page, 0);
  expect(a2.w).toBeGreaterThan(a1.w);
  expect(a2.x).toBe(a1.x);
  await page.keyboard.press('Control+z');
  expect((await geometry(page, 0)).w).toBe(a1.w);
  await page.keyboard.press('Control+Shift+z');
  expect((await geometry(page, 0)).w).toBe(a2.w);

  // Multi-select (click, Shift+click) and align tops.
  await page.keyboard.press('Escape');
  const pa = await visiblePoint(page, 0);
  const pb = await visiblePoint(page, 1);
  await page.mouse.click(pa.x, pa.y);
  await page.keyboard.down('Shift');
  await page.mouse.click(pb.x, pb.y);
  await page.keyboard.up('Shift');
  await page.getByRole('button', { name: 'Align top' }).click();
  const top = Math.min(a2.y, b0.y);
  expect((await geometry(page, 0)).y).toBe(top);
  expect((await geometry(page, 1)).y).toBe(top);
  const before = [await geometry(page, 0), await geometry(page, 1)];
  await saved(page);

  // Reload: the page and its panels are as left.
  await page.reload();
  await page.getByTestId('pages-list').getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(panels(page)).toHaveCount(2);
  expect([await geometry(page, 0), await geometry(page, 1)]).toEqual(before);

  // Release; viewers see the release, and a later draft edit stays out of the viewer.
  await page.getByRole('button', { name: 'Release…', exact: true }).click();
  await page.getByTestId('release-dialog').getByRole('button', { name: 'Release now' }).click();
  await expect(page.getByTestId('builder-message')).toContainText('Released');
  await page.getByTestId('pages-list').getByRole('button', { name: 'Live', exact: true }).click();
  await expect(panels(page)).toHaveCount(livePanels);
  await page.getByTestId('builder-page').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(panels(page)).toHaveCount(0);
  await saved(page);
  const viewer = await context.newPage();
  await viewer.goto(`/#/dataV/viewBoard?boardId=${boardId}`);
  await expect(viewer.locator('[data-panel-id]')).toHaveCount(livePanels, { timeout: 15_000 });
  await viewer.goto(`/#/dataV/preview?boardId=${boardId}`);
  await viewer.reload();
  await expect(viewer.locator('[data-page-id]')).toBeVisible({ timeout: 15_000 });
  await expect(viewer.locator('[data-panel-id]')).toHaveCount(0);
  await viewer.close();

  // A broken board file is refused with the reason, and nothing changes.
  await page.getByTestId('import-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ boardId: 'x', pages: 'no' })) });
  await expect(page.getByTestId('builder-message')).toContainText('Import refused, nothing changed');
  await expect(page.getByTestId('pages-list').locator('li')).toHaveCount(2);
  await expect(panels(page)).toHaveCount(0);
});

test('two editors of one board: the stale one is told to reload and keeps its edit on screen', async ({ page, context }) => {
  await page.goto('/#/dataV/create');
  await logIn(page);
  const boardId = await createFromTemplate(page, `E2E conflict ${Date.now()}`);
  const other = await context.newPage();
  await other.goto(`/#/dataV/create?boardId=${boardId}`);
  await expect(panels(other)).toHaveCount(6);

  const first = await geometry(page, 2);
  await page.keyboard.press('Shift+ArrowRight');
  await saved(page);

  const stale = await geometry(other, 2);
  expect(stale.x).toBe(first.x);
  await other.keyboard.press('ArrowDown');
  await expect(other.getByTestId('conflict-banner')).toContainText('This board was changed by someone else. Reload to see their changes.');
  expect((await geometry(other, 2)).y).toBe(first.y + 1);

  await other.getByRole('button', { name: 'Reload' }).click();
  await expect(other.getByTestId('conflict-banner')).toHaveCount(0);
  const fresh = await geometry(other, 2);
  expect(fresh).toMatchObject({ x: first.x + 10, y: first.y });
  // The edit that lost is not gone: the builder offers it as a board file (it cannot go over their change).
  const banner = other.getByTestId('recovered-banner');
  await expect(banner).toContainText('the board has changed since');
  await expect(banner.getByRole('button', { name: 'Restore edits' })).toHaveCount(0);
  const download = other.waitForEvent('download');
  await banner.getByRole('button', { name: 'Download edits' }).click();
  const file = JSON.parse(await readFile(await (await download).path(), 'utf8')) as { pages: Array<{ panels: Array<{ y: number }> }> };
  expect(file.pages.flatMap((p) => p.panels.map((q) => q.y))).toContain(first.y + 1);
  await banner.getByRole('button', { name: 'Discard' }).click();
  await expect(banner).toHaveCount(0);
  await other.close();
});
