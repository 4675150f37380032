import { expect, test } from './fixtures';
import { logIn } from './session';
import { smallTexts } from './smallTexts';

/**
 * The environment screen (docs/domain.md "Site environment", "Spray linkage"): the monitors of the demo,
 * the live readings and weather of one, the seven days' table and compliant days, and the fog cannons: an
 * administrator switches one on by hand, the simulated cannon acknowledges it over MQTT, and hands it back
 * to the linkage. Text at 12 px or more at 1366×768. ENV_SCREENSHOTS=1 also writes
 * docs/screenshots/environment-{1366x768,1920x1080,3840x2160}.png.
 */
const SHOTS = !!process.env.ENV_SCREENSHOTS;

test('the environment screen shows a monitor, its seven days and the fog cannons, which an administrator switches', async ({ page }) => {
  await page.goto('/#/environment');
  await logIn(page);
  const tabs = page.getByRole('tablist', { name: 'Environment monitors' }).getByRole('tab');
  await expect(tabs).toHaveCount(3, { timeout: 20_000 });
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Now and weather' })).toBeVisible();
  await expect(page.locator('[data-daily] tbody tr')).toHaveCount(7);
  await expect(page.locator('[data-compliant-week]')).toContainText('compliant days of the last 7 judged');
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');

  const cannon = page.locator('[data-spray] tr[data-cannon="FOG-LK-E"]');
  await expect(cannon).toBeVisible();
  await expect(page.locator('[data-spray] tr[data-cannon]')).toHaveCount(2);
  await expect(cannon).toContainText('PM10 over 150 at ENV-LK-E, off after 10 min');
  await cannon.getByRole('button', { name: 'On', exact: true }).click();
  await expect(cannon.locator('[data-mode]')).toHaveText('manual');
  // the simulated cannon answers on its telemetry topic: acknowledged, and it sprays
  await expect(cannon.locator('[data-last-command]')).toContainText('acknowledged', { timeout: 20_000 });
  await expect(cannon.locator('[data-spraying]')).toHaveText('spraying', { timeout: 20_000 });
  await cannon.getByRole('button', { name: 'Automatic' }).click();
  await expect(cannon.locator('[data-mode]')).toHaveText('automatic');

  for (const [w, h] of [[1366, 768], [1920, 1080], [3840, 2160]] as const) {
    await page.setViewportSize({ width: w, height: h });
    if (w === 1366) expect(await smallTexts(page, 12)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `docs/screenshots/environment-${w}x${h}.png`, fullPage: w !== 3840 });
  }
});
