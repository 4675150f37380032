import { DEMO_PROJECT } from '../../server/seed';
import { expect, test } from './fixtures';
import { deleteBoards, logIn, releasedTemplateBoard } from './session';
import { smallTexts } from './smallTexts';

/**
 * The project home and its event book (docs/domain.md "Project home", "Event book"): the demo tunnel's
 * details and design figures, safe-production days from its seeded recordable accident, its bores'
 * progress and reported quantities, the latest events; an administrator records an event with a photo in
 * the event book and finds it on the home. Text at 12 px or more at 1366×768. HOME_SCREENSHOTS=1 also writes
 * docs/screenshots/home-{1366x768,1920x1080,3840x2160}.png. The machinery and attendance figures, the
 * cooperating-company dialog (sortable), and a board from the "project home" template with its panels.
 */
const SHOTS = !!process.env.HOME_SCREENSHOTS;
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the home shows the project, safe days, progress and the latest events; an event recorded with a photo appears there', async ({ page }) => {
  await page.goto('/#/home');
  await logIn(page);
  const project = page.getByTestId('home-project');
  await expect(project).toContainText('Yunling Township, Dali, Yunnan', { timeout: 20_000 });
  await expect(project).toContainText('Southwest Highway Survey and Design Institute');
  await expect(project).toContainText('186,500');
  await expect(page.getByTestId('home-safe-days')).toContainText('187');
  await expect(page.getByTestId('home-safe-days')).toContainText('since the last recordable accident');
  await expect(page.getByRole('region', { name: 'Key progress' })).toContainText('Portal bridge piers');
  await expect(page.getByRole('region', { name: 'Latest events' }).locator('[data-event-id]')).toHaveCount(5);

  const links = page.getByRole('navigation', { name: 'Go to' });
  for (const name of ['Emergency', 'Inspections', 'Safety education']) await expect(links.getByRole('link', { name, exact: true })).toBeVisible();
  for (const [w, h] of [[1366, 768], [1920, 1080], [3840, 2160]] as const) {
    await page.setViewportSize({ width: w, height: h });
    if (w === 1366) expect(await smallTexts(page, 12)).toEqual([]);
    // the link row stays inside the page, on at most two lines
    const row = await links.evaluate((el) => ({ overflow: el.scrollWidth - el.clientWidth, lines: new Set([...el.querySelectorAll('a')].map((a) => a.offsetTop)).size }));
    expect(row.overflow).toBeLessThanOrEqual(0);
    expect(row.lines).toBeLessThanOrEqual(2);
    if (SHOTS) await page.screenshot({ path: `docs/screenshots/home-${w}x${h}.png`, fullPage: w !== 3840 });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });

  await page.getByRole('link', { name: 'Open the event book' }).click();
  const form = page.getByRole('region', { name: 'Record an event' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Lining trolley moved to the right bore');
  await form.getByLabel('Photos and files').setInputFiles({ name: 'trolley.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Record' }).click();
  const recorded = page.getByRole('region', { name: 'Events' }).locator('[data-event-id]').filter({ hasText: 'Lining trolley moved to the right bore' });
  await expect(recorded).toBeVisible({ timeout: 20_000 });
  await expect(recorded.getByRole('img', { name: 'trolley.png' })).toBeVisible();

  await page.getByRole('link', { name: 'Project home' }).first().click();
  await expect(page.getByRole('region', { name: 'Latest events' })).toContainText('Lining trolley moved to the right bore', { timeout: 20_000 });
});

test('the home counts machinery and attendance, and its cooperating-company dialog lists and sorts the companies', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/home');
  await logIn(page);
  const stats = page.getByTestId('home-statistics');
  await expect(stats.getByTestId('home-machinery-lifting')).toBeVisible({ timeout: 20_000 });
  await expect(stats.getByTestId('home-machinery-vehicles')).toBeVisible();
  await expect(stats.getByTestId('home-attendance')).toHaveAttribute('data-source', 'gates');
  await expect(stats.getByTestId('home-attendance')).toContainText('attendance today, by the gates');
  const button = page.getByTestId('home-companies-button');
  await expect(button).toHaveText(/Cooperating companies \(\d+\)/);
  const n = Number((await button.innerText()).match(/\((\d+)\)/)![1]);
  expect(n).toBeGreaterThan(0);
  await button.click();
  const dialog = page.locator('[data-companies-dialog]');
  const rows = dialog.locator('tbody tr[data-company]');
  await expect(rows).toHaveCount(n, { timeout: 20_000 });
  expect(await smallTexts(page, 12)).toEqual([]);
  // sorting by people: descending, then ascending on a second click
  const people = async () => Number.parseInt(await rows.first().locator('td').nth(3).innerText(), 10);
  await dialog.locator('[data-sort-key="personCount"] button').click();
  await expect(dialog.locator('[data-sort-key="personCount"]')).toHaveAttribute('aria-sort', 'descending');
  const most = await people();
  await dialog.locator('[data-sort-key="personCount"] button').click();
  await expect(dialog.locator('[data-sort-key="personCount"]')).toHaveAttribute('aria-sort', 'ascending');
  expect(await people()).toBeLessThanOrEqual(most);
  // a row opens the company's teams
  await rows.first().click();
  await expect(page.locator('[data-company-modal]')).toBeVisible();
});

const made: string[] = [];
test.afterAll(async ({ request }) => deleteBoards(request, made));

test('a board from the project-home template shows the summary, statistics, key progress and latest events', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/home');
  await logIn(page);
  await expect(page.getByTestId('home-project')).toBeVisible({ timeout: 20_000 });
  const board = await releasedTemplateBoard(page.request, DEMO_PROJECT.projectId, 'project-home', 'Project home e2e', made);
  await page.goto(`/#/dataV/viewBoard?boardId=${board.boardId}`);
  await expect(page.locator('[data-panel-type="projectSummary"] [data-project-summary-panel]')).toContainText('Yunling Township, Dali, Yunnan', { timeout: 30_000 });
  const stats = page.locator('[data-panel-type="homeStatistics"]');
  await expect(stats.getByTestId('home-machinery')).toBeVisible({ timeout: 30_000 });
  await expect(stats.getByTestId('home-attendance')).toHaveAttribute('data-source', 'gates');
  await expect(stats.getByTestId('home-safe-days')).toContainText('187');
  await expect(page.locator('[data-panel-type="keyProgress"]')).toContainText('Portal bridge piers', { timeout: 30_000 });
  // the events that fit whole, the others counted
  const events = page.locator('[data-panel-type="latestEvents"]');
  await expect(events.locator('[data-event-id]').first()).toBeVisible({ timeout: 30_000 });
  const shown = await events.locator('[data-event-id]').count();
  if (shown < 5) await expect(events.locator('[data-more-events]')).toContainText(`${5 - shown} more in the event book`);
  await expect(page.locator('[data-panel-type="alarmFeed"]')).toBeVisible();
});
