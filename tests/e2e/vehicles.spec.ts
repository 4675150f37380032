import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * Construction vehicles on the tunnel strip and the tunnel screen (docs/domain.md "Vehicles in the tunnel"):
 * the demo's loaders are in the tunnel at every stage of the cycle, so the live board always has vehicles.
 * They are drawn apart from the people (their own layer and mark, a legend entry), counted per bore beside
 * the people count, and a click opens the vehicle's card. VEHICLE_SCREENSHOTS=1 also writes
 * docs/screenshots/vehicles-strip-1920x1080.png.
 */
const SHOTS = !!process.env.VEHICLE_SCREENSHOTS;

test('the tunnel strip draws vehicles apart from people, counts them per bore and opens a vehicle card', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/dataV/viewBoard?boardId=demo-live');
  await logIn(page);
  const strip = page.locator('[data-panel-type="tunnelPersonnel"]');
  await expect(strip.locator('[data-vehicle]').first()).toBeVisible({ timeout: 20_000 });
  // their own layer, not the people layer; the people summary counts people only
  await expect(strip.locator('[data-people-layer] [data-vehicle]')).toHaveCount(0);
  await expect(strip.locator('[data-vehicle-layer] [data-vehicle]').first()).toBeVisible();
  await expect(strip.locator('[data-summary="vehicles"]')).toHaveText(/Left bore: [1-9]\d* vehicles; Right bore: [1-9]\d* vehicles/);
  await expect(strip.locator('[data-summary="personnel"]')).toHaveText(/Left bore: \d+ people/);
  await expect(strip.locator('[data-vehicle-count="LK"]')).toHaveText(/[1-9]\d* vehicles/);
  await expect(strip.locator('[data-legend-vehicle]')).toHaveText('Vehicle');
  const drawn = await strip.locator('[data-vehicle]').count();
  const counted = await strip.locator('[data-summary="vehicles"]').evaluate((el) => [...(el.textContent ?? '').matchAll(/(\d+) vehicles/g)].reduce((n, m) => n + Number(m[1]), 0));
  expect(drawn).toBe(counted);

  if (SHOTS) {
    await page.mouse.move(0, 0);
    await page.screenshot({ path: 'docs/screenshots/vehicles-strip-1920x1080.png' });
  }
  await strip.locator('[data-vehicle]').first().click();
  const card = page.getByRole('dialog', { name: /^Vehicle SD-\d+$/ });
  await expect(card).toBeVisible();
  for (const label of ['Type', 'Driver', 'Source', 'Bore', 'Chainage', 'Speed', 'Last seen']) await expect(card).toContainText(label);
  await expect(card).toContainText(/K1\d\+\d{3}/);
  await expect(card).toContainText('km/h');
  if (SHOTS) await page.screenshot({ path: 'docs/screenshots/vehicle-card-1920x1080.png' });
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toHaveCount(0);
});

test('the tunnel screen lists every vehicle with the ones in the tunnel first', async ({ page }) => {
  await page.goto('/#/tunnel');
  await logIn(page);
  const section = page.locator('[data-tunnel-vehicles]');
  await expect(section.locator('[data-vehicle-row]')).toHaveCount(14, { timeout: 20_000 });
  await expect(section.locator('[data-bore-vehicles="LK"]')).toContainText(/Left bore: ?[1-9]/);
  // the first row is in the tunnel: a bore and a chainage
  await expect(section.locator('[data-vehicle-row]').first()).toContainText(/(Left|Right) bore.*K1\d\+\d{3}/);
  await section.locator('[data-vehicle-row]').first().click();
  // its card: which machine is in front depends on the simulator's cycle (loaders, dump trucks, shotcrete trucks)
  await expect(page.getByRole('dialog', { name: /^Vehicle SD-\d+$/ })).toContainText(/Type\s*(Loader|Dump truck|Shotcrete)/);
});
