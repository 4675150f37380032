import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, publishAsDevice } from './session';

/** The bridge project's seeded board (server/seed/demoBoard.ts BRIDGE_BOARD), its lifting equipment simulated live. */
const BOARD_URL = '/#/dataV/viewBoard?boardId=bridge-live&projectId=demo-bridge';

/** Each equipment kind on the board: the panel to click and the device it opens. */
const KINDS = [
  { kind: 'bridgeGirderErector', panel: 'Girder erector', sn: 'BGE-01' },
  { kind: 'gantryCrane', panel: 'Gantry crane (precast yard)', sn: 'GC-B1' },
  { kind: 'yardCrane', panel: 'Crawler crane', sn: 'YC-B1' },
  { kind: 'towerCrane', panel: 'Tower crane (pier 12)', sn: 'TC-B1' },
] as const;

/** Opens the modal of the equipment shown by the panel titled `panel`. */
async function openModal(page: Page, panel: string) {
  await page.getByRole('region', { name: panel }).locator('[data-equipment], [data-metric]').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await page.goto(BOARD_URL);
  await logIn(page);
});

test("the bridge board shows its live equipment, and each kind's modal goes through all its tabs", async ({ page }) => {
  test.setTimeout(120_000);
  for (const type of ['fleetOverview', 'bridgeGirderErector', 'gantryCrane', 'yardCrane', 'towerCrane', 'alarmFeed']) {
    await expect(page.locator(`[data-panel-type="${type}"]`).first()).toBeVisible();
  }
  // The fleet overview lists the five pieces of equipment; the simulator's readings turn them online.
  const fleet = page.locator('[data-fleet-row]');
  await expect(fleet).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Lifting equipment' }).getByText('Online').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Girder erector' }).getByText(/^Updated \d/)).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'test-results/fleet-board-1920.png' });

  for (const k of KINDS) {
    const dialog = await openModal(page, k.panel);
    await expect(dialog.locator(`[data-equipment-detail="${k.kind}"]`)).toBeVisible();
    // live: the drawing and the latest values
    await expect(dialog.locator('[data-tabpanel="live"] canvas').first()).toBeVisible();
    await expect(dialog.locator('[data-tabpanel="live"] [data-metric]').first()).toBeVisible();
    if (k.kind === 'gantryCrane') await page.screenshot({ path: 'test-results/fleet-modal-1920.png' });
    // driver: two drivers with certificates
    await dialog.locator('[data-tab="driver"]').click();
    await expect(dialog.locator('[data-driver]')).toHaveCount(2);
    await expect(dialog.locator('[data-driver]').first()).toContainText(/T\d+/);
    // an administrator imports and exports the register as .xlsx from here
    await expect(dialog.locator('[data-driver-files]')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Export drivers .xlsx' })).toBeVisible();
    // clock-in: shifts of the last 7 days, then 30
    await dialog.locator('[data-tab="attendance"]').click();
    await expect(dialog.locator('[data-attendance]').first()).toBeVisible();
    const week = await dialog.locator('[data-attendance]').count();
    await dialog.locator('[data-range="30"]').click();
    await expect.poll(() => dialog.locator('[data-attendance]').count()).toBeGreaterThan(week);
    // work records: the count and the export buttons
    await dialog.locator('[data-tab="records"]').click();
    await expect(dialog.locator('[data-records-total]')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Export .xlsx' })).toBeVisible();
    // run data: a chart of the last hour, or the honest message when nothing is stored yet
    await dialog.locator('[data-tab="runData"]').click();
    await expect(dialog.locator('[data-run-data] canvas').first().or(dialog.getByText('No readings in this range'))).toBeVisible({ timeout: 10_000 });
    // archive
    await dialog.locator('[data-tab="archive"]').click();
    await expect(dialog.locator('[data-archive="model"]')).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'documents' }).locator('tbody tr').first()).toBeVisible();
    // thresholds with the audit list
    await dialog.locator('[data-tab="thresholds"]').click();
    await expect(dialog.locator('[data-threshold="windSpeedMps"]')).toBeVisible();
    await expect(dialog.getByText('Changes')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }

  // A fleet overview row opens its device too.
  await page.locator('[data-fleet-row] >> text=Girder erector').first().click();
  await expect(page.getByRole('dialog').locator('[data-equipment-detail="bridgeGirderErector"]')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // The site-office screen size: the board scales, the modal fits.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'test-results/fleet-board-1366.png' });
  const small = await openModal(page, 'Crawler crane');
  await expect(small.locator('[data-tabpanel="live"] canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/fleet-modal-1366.png' });
  await small.locator('[data-tab="thresholds"]').click();
  await expect(small.locator('[data-threshold="momentPct"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/fleet-modal-thresholds-1366.png' });
});

