import { expect, test } from './fixtures';
import { logIn } from './session';
import { smallTexts } from './smallTexts';

/**
 * The tunnel plan (docs/domain.md "Tunnel plan"): the Plan view of the tunnel screen draws the demo's bores
 * along their seeded alignment with the simulated people on them and the emergency supply points (a card on
 * a click, a layer toggle); zoom and Fit; the Plan page of the
 * tunnel-progress template on a board. PLAN_SCREENSHOTS=1 also writes docs/screenshots/tunnel-plan-*.png
 * at 1366×768, 1920×1080 and 3840×2160.
 */
const SHOTS = !!process.env.PLAN_SCREENSHOTS;

test('the Plan view of the tunnel screen draws the bores with the people in them, zooms and fits again', async ({ page }) => {
  await page.goto('/#/tunnel');
  await logIn(page);
  await page.getByRole('tab', { name: 'Plan' }).click();
  const plan = page.locator('[data-tunnel-plan]');
  await expect(plan).toBeVisible({ timeout: 20_000 });
  // the simulator's people, drawn and counted per bore by the headcount rule
  await expect.poll(async () => Number(await plan.getAttribute('data-people-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(plan.locator('[data-summary="plan-personnel"]')).toContainText(/Left bore: \d+ people/);
  // the demo's bores have their surveyed alignment: no straight-drawn notice
  await expect(plan.locator('[data-legend="plan"]')).toContainText('Cross passage');
  await expect(plan.locator('[data-plan-straight]')).toHaveCount(0);
  await expect(plan.locator('[data-legend-grade="VI"]')).toHaveCount(1);

  // zoom in with the wheel about the pointer, then Fit brings back the fitted view (scale in px per metre)
  const fitted = Number(await plan.getAttribute('data-plan-scale'));
  const box = (await plan.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.wheel(0, -100);
  await expect.poll(async () => Number(await plan.getAttribute('data-plan-scale'))).toBeGreaterThan(fitted * 1.1);
  await expect(plan).not.toHaveAttribute('data-plan-fitted');
  await plan.getByRole('button', { name: 'Fit' }).click();
  await expect(plan).toHaveAttribute('data-plan-fitted', '');
  expect(Number(await plan.getAttribute('data-plan-scale'))).toBeCloseTo(fitted, 4);

  // the emergency supply points: the demo's eight, a click opens one's card; the layer's button hides them
  const marks = plan.locator('[data-supply-point]');
  await expect(marks).toHaveCount(8, { timeout: 20_000 });
  await marks.first().click();
  const card = plan.locator('[data-supply-card]');
  await expect(card).toBeVisible();
  await expect(card).toContainText(/K1\d\+\d{3}/);
  await card.getByRole('button', { name: 'Close' }).click();
  const layer = plan.getByRole('button', { name: 'Emergency supply points' });
  await layer.click();
  await expect(layer).toHaveAttribute('aria-pressed', 'false');
  await expect(marks).toHaveCount(0);
  await layer.click();
  await expect(marks).toHaveCount(8);

  // legible from across the room: nothing in the plan's legend and buttons under 12 px at 1366×768
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.waitForTimeout(500);
  expect(await smallTexts(page, 12, '[data-tunnel-plan]')).toEqual([]);

  if (SHOTS) {
    for (const [w, h] of [
      [1366, 768],
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        document.querySelector('[data-tunnel-plan]')?.scrollIntoView({ block: 'start' });
      });
      await page.waitForTimeout(1_000);
      await page.screenshot({ path: `docs/screenshots/tunnel-plan-${w}x${h}.png` });
    }
  }
});

test('the Plan page of the tunnel-progress template shows the plan panel with people', async ({ page }) => {
  await page.goto('/#/tunnel');
  await logIn(page);
  await expect(page.locator('[data-bore="LK"]')).toBeVisible({ timeout: 20_000 });
  const ticket = await page.request.get('/zhgd/ticket/getTicket?projectId=demo-tunnel');
  const board = await page.request.post('/zhgd/board/add/initialize', {
    data: { projectId: 'demo-tunnel', templateId: 'tunnel-progress', name: 'Tunnel plan e2e' },
    headers: { dataBoardBasicToken: ((await ticket.json()) as { data: { ticket: string } }).data.ticket },
  });
  const created = ((await board.json()) as { data: { boardId: string; version: number } }).data;
  const released = await page.request.post('/zhgd/board/release', { data: { boardId: created.boardId, baseVersion: created.version } });
  expect(((await released.json()) as { success: boolean }).success).toBe(true);
  try {
    await page.goto(`/#/dataV/viewBoard?boardId=${created.boardId}`);
    await page.locator('nav button', { hasText: 'Plan' }).click({ timeout: 20_000 });
    const plan = page.locator('[data-panel-type="tunnelPlan"] [data-tunnel-plan]');
    await expect.poll(async () => Number(await plan.getAttribute('data-people-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    if (SHOTS) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.waitForTimeout(1_000);
      await page.screenshot({ path: 'docs/screenshots/tunnel-plan-board-1366x768.png' });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForTimeout(500);
    expect(await smallTexts(page, 12, '[data-panel-type="tunnelPlan"]')).toEqual([]);
  } finally {
    await page.request.post('/zhgd/board/delete', { data: { boardId: created.boardId, baseVersion: created.version + 1 } }).catch(() => undefined);
  }
});
