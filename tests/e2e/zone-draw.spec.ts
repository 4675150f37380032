import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { call, logIn } from './session';
import { ADMIN, AUTH, PEOPLE, formatChainage, type ZoneRow } from '../../protocol';
import { E2E } from './global-setup';

/**
 * Drawing zones on the zones screen's tunnel map (docs/domain.md "Zones on the map"): a drag across a
 * bore opens the zone form with the bore and the ends (snapped to 1 m), saving lists the zone; dragging
 * a zone's end proposes its new range and cancelling leaves it where it was; Escape drops a drag.
 */
const PROJECT = 'demo-tunnel';

/** Where the map draws a bore (page px) and its chainages, from the map's data attributes. */
async function boreOnMap(page: Page) {
  const map = page.locator('[data-zone-map]');
  const box = (await map.boundingBox())!;
  const bore = page.locator('[data-map-bore]').first();
  const num = async (name: string) => Number(await bore.getAttribute(name));
  const geo = {
    tunnelId: (await bore.getAttribute('data-map-bore'))!,
    x0: box.x + (await num('data-x0')),
    x1: box.x + (await num('data-x1')),
    y: box.y + (await num('data-y')),
    startChainageM: await num('data-start-chainage'),
    lengthM: await num('data-length'),
    grabPx: await num('data-grab-px'),
  };
  /** The chainage (m) drawn at page x. */
  const chainageAt = (x: number) => geo.startChainageM + ((x - geo.x0) / (geo.x1 - geo.x0)) * geo.lengthM;
  /** Page x of a chainage (m). */
  const xOf = (ch: number) => geo.x0 + ((ch - geo.startChainageM) / geo.lengthM) * (geo.x1 - geo.x0);
  return { ...geo, chainageAt, xOf };
}

/** Reads a written chainage (K12+345) back as metres. */
const metres = (text: string) => {
  const m = /^K(\d+)\+(\d{3})$/.exec(text);
  if (!m) throw new Error(`not a whole-metre chainage: ${text}`);
  return Number(m[1]) * 1000 + Number(m[2]);
};

test('an administrator draws a zone on the tunnel map, saves it, moves its end and cancels', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/zones');
  await logIn(page);
  await expect(page.locator('[data-zone="Z-LK-EP"]')).toBeVisible({ timeout: 15_000 });
  const toggle = page.getByRole('button', { name: 'Draw zone' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-zone-map]')).toHaveAttribute('data-draw-mode', 'on');
  const bore = await boreOnMap(page);

  // a stretch of the bore that starts and ends away from every zone's end handle
  const zones = await call<ZoneRow[]>(page.request, PEOPLE.zoneList.path, { projectId: PROJECT });
  const ends = zones.filter((z) => z.tunnelId === bore.tunnelId).flatMap((z) => [z.fromM, z.toM].map((m) => bore.xOf(bore.startChainageM + m)));
  const clear = (x: number) => ends.every((e) => Math.abs(e - x) > bore.grabPx * 2);
  const width = bore.x1 - bore.x0;
  let from = bore.x0 + width * 0.3;
  while (!(clear(from) && clear(from + 60))) from += 7;
  const to = from + 60;

  // Escape drops a drag: no form opens
  await page.mouse.move(from, bore.y);
  await page.mouse.down();
  await page.mouse.move(to, bore.y, { steps: 5 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // drawn right to left: the form opens with the bore and the ends in order, snapped to whole metres
  await page.mouse.move(to, bore.y);
  await page.mouse.down();
  await page.mouse.move(from, bore.y, { steps: 8 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Add zone')).toBeVisible();
  const start = await dialog.getByLabel('Start chainage').inputValue();
  const end = await dialog.getByLabel('End chainage').inputValue();
  expect(Math.abs(metres(start) - bore.chainageAt(from))).toBeLessThanOrEqual(1);
  expect(Math.abs(metres(end) - bore.chainageAt(to))).toBeLessThanOrEqual(1);
  // the map shows the proposed range under it while the form is open
  await expect(page.locator('[data-drag-readout]')).toContainText(`New zone · `);
  await expect(page.locator('[data-drag-readout]')).toContainText(`${start} – ${end} (${metres(end) - metres(start)} m)`);
  await dialog.getByLabel('Name', { exact: true }).fill('Drawn shotcrete stretch');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // the dialog's backdrop takes the pointer until its closing motion ends
  await expect(dialog).toHaveCount(0);
  const added = page.locator('tr', { hasText: 'Drawn shotcrete stretch' });
  await expect(added).toContainText(`${start} – ${end}`);
  const boreName = await page.locator('[data-zone="Z-LK-EP"] td').nth(2).innerText();
  const summary = page.locator('[data-summary="zone-map"]');
  await expect(summary).toContainText(`Drawn shotcrete stretch: ${boreName} ${start} – ${end}`);

  // its end handle dragged right: the edit form proposes the new end; cancel leaves the zone as it was
  const endX = bore.xOf(metres(end));
  await page.mouse.move(endX, bore.y);
  await page.mouse.down();
  await page.mouse.move(endX + 30, bore.y, { steps: 6 });
  await page.mouse.up();
  await expect(dialog.getByText('Edit zone')).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Drawn shotcrete stretch');
  await expect(dialog.getByLabel('Start chainage')).toHaveValue(start);
  const moved = await dialog.getByLabel('End chainage').inputValue();
  expect(Math.abs(metres(moved) - bore.chainageAt(endX + 30))).toBeLessThanOrEqual(1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(added).toContainText(`${start} – ${end}`);
  await expect(summary).toContainText(`Drawn shotcrete stretch: ${boreName} ${start} – ${end}`);

  // moved again and saved this time: the list shows the new end
  await page.mouse.move(endX, bore.y);
  await page.mouse.down();
  await page.mouse.move(endX + 30, bore.y, { steps: 6 });
  await page.mouse.up();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(added).toContainText(`${start} – ${formatChainage(metres(moved))}`);

  await added.getByRole('button', { name: 'Delete' }).click();
  await expect(added).toHaveCount(0);
});

test('a safety officer sees the zones on the map but no way to draw them', async ({ page, browser, request, baseURL }) => {
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  const username = `zone-officer-${Date.now() % 100000}`;
  await call(request, ADMIN.userAdd.path, { username, displayName: 'Safety officer', password: 'officer-pass-2026', temporary: false });
  await call(request, ADMIN.memberSet.path, { projectId: PROJECT, username, role: 'safetyOfficer' });
  const officer = await browser.newContext({ baseURL });
  const officerPage = await officer.newPage();
  await officerPage.goto('/#/zones');
  await logIn(officerPage, username, 'officer-pass-2026');
  await expect(officerPage.locator('[data-zone="Z-LK-EP"]')).toBeVisible({ timeout: 15_000 });
  await expect(officerPage.locator('[data-summary="zone-map"]')).toContainText('K12+000 – K12+050');
  await expect(officerPage.locator('[data-zone-map]')).toHaveAttribute('data-draw-mode', 'off');
  await expect(officerPage.getByRole('button', { name: 'Draw zone' })).toHaveCount(0);
  await officerPage.request.post(AUTH.logout.path).catch(() => undefined);
  await officer.close();
  await request.post(AUTH.logout.path).catch(() => undefined);
});
