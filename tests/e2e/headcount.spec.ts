import { expect, test } from './fixtures';
import { logIn } from './session';

/**
 * Who is underground (docs/product.md "Headline figures"): on the demo board the headline's people in the
 * left bore and the tunnel personnel map's count for that bore come from one rule, so they read the same.
 * The simulator's people move and come and go, so the two are read together, in one task of the page.
 */

const BOARD_URL = '/#/dataV/viewBoard?boardId=demo-live';

/** The headline's left-bore figure and the map's drawn count for it (its text summary), read at once. */
async function leftBore(page: import('@playwright/test').Page): Promise<{ headline: number; map: number }> {
  return page.evaluate(() => {
    const tile = document.querySelector('[data-panel-type="headline"] [data-headline="people"][data-tunnel-id="LK"]');
    const summary = document.querySelector('[data-panel-type="tunnelPersonnel"] [data-summary="personnel"]')?.textContent ?? '';
    const figure = tile?.querySelector('[data-figure]')?.textContent ?? '';
    return { headline: Number.parseInt(figure, 10), map: Number(/Left bore: (\d+) people/.exec(summary)?.[1] ?? NaN) };
  });
}

test('the headline and the tunnel map count the same people in the left bore', async ({ page }, testInfo) => {
  await page.goto(BOARD_URL);
  await logIn(page);
  await expect(page.locator('[data-panel-type="headline"] [data-headline="people"]').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-summary="personnel"]')).toHaveText(/Left bore: [1-9]\d* people/, { timeout: 15_000 });
  // several readings a second apart: each time the two figures agree (a frame apart at most while people move)
  for (let k = 0; k < 5; k++) {
    await expect.poll(async () => {
      const r = await leftBore(page);
      return r.headline > 0 && r.headline === r.map ? r.headline : r;
    }, { timeout: 5_000 }).toEqual(expect.any(Number));
    await page.waitForTimeout(1_000);
  }
  const last = await leftBore(page);
  testInfo.annotations.push({ type: 'left bore', description: `headline ${last.headline}, map ${last.map}` });
  await page.screenshot({ path: testInfo.outputPath('headcount.png') });
});
