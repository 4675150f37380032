import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E } from './global-setup';

/** Logs in through the API (the cookie lands in the page's context), faster than the form. */
async function logInByApi(page: Page): Promise<void> {
  const res = await page.request.post('/zhgd/auth/login', { data: { username: 'admin', password: E2E.adminPassword } });
  expect((await res.json()).success).toBe(true);
}

async function chooseLanguage(page: Page, lang: string): Promise<void> {
  await page.getByTestId('language-menu').click();
  await page.locator(`[data-lang="${lang}"]`).click();
  await page.waitForLoadState('load'); // the choice reloads the page (docs/product.md "States")
}

test('language menu: zh-TW, Arabic right to left, and back to English', async ({ page }) => {
  await page.goto('/#/dataV/create');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await chooseLanguage(page, 'zh-TW');
  await expect(page.getByRole('button', { name: '登入' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // the menu offers only languages with their own texts; a stored preference for another one (set by an
  // earlier version, or by hand) keeps its direction and date words and shows the zh-CN texts
  await page.evaluate(() => localStorage.setItem('siteboard.locale', 'ar-EG'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-EG');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible(); // no Arabic catalog: zh-CN texts
  const item = page.getByTestId('language-menu');
  await item.click();
  const box = await page.locator('[data-lang="en-US"]').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(160);
  await page.locator('[data-lang="en-US"]').click();
  await page.waitForLoadState('load');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

const BOARD_URL = '/#/dataV/viewBoard?boardId=demo-live';

test('theme switch changes the brand colour', async ({ page }) => {
  await logInByApi(page);
  await page.goto(BOARD_URL);
  const brand = () => page.locator('.fui-FluentProvider').first().evaluate((el) => getComputedStyle(el).getPropertyValue('--colorBrandBackground').trim().toLowerCase());
  await expect.poll(brand).toBe('#00b589');
  await page.getByTestId('theme-menu').click();
  // "compiling theme" shows for the 200 ms of the compile: a loaded machine can let it come and go between two
  // polls of an assertion, so a MutationObserver set before the click records whether it was ever shown
  await page.evaluate(() => {
    const w = window as unknown as { sawCompiling?: boolean };
    w.sawCompiling = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('compiling theme')) w.sawCompiling = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByLabel('Red').click(); // the radio follows the applied theme, after the compile
  await expect.poll(brand).toBe('#f5222d');
  expect(await page.evaluate(() => (window as unknown as { sawCompiling?: boolean }).sawCompiling)).toBe(true);
  await page.reload();
  await expect.poll(brand).toBe('#f5222d'); // the choice persists
});

test('"You are offline now" while offline, gone when back online', async ({ page, context }) => {
  await logInByApi(page);
  await page.goto(BOARD_URL);
  await expect(page.locator('[data-panel-type="gasTable"]')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline now')).toBeVisible();
  await expect(page.getByText('Offline: last data')).toBeVisible();
  await expect(page.locator('[data-panel-type="gasTable"]')).toBeVisible(); // the board keeps its last data
  await context.setOffline(false);
  await expect(page.getByText('You are offline now')).toBeHidden();
  await expect(page.getByText('Offline: last data')).toBeHidden();
});

test('the app shell loads offline once visited (service worker precache)', async ({ page, context }) => {
  await page.goto('/#/dataV/viewBoard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(); // rendered from the cache
  await expect(page.getByText('You are offline now')).toBeVisible();
  await context.setOffline(false);
});

test.describe('API errors per showType', () => {
  // page.route sees the app's calls only when no service worker stands in between.
  test.use({ serviceWorkers: 'block' });

  async function failBoardList(page: Page, showType: number, errorCode = 'INTERNAL', errorMessage = 'board store unreachable') {
    await page.route('**/zhgd/board/list', (route) => route.fulfill({ json: { success: false, data: null, errorCode, errorMessage, showType } }));
    await logInByApi(page);
    await page.goto('/#/dataV/viewBoard'); // no boardId: the board list is asked for the project's first board
  }
  const toast = (page: Page) => page.locator('.fui-Toast');

  test('2 shows an error message', async ({ page }) => {
    await failBoardList(page, 2);
    await expect(toast(page).getByText('board store unreachable')).toBeVisible();
  });

  test('1 shows a warning message', async ({ page }) => {
    await failBoardList(page, 1);
    await expect(toast(page).getByText('board store unreachable')).toBeVisible();
  });

  test('4 shows a notification with the code as message and the text as description', async ({ page }) => {
    await failBoardList(page, 4, 'VALIDATION');
    await expect(toast(page).getByText('VALIDATION')).toBeVisible();
    await expect(toast(page).getByText('board store unreachable')).toBeVisible();
  });

  test('9 redirects to /exception with the code and message', async ({ page }) => {
    await failBoardList(page, 9, 'FORBIDDEN', 'not your project');
    await expect(page).toHaveURL(/#\/exception\?errorCode=FORBIDDEN&errorMessage=not\+your\+project/);
    await expect(page.getByText('not your project')).toBeVisible();
  });

  test('0 is silent', async ({ page }) => {
    await failBoardList(page, 0);
    await expect(page.getByRole('main').getByText('board store unreachable')).toBeVisible(); // the screen says why
    await page.waitForTimeout(500);
    await expect(toast(page)).toHaveCount(0);
  });
});

test('/exception renders its query and an unknown route is the 404 page', async ({ page }) => {
  await logInByApi(page);
  await page.goto('/#/exception?errorCode=500&errorMessage=x');
  await expect(page.getByText('Sorry, the server is reporting an error')).toBeVisible();
  await expect(page.getByText('x', { exact: true })).toBeVisible();
  await page.goto('/#/no/such/page');
  await expect(page.getByText('Sorry, the page you visited does not exist')).toBeVisible();
});
