import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eStaticDir } from './global-setup';

/** The built service worker the server serves (global-setup: dist, or E2E_STATIC_DIR). */
const SW_PATH = path.join(e2eStaticDir(), 'sw.js');

/** Resolves once a service worker controls the page (the app registers it in production builds). */
async function waitForControlledPage(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 30_000 });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
}

test('a new deployment shows "New content is available", and Refresh activates it', async ({ page }) => {
  await page.goto('/');
  await waitForControlledPage(page);
  await expect(page.getByText('New content is available')).toHaveCount(0);

  const original = readFileSync(SW_PATH, 'utf8');
  try {
    // "Deploy" a new build: the browser compares the worker script byte by byte on its update check.
    writeFileSync(SW_PATH, `${original}\n// e2e new deployment ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const banner = page.getByRole('alert').filter({ hasText: 'New content is available' });
    await expect(banner).toBeVisible({ timeout: 30_000 });

    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(before).not.toBeNull();
    // The waiting worker takes over and the page reloads without the prompt. Wait for that reload itself:
    // the old page also has a controller and a "Sign in" button, and reading it while it unloads fails.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await banner.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('New content is available')).toHaveCount(0);
    const waiting = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting));
    expect(waiting).toBe(false);
  } finally {
    writeFileSync(SW_PATH, original);
  }
});
