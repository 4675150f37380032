import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createFromTemplate, logIn, panels, props, saved, visiblePoint } from './builderHelpers';

/** The builder's model side: lock (saved), groups, and data binding from the property pane. */

async function box(page: Page, i: number) {
  return (await panels(page).nth(i).boundingBox())!;
}

async function dragBy(page: Page, i: number, dx: number, dy: number): Promise<void> {
  const p = await visiblePoint(page, i);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move(p.x + dx / 2, p.y + dy / 2, { steps: 3 });
  await page.mouse.move(p.x + dx, p.y + dy, { steps: 3 });
  await page.mouse.up();
}

/** The draft as the server has it. */
async function serverBoard(page: Page, boardId: string) {
  return page.evaluate(async (id) => {
    const res = await fetch('/zhgd/board/screen', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ boardId: id, released: false }) });
    return (await res.json()).data as { pages: Array<{ panels: Array<{ panelId: string; type: string; x: number; y: number; locked?: boolean; groupId?: string; config: Record<string, unknown> }> }> };
  }, boardId);
}

/**
 * Selects the panel titled `title` (of panel type `type`) from the Layers list, shown while nothing is
 * selected: a click at canvas coordinates can land on a neighbour while the fit zoom is still settling
 * after the board loads (it once selected the tower crane instead of the alarms).
 */
async function selectInLayers(page: Page, title: string, type: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('layers').getByRole('button', { name: title, exact: true }).click();
  await expect(props(page).getByTitle(type)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/#/dataV/create');
  await logIn(page);
});

test('a locked panel stays locked after a reload and cannot be dragged', async ({ page }) => {
  const boardId = await createFromTemplate(page, `E2E lock ${Date.now()}`);
  const alarms = await panels(page).evaluateAll((els) => els.findIndex((el) => el.getAttribute('title') === 'Alarms'));
  await selectInLayers(page, 'Alarms', 'alarmFeed');
  await props(page).getByLabel('Locked', { exact: true }).check();
  await expect(props(page).getByLabel('x', { exact: true })).toBeDisabled();
  await saved(page);
  expect((await serverBoard(page, boardId)).pages[0].panels.find((p) => p.type === 'alarmFeed')!.locked).toBe(true);

  await page.reload();
  await expect(panels(page)).toHaveCount(6);
  await selectInLayers(page, 'Alarms', 'alarmFeed');
  await expect(props(page).getByLabel('Locked', { exact: true })).toBeChecked();
  const before = await box(page, alarms);
  await dragBy(page, alarms, -120, -80);
  expect(await box(page, alarms)).toEqual(before);
  // Delete is refused with the reason; the panel stays.
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('editor-notice')).toContainText('Locked panels are not deleted');
  await expect(panels(page)).toHaveCount(6);

  // Unlocking is an undoable step like any other (Ctrl+Z works with the checkbox focused).
  await props(page).getByLabel('Locked', { exact: true }).uncheck();
  await expect(props(page).getByLabel('x', { exact: true })).toBeEnabled();
  await page.keyboard.press('Control+z');
  await expect(props(page).getByLabel('Locked', { exact: true })).toBeChecked();
  await saved(page);
  expect((await serverBoard(page, boardId)).pages[0].panels.find((p) => p.type === 'alarmFeed')!.locked).toBe(true);
});

test('grouped panels are selected and dragged together', async ({ page }) => {
  const boardId = await createFromTemplate(page, `E2E group ${Date.now()}`);
  const table = 2;
  const crane = 3;
  const a = await visiblePoint(page, table);
  const b = await visiblePoint(page, crane);
  await page.mouse.click(a.x, a.y);
  await page.keyboard.down('Shift');
  await page.mouse.click(b.x, b.y);
  await page.keyboard.up('Shift');
  await page.keyboard.press('Control+g');
  await expect(page.getByTestId('selection-pane')).toContainText('A group of 2 panels');
  await page.keyboard.press('Escape');
  // The layers list marks both members of the group.
  await expect(page.getByTestId('layers').getByText('G1')).toHaveCount(2);

  const t0 = await box(page, table);
  const c0 = await box(page, crane);
  await dragBy(page, table, -150, -60);
  const t1 = await box(page, table);
  const c1 = await box(page, crane);
  expect(Math.round(t1.x - t0.x)).not.toBe(0);
  expect(Math.round(c1.x - c0.x)).toBe(Math.round(t1.x - t0.x));
  expect(Math.round(c1.y - c0.y)).toBe(Math.round(t1.y - t0.y));
  await saved(page);
  const server = (await serverBoard(page, boardId)).pages[0].panels;
  const grouped = server.filter((p) => p.groupId);
  expect(grouped.map((p) => p.type).sort()).toEqual(['gasTable', 'towerCrane']);
  expect(grouped[0].groupId).toBe(grouped[1].groupId);
});

test('binds a gas trend to another station from the Data picker', async ({ page }) => {
  const boardId = await createFromTemplate(page, `E2E bind ${Date.now()}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('layers').getByRole('button', { name: 'Working face: gas trend', exact: true }).click();
  const station = props(page).getByTestId('data-section').getByLabel('Gas station', { exact: true });
  await expect(station).toBeVisible();
  // Options load from device/list; pick one other than the current.
  await expect(station.locator('option')).not.toHaveCount(1);
  const current = await station.inputValue();
  const values = await station.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const next = values.find((v) => v !== current)!;
  await station.selectOption(next);
  await expect(props(page).getByTestId('binding-topic')).toBeHidden(); // the topic only on demand
  await props(page).getByText('MQTT topic').click();
  await expect(props(page).getByTestId('binding-topic')).toContainText(`/gas/${next}/telemetry`);
  await props(page).getByText('Advanced (JSON)').click();
  await expect(props(page).getByLabel('Config (JSON)')).toHaveValue(new RegExp(`"sn": "${next}"`));
  await saved(page);
  const trend = (await serverBoard(page, boardId)).pages[0].panels.find((p) => p.type === 'gasTrend')!;
  expect(trend.config.sn).toBe(next);

  // A setting the schema refuses shows why and changes nothing.
  await props(page).getByLabel('Time window (min)', { exact: true }).fill('0');
  await props(page).getByLabel('Time window (min)', { exact: true }).press('Enter');
  await expect(props(page).getByTestId('settings-error')).toContainText('windowMin');
  await page.keyboard.press('Control+z');
  await expect(station).toHaveValue(current);
});

test('restacks a panel by dragging its row in the Layers list, saved and undoable', async ({ page }) => {
  const boardId = await createFromTemplate(page, `E2E layers ${Date.now()}`);
  await page.keyboard.press('Escape'); // nothing selected: the pane shows the Layers list
  const rows = page.getByTestId('layer-row');
  await expect(rows).toHaveCount(6);
  const ids = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.panelId!));
  const bottom = ids.at(-1)!;

  await rows.last().dragTo(rows.first());
  await expect(rows.first()).toHaveAttribute('data-panel-id', bottom);
  await saved(page);
  const onServer = (await serverBoard(page, boardId)).pages[0].panels as Array<{ panelId: string; z?: number }>;
  const top = [...onServer].sort((a, b) => (b.z ?? 0) - (a.z ?? 0))[0];
  expect(top.panelId).toBe(bottom);

  await page.keyboard.press('Control+z');
  await expect(rows.last()).toHaveAttribute('data-panel-id', bottom);
});
