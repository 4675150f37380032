import { expect, test } from './fixtures';
import { AUTH, NAV, type SessionUser } from '../../protocol';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed/demoProject';
import { E2E } from './global-setup';
import { logIn } from './session';
import { smallTexts } from './smallTexts';

/**
 * The company homepage in the browser (docs/api.md "Company homepage"): the demo projects on the map of
 * China and in the list, readable at 1366×768, and a click on a marker opening that project's home as the
 * session's project. COMPANY_SCREENSHOTS=1 also writes docs/screenshots/company-*.png at
 * 1366×768, 1920×1080 and 3840×2160.
 */
const SHOTS = !!process.env.COMPANY_SCREENSHOTS;

test.afterAll(async ({ request }) => {
  // the next spec starts on the demo tunnel again
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  await request.post(NAV.postDomain.path, { form: { type: '2', id: DEMO_PROJECT.projectId } });
});

test('the company homepage: projects on the map and in the list, a marker opens its project', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/company');
  await logIn(page);
  const tunnel = page.locator(`[data-project-marker="${DEMO_PROJECT.projectId}"]`);
  const bridge = page.locator(`[data-project-marker="${OTHER_PROJECT.projectId}"]`);
  await expect(tunnel).toBeVisible({ timeout: 20_000 });
  await expect(bridge).toBeVisible();
  // the tunnel (Yunnan) lies west of the bridge (Guizhou)
  const [tb, bb] = [await tunnel.locator('circle').last().boundingBox(), await bridge.locator('circle').last().boundingBox()];
  expect(tb!.x).toBeLessThan(bb!.x);
  // the two demo projects, and any project another spec created on this server (admin.spec.ts makes one)
  await expect(page.locator(`[data-company-project="${OTHER_PROJECT.projectId}"]`)).toBeVisible();
  await expect(page.locator(`[data-company-project="${DEMO_PROJECT.projectId}"]`)).toContainText('%');
  const rows = await page.locator('[data-company-project]').count();
  expect(rows).toBeGreaterThanOrEqual(2);
  // the headline counts the projects the list shows
  await expect(page.locator('[data-company-figure="projects"]')).toContainText(String(rows));
  expect(await smallTexts(page, 12, 'main')).toEqual([]);
  if (SHOTS) {
    for (const [w, h] of [
      [1366, 768],
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `docs/screenshots/company-${w}x${h}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  // a click on the bridge's marker makes it the session's project and opens its project home
  await bridge.locator('circle').last().click();
  await expect(page).toHaveURL(/#\/home$/, { timeout: 20_000 });
  await expect(page.getByText(OTHER_PROJECT.name).first()).toBeVisible({ timeout: 20_000 });
  const me = await page.request.post(AUTH.me.path, { data: {} });
  const user = ((await me.json()) as { data: SessionUser }).data;
  expect(user.projectId).toBe(OTHER_PROJECT.projectId);
});
