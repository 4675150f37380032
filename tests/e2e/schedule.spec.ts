import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { SCHEDULE, type ScheduleSimple } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { logIn } from './session';
import { smallTexts } from './smallTexts';

/**
 * The project schedule in the browser (docs/domain.md "Project schedule"): the home's link and figures, the
 * Gantt with the demo's late task marked in red and in words, a summary task as a bracket and computed in
 * its form, the scale at the table's text size at 1366, 1920 and 3840 px, no text under 12 px at 1366×768, a task added
 * through the dialog showing in the table and the Gantt (removed again afterwards), and a plan saved from
 * Microsoft Project as XML imported through the file picker (the demo's schedule put back afterwards).
 */
const projectId = DEMO_PROJECT.projectId;
/** A tunnel plan saved from Microsoft Project as XML. */
const PLAN_XML = path.join(import.meta.dirname, '../../fixtures/k13-tunnel-plan.xml');

test('the schedule: a late task marked on the Gantt, a task added through the dialog appears', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/home');
  await logIn(page);
  await expect(page.getByTestId('home-schedule')).toContainText('late tasks');
  await page.getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page).toHaveURL(/#\/schedule/);

  const late = page.locator('[data-gantt-task="3.2"]');
  await expect(late).toHaveAttribute('data-status', 'late');
  await expect(late.locator('[data-mark="late"]')).toHaveText('Late');
  await expect(page.locator('[data-task="3.2"] [data-task-status="late"]')).toHaveText('Late');
  await expect(page.locator('[data-gantt-task="4.2"]')).toHaveAttribute('data-status', 'atRisk');
  await expect(page.locator('[data-arrow="3.1>3.2"]')).toHaveCount(1);
  await expect(page.locator('[data-today]')).toHaveCount(1);
  const simple = (await (await page.request.post(SCHEDULE.simple.path, { data: { projectId } })).json()) as { data: ScheduleSimple };
  await expect(page.locator('[data-schedule-late]')).toHaveText(String(simple.data.late));
  expect(await smallTexts(page, 12)).toEqual([]);

  // a summary task: a bracket on the Gantt, its rolled-up figures in the table, computed in the form
  const rk = simple.data.list.find((t) => t.wbs === '3')!;
  expect(rk.summary).toBe(true);
  await expect(page.locator('[data-gantt-task="3"]')).toHaveAttribute('data-summary', 'true');
  await expect(page.locator('[data-task="3"]')).toContainText(`${rk.progressPct}%`);
  await page.locator('[data-task="3"]').getByRole('button', { name: rk.name }).click();
  const form = page.getByRole('dialog');
  await expect(form.locator('[data-summary-note]')).toBeVisible();
  await expect(form.getByLabel('Planned start')).toBeDisabled();
  await expect(form.getByLabel('Progress %')).toBeDisabled();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // the Gantt's scale reads at the table's size, whatever the screen (4K zooms both)
  for (const [w, h] of [[1920, 1080], [3840, 2160], [1366, 768]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    // the tick's drawn height against the table's text size as drawn (its font size × the page zoom)
    const sizes = await page.evaluate(() => {
      const zoom = Number(getComputedStyle(document.documentElement).zoom) || 1;
      const cell = document.querySelector('[data-schedule-table] tbody td')!;
      return { tick: document.querySelector('[data-gantt] [data-tick]')!.getBoundingClientRect().height, cellPx: Number.parseFloat(getComputedStyle(cell).fontSize) * zoom };
    });
    expect(sizes.tick / sizes.cellPx).toBeGreaterThan(0.95);
    expect(sizes.tick / sizes.cellPx).toBeLessThan(1.4);
  }

  await page.getByRole('button', { name: 'Week' }).click();
  await page.getByRole('button', { name: 'Add task' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('WBS', { exact: true }).fill('5.3');
  await dialog.getByLabel('Task name').fill('Cable trough covers');
  await dialog.getByLabel('Planned start').fill(simple.data.today);
  await dialog.getByLabel('Planned end').fill(simple.data.today);
  await dialog.getByLabel('Predecessors (WBS, comma-separated)').fill('5.1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-task="5.3"]')).toContainText('Cable trough covers');
  await expect(page.locator('[data-gantt-task="5.3"]')).toHaveCount(1);
  await expect(page.locator('[data-arrow="5.1>5.3"]')).toHaveCount(1);

  // leave the demo as it was for the other specs
  const added = ((await (await page.request.post(SCHEDULE.simple.path, { data: { projectId } })).json()) as { data: ScheduleSimple }).data.list.find((t) => t.wbs === '5.3')!;
  expect((await page.request.post(SCHEDULE.delete.path, { data: { projectId, taskIds: [added.taskId] } })).ok()).toBe(true);
});

test('a plan saved from Microsoft Project as XML imports through the file picker and draws on the Gantt', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/schedule');
  await logIn(page);
  await expect(page.locator('[data-gantt-task="3.2"]')).toHaveCount(1, { timeout: 15_000 });
  // the demo's schedule, to put back afterwards for the other specs
  const exported = await page.request.post(SCHEDULE.export.path, { data: { projectId } });
  expect(exported.headers()['content-type']).toContain('spreadsheetml');
  const saved = Buffer.from(await exported.body()).toString('base64');
  try {
    await page.getByLabel('Import .xlsx or Project XML').setInputFiles({ name: 'K13 tunnel plan.xml', mimeType: 'application/xml', buffer: readFileSync(PLAN_XML) });
    await expect(page.getByRole('status')).toHaveText('6 tasks imported');
    await expect(page.locator('[data-task="2.1"]')).toContainText('Left bore K13+630–K14+200');
    await expect(page.locator('[data-gantt-task="3.2"]')).toHaveCount(0);
    await expect(page.locator('[data-gantt-task="1"]')).toHaveAttribute('data-summary', 'true');
    await expect(page.locator('[data-arrow="1.2>2.1"]')).toHaveCount(1);
    await expect(page.locator('[data-arrow="2.1>2.2"]')).toHaveCount(1);

    // a file cut short is refused whole, and says why
    await page.getByLabel('Import .xlsx or Project XML').setInputFiles({ name: 'cut.xml', mimeType: 'application/xml', buffer: readFileSync(PLAN_XML).subarray(0, 700) });
    await expect(page.getByText(/not well-formed XML/)).toBeVisible();
    await expect(page.locator('[data-task="2.1"]')).toHaveCount(1);
  } finally {
    const back = await page.request.post(SCHEDULE.import.path, { data: { projectId, contentBase64: saved } });
    expect(((await back.json()) as { data: { problems: unknown[] } }).data.problems).toEqual([]);
  }
});
