import { expect, test } from './fixtures';
import { EDUCATION, PEOPLE } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { logIn, shellLink } from './session';

/**
 * Safety education in the browser (docs/api.md "Safety education"): the screen lists the seeded records and
 * the people without the three-level entry education; recording one for such a person through the dialog
 * (participant picked by name) takes them off that list, and the people screen shows the amber badge for
 * the others.
 */
const projectId = DEMO_PROJECT.projectId;
type People = { list: Array<{ personId: string; name: string }>; withoutThreeLevel: number };

test('the education screen: records, the people without three-level education, a record made in the dialog, the badge on the people list', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/education');
  await logIn(page);
  await expect(await shellLink(page, 'Safety education')).toBeVisible();
  await page.keyboard.press('Escape');

  const before = ((await (await page.request.post(EDUCATION.people.path, { data: { projectId, withoutThreeLevelOnly: true } })).json()) as { data: People }).data;
  expect(before.withoutThreeLevel).toBeGreaterThan(0);
  await expect(page.locator('[data-untrained]')).toHaveCount(before.withoutThreeLevel);
  await expect(page.locator('[data-education-record]').first()).toBeVisible();

  // a newcomer, found in the picker by their beacon (demo names repeat; the search matches the sn too)
  const newcomer = before.list[0];
  const rows = ((await (await page.request.post(PEOPLE.personList.path, { data: { projectId, q: newcomer.name } })).json()) as { data: { list: Array<{ personId: string; beaconSn: string | null }> } }).data.list;
  const sn = rows.find((r) => r.personId === newcomer.personId)!.beaconSn!;
  await page.getByRole('button', { name: 'Record a safety education' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Theme' }).fill('Three-level entry education, make-up session');
  await dialog.getByRole('textbox', { name: 'Search by name or team' }).fill(sn);
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-untrained="${newcomer.personId}"]`)).toHaveCount(0);
  await expect(page.locator('[data-untrained]')).toHaveCount(before.withoutThreeLevel - 1);

  await page.goto('/#/people');
  await expect(page.locator('[data-education="missing"]').first()).toBeVisible();
  await expect(page.locator('[data-education="missing"]').first()).toHaveText('No 3-level education');
});