test("the tunnel's shaft elevator: its card on a board from the tunnel-equipment template, and its modal's tabs", async ({ page }) => {
  // Signed in (the board is up) before asking the API with the session.
  await expect(page.locator('[data-panel-type="fleetOverview"]')).toBeVisible();
  const ticket = await page.request.get('/zhgd/ticket/getTicket?projectId=demo-tunnel');
  const made = await page.request.post('/zhgd/board/add/initialize', {
    data: { projectId: 'demo-tunnel', templateId: 'tunnel-equipment' },
    headers: { dataBoardBasicToken: (await ticket.json()).data.ticket },
  });
  const answer = (await made.json()) as { success: boolean; errorMessage?: string; data: { boardId: string } };
  expect(answer.success, answer.errorMessage).toBe(true);
  const board = answer.data;
  await page.goto(`/#/dataV/preview?boardId=${board.boardId}&projectId=demo-tunnel`);
  const card = page.locator('[data-panel-type="constructionElevator"]');
  await expect(card).toBeVisible();
  await expect(card.getByText(/^Updated \d/)).toBeVisible({ timeout: 20_000 });
  await expect(card.locator('canvas').first()).toBeVisible();
  const dialog = await openModal(page, 'Shaft elevator');
  await expect(dialog.locator('[data-equipment-detail="constructionElevator"]')).toBeVisible();
  await expect(dialog.locator('[data-tabpanel="live"] [data-metric="leftFloor"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/fleet-elevator-1920.png' });
  for (const tab of ['driver', 'attendance', 'records', 'runData', 'archive', 'thresholds']) {
    await dialog.locator(`[data-tab="${tab}"]`).click();
    await expect(dialog.locator(`[data-tabpanel="${tab}"]`)).toBeVisible();
  }
  await expect(dialog.locator('[data-threshold="leftLoadPct"]')).toBeVisible();
});

test('an edited wind limit is audited and the next reading alarms at it', async ({ page }) => {
  const dialog = await openModal(page, 'Gantry crane (precast yard)');
  await dialog.locator('[data-tab="thresholds"]').click();
  const row = dialog.locator('[data-threshold="windSpeedMps"]');
  await row.locator('[data-field="warnHigh"] input, input[data-field="warnHigh"]').first().fill('8');
  await row.locator('[data-field="alarmHigh"] input, input[data-field="alarmHigh"]').first().fill('9');
  await row.locator('[data-action="save"]').click();
  await expect(row).toHaveAttribute('data-edited', 'true');
  await expect(dialog.locator('[data-audit="windSpeedMps"]').first()).toContainText('admin');

  // A bad edit (alarm below warning) is refused and changes nothing.
  await row.locator('[data-field="alarmHigh"] input, input[data-field="alarmHigh"]').first().fill('7');
  await row.locator('[data-action="save"]').click();
  await expect(dialog.getByRole('alert')).toContainText('warning (8) must be below the alarm (7)');
  await expect(dialog.locator('[data-audit="windSpeedMps"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // 9.6 m/s was below the standard 13.8 alarm; under the edited limit it alarms.
  await publishAsDevice(page.request, 'demo-bridge', 'zhgd/demo-bridge/gantryCrane/GC-B1/telemetry', {
    ts: Date.now(),
    loadT: 0,
    loadPct: 0,
    hookHeightM: 10,
    trolleyPosM: 12,
    travelPosM: 40,
    windSpeedMps: 9.6,
    railClamp: false,
  });
  const feed = page.getByRole('region', { name: 'Lifting alarms' });
  const alarm = feed.locator('li[data-level="alarm"]', { hasText: 'Gantry crane (precast yard)' }).filter({ hasText: '/ 9 m/s' }).first();
  await expect(alarm).toBeVisible({ timeout: 5_000 });
});

test("a link to the bridge board without its project opens it with the bridge's live equipment, not the tunnel's", async ({ page }) => {
  // The session's project is the demo tunnel; the tab forgets the bridge it was opened for, and the link
  // names only the board.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/#/dataV/viewBoard?boardId=bridge-live');
  await expect(page).toHaveURL(/proId=demo-bridge/);
  await expect(page.locator('[data-fleet-row]')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Lifting equipment' }).getByText('Online').first()).toBeVisible({ timeout: 15_000 });
});


test("an administrator edits a crane's archive in its form, legible at 1366×768, and the tab shows the change", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const dialog = await openModal(page, 'Tower crane (pier 12)');
  await dialog.locator('[data-tab="archive"]').click();
  await dialog.getByRole('button', { name: 'Edit archive' }).click();
  const form = page.getByRole('dialog', { name: 'Edit archive' });
  await expect(form.getByRole('group', { name: 'Equipment archive' })).toBeVisible();
  // a tower crane records its rated moment and jib length, with units in the labels
  await expect(form.getByLabel('Rated lifting moment (kN·m)')).toBeVisible();
  await expect(form.getByLabel('Jib length (m)')).toBeVisible();
  const smallest = await form.evaluate((root) => {
    let min = Infinity;
    for (const el of root.querySelectorAll<HTMLElement>('label, input, legend, span, button')) {
      if (el.offsetParent === null || !el.textContent?.trim() && el.tagName !== 'INPUT') continue;
      min = Math.min(min, Number.parseFloat(getComputedStyle(el).fontSize));
    }
    return min;
  });
  expect(smallest).toBeGreaterThanOrEqual(12);
  await page.screenshot({ path: 'test-results/fleet-archive-form-1366.png' });
  await form.getByLabel('Property right unit').fill('Pier 12 Crane Leasing Co.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(dialog.locator('[data-archive="propertyUnit"]')).toContainText('Pier 12 Crane Leasing Co.');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'test-results/fleet-archive-tab-1920.png' });
});
