import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * The tunnel progress screen (docs/api.md "Tunnel progress"): bores with their rock grades and legend, the
 * figures, and a report entered in the form showing on the screen. TUNNEL_SCREENSHOTS=1 also writes
 * docs/tunnel-*.png at 1366×768, 1920×1080 and 3840×2160.
 */
const SHOTS = !!process.env.TUNNEL_SCREENSHOTS;

test('the tunnel screen draws the bores with their grades, and a report entered in the form shows on it', async ({ page }) => {
  await page.goto('/#/tunnel');
  await logIn(page);
  await expect(page.locator('[data-bore="LK"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-bore="RK"] [data-grade="VI"]')).toHaveCount(1);
  await expect(page.locator('[data-legend-grade="III"]')).toHaveText('Grade III');
  await expect(page.locator('[data-figures-row="RK-E"]')).toContainText('%');
  await expect(page.locator('[data-heading-slot="LK-X"] [data-slot="heading-cycle"]')).toHaveCount(1);

  // waterproofing: the simulated process devices never report it, so nothing overwrites the report
  const form = page.getByRole('form', { name: 'Progress report' });
  await form.getByRole('combobox', { name: 'Heading' }).click();
  await page.getByRole('option', { name: 'Right bore, entry heading' }).click();
  await form.locator('input[name="waterproofM"]').fill('1101.5');
  await form.getByRole('button', { name: 'Save report' }).click();
  const entry = page.locator('[data-progress-entry]').first();
  await expect(entry).toContainText('waterproofing 1101.5 m', { timeout: 10_000 });
  await expect(entry).toContainText('Right bore, entry heading');
  await expect(entry).toContainText('Report · admin');
  await expect(form).toContainText('now 1101.5 m, K13+121');

  // a position ahead of the face is refused with the rule it breaks
  await form.locator('input[name="invertM"]').fill('3000');
  await form.getByRole('button', { name: 'Save report' }).click();
  await expect(form.getByRole('alert')).toContainText('ahead of the face');

  if (SHOTS) {
    for (const [w, h] of [
      [1366, 768],
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `docs/tunnel-${w}x${h}.png` });
    }
  }
});

test('a board from the tunnel progress template shows the bores with their legend and the progress figures', async ({ page }) => {
  await page.goto('/#/tunnel');
  await logIn(page);
  await expect(page.locator('[data-bore="LK"]')).toBeVisible({ timeout: 20_000 });
  const ticket = await page.request.get('/zhgd/ticket/getTicket?projectId=demo-tunnel');
  const board = await page.request.post('/zhgd/board/add/initialize', {
    data: { projectId: 'demo-tunnel', templateId: 'tunnel-progress', name: 'Tunnel progress e2e' },
    headers: { dataBoardBasicToken: ((await ticket.json()) as { data: { ticket: string } }).data.ticket },
  });
  const created = ((await board.json()) as { data: { boardId: string; version: number } }).data;
  const released = await page.request.post('/zhgd/board/release', { data: { boardId: created.boardId, baseVersion: created.version } });
  expect(((await released.json()) as { success: boolean }).success).toBe(true);
  try {
    await page.goto(`/#/dataV/viewBoard?boardId=${created.boardId}`);
    const progress = page.locator('[data-panel-type="tunnelProgress"]');
    await expect(progress.locator('[data-bore="RK"] [data-grade="VI"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(progress.locator('[data-legend-grade="V"]')).toHaveText('Grade V');
    const figures = page.locator('[data-panel-type="progressFigures"]');
    await expect(figures.locator('[data-figures-row="LK"]')).toContainText('%');
    if (SHOTS) {
      for (const [w, h] of [
        [1366, 768],
        [1920, 1080],
        [3840, 2160],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.waitForTimeout(800);
        await page.screenshot({ path: `docs/tunnel-panels-${w}x${h}.png` });
      }
    }
  } finally {
    await page.request.post('/zhgd/board/delete', { data: { boardId: created.boardId, baseVersion: created.version + 1 } }).catch(() => undefined);
  }
});
