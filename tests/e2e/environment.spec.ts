import { expect, test } from './fixtures';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { deleteBoards, handleOpenAlarms, logIn, releasedTemplateBoard } from './session';
import { smallTexts } from './smallTexts';

/**
 * The environment screen (docs/domain.md "Site environment", "Spray linkage"): the monitors of the demo,
 * the live readings and weather of one, the seven days' table and compliant days, and the fog cannons: an
 * administrator switches one on by hand, the simulated cannon acknowledges it over MQTT, and hands it back
 * to the linkage. Text at 12 px or more at 1366×768. ENV_SCREENSHOTS=1 also writes
 * docs/screenshots/environment-{1366x768,1920x1080,3840x2160}.png, and the environment template board's
 * docs/screenshots/environment-board-*.png.
 */
const SHOTS = !!process.env.ENV_SCREENSHOTS;
const made: string[] = [];

test.afterAll(async ({ request }) => deleteBoards(request, made));

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

test('a board from the environment template shows the trend, seven days, noise, weather and fog cannons with data', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/environment');
  await logIn(page);
  await expect(page.getByRole('tablist', { name: 'Environment monitors' }).getByRole('tab')).toHaveCount(3, { timeout: 20_000 });
  const projectId = DEMO_PROJECT.projectId;
  const board = await releasedTemplateBoard(page.request, projectId, 'site-environment', 'Environment e2e', made);
  await page.goto(`/#/dataV/viewBoard?boardId=${board.boardId}`);

  // the monitor's readings now and its weather: a value with its unit, the compass
  const now = page.locator('[data-panel-type="environmentNow"]');
  await expect(now.locator('[data-reading="pm10"]')).toContainText('µg/m³', { timeout: 30_000 });
  const weather = page.locator('[data-panel-type="weather"]');
  await expect(weather.locator('[data-reading="temperature"]')).toContainText(/\d℃/, { timeout: 90_000 }); // a monitor reports once a minute
  await expect(weather.locator('[data-wind-to]')).toHaveCount(1);
  // the trend draws a chart of the last 24 h (once the monitor has reported); the switch asks for 7 days
  const trend = page.locator('[data-panel-type="airQualityTrend"]');
  await expect(trend.locator('[data-air-quality-chart] canvas')).toBeVisible({ timeout: 90_000 });
  await expect(trend.locator('[data-legend]')).toHaveCount(3);
  await trend.getByRole('button', { name: '7 days' }).click();
  await expect(trend.locator('[data-range="7d"]')).toBeVisible();
  await expect(trend.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(trend.locator('[data-air-quality-chart] canvas')).toBeVisible({ timeout: 30_000 });
  // seven days: the compliant days and a bar (or a dash) per day of PM10, PM2.5 and TSP against the limits
  const week = page.locator('[data-panel-type="environmentWeek"]');
  await expect(week.locator('[data-compliant-days]')).toBeVisible({ timeout: 30_000 });
  await expect(week.locator('[data-daily-bars]')).toHaveCount(3);
  await expect(week.locator('[data-daily-bars] [data-day]')).toHaveCount(21);
  await expect(week.locator('[data-limit="150"]')).toHaveCount(1);
  // noise: day and night rows against 70 and 55 dB(A)
  const noise = page.locator('[data-panel-type="noiseDayNight"]');
  await expect(noise.locator('[data-daily-bars]')).toHaveCount(2, { timeout: 30_000 });
  await expect(noise.locator('[data-limit="70"]')).toHaveCount(1);
  await expect(noise.locator('[data-limit="55"]')).toHaveCount(1);
  // the demo's two fog cannons with their mode and linkage
  const spray = page.locator('[data-panel-type="sprayState"]');
  await expect(spray.locator('[data-cannon]')).toHaveCount(2, { timeout: 30_000 });
  await expect(spray.locator('[data-cannon="FOG-LK-E"] [data-mode]')).toHaveText(/automatic|manual/);

  // the shift starts with the earlier alarms handled: a flood banner would shrink the board (the banner's business)
  await handleOpenAlarms(page.request, projectId);
  for (const [w, h] of [[1366, 768], [1920, 1080], [3840, 2160]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(1_500);
    if (w === 1366) expect(await smallTexts(page, 12, '[data-panel-type]')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `docs/screenshots/environment-board-${w}x${h}.png` });
  }
});
