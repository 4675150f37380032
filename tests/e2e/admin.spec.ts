import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import mqtt from 'mqtt';
import { E2E } from './global-setup';
import { logIn } from './session';

/**
 * A company's first day in the administration area (docs/operations.md "First day"): the administrator
 * creates a project, a safety officer and a viewer, registers a gas device through the import; the device
 * publishes with the project's MQTT credentials and its reading shows on a board; the viewer can neither
 * edit nor handle; the safety officer handles an alarm and cannot release a board.
 */

const PROJECT = 'e2e-north';
const SN = 'GAS-E2E-1';

/** POST of the JSON API in the page's session; the envelope. */
async function api<T = unknown>(request: APIRequestContext, route: string, data: unknown): Promise<{ status: number; success: boolean; data: T; errorCode?: string }> {
  const res = await request.post(route, { data });
  const body = (await res.json()) as { success: boolean; data: T; errorCode?: string };
  return { status: res.status(), ...body };
}

/** A new browser context, logged in as `username`, who replaces the first password set by the administrator. */
async function firstLogin(browser: Browser, username: string, first: string, own: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/#/pageManger');
  await logIn(page, username, first);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('Current password').fill(first);
  await page.getByLabel(/^New password\s*\*?$/).fill(own);
  await page.getByLabel('New password again').fill(own);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeHidden();
  return page;
}

test('an administrator sets up a project, its people and a gas device; roles hold', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/#/admin');
  await logIn(page, 'admin', E2E.adminPassword);
  await expect(page.getByRole('heading', { name: /Administration/ })).toBeVisible();

  // 1. A new project of the demo organisation, from the Projects tab.
  const newProject = page.locator('section', { has: page.getByRole('heading', { name: 'New project' }) });
  await newProject.getByLabel('Organisation').selectOption('co-demo');
  await newProject.getByLabel('Project id').fill(PROJECT);
  await newProject.getByLabel('Name').fill('North Tunnel');
  await newProject.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('table', { name: 'Projects' }).getByText(`North Tunnel (${PROJECT})`)).toBeVisible();

  // Work in it: the organisation switch (postDomain.htm, docs/product.md "Organisation switch"), then the admin area of the new project.
  const switched = await page.request.post('/nav/postDomain.htm', { form: { type: '2', id: PROJECT } });
  expect(switched.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: /North Tunnel/ })).toBeVisible();

  // 2. A safety officer and a viewer: users, then members with their roles.
  await page.getByRole('tab', { name: 'Users and roles' }).click();
  const users = page.locator('section', { has: page.getByRole('heading', { name: 'Users', exact: true }) });
  for (const [username, name] of [
    ['safety-1', 'Sam Safety'],
    ['viewer-1', 'Vera Viewer'],
  ]) {
    await users.getByLabel('User name').fill(username);
    await users.getByLabel('Name', { exact: true }).fill(name);
    await users.getByLabel('First password').fill('first-pass-2026');
    await users.getByRole('button', { name: 'Create user' }).click();
    await expect(users.getByRole('table').getByText(username, { exact: true })).toBeVisible();
  }
  const members = page.locator('section', { has: page.getByRole('heading', { name: 'Members of this project' }) });
  for (const [username, role] of [
    ['safety-1', 'Safety officer'],
    ['viewer-1', 'Viewer'],
  ]) {
    await members.getByLabel('User name').fill(username);
    await members.getByLabel('Role', { exact: true }).selectOption({ label: role });
    await members.getByRole('button', { name: 'Add member' }).click();
    await expect(members.getByRole('table').getByText(username, { exact: true })).toBeVisible();
  }

  // 3. The gas device through the import (CSV).
  await page.getByRole('tab', { name: 'Devices' }).click();
  const csv = `sn,kind,name,station,position,reportPeriodS,gases\n${SN},gas,North face gas,face,North bore face,10,CO;O2;CH4;H2S\n`;
  await page.getByRole('button', { name: 'Import a list' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import a list' });
  await importDialog.getByLabel('Device list file').setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(importDialog.getByText('1 devices imported (1 new, 0 updated)')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('textbox', { name: 'Search devices' }).fill(SN);
  await expect(page.getByRole('table', { name: 'Devices' }).getByText(SN)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-devices-1920x1080.png') });

  // 4. The device publishes with the project's own credentials; a board of the project shows the reading.
  await page.getByRole('button', { name: 'Show' }).click();
  const credentials = (await page.getByTestId('mqtt-credentials').textContent())!.split(' / ');
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${E2E.mqttPort}`, { username: credentials[0].trim(), password: credentials[1].trim(), reconnectPeriod: 0 });
  const ticket = await page.request.get(`/zhgd/ticket/getTicket?projectId=${PROJECT}`);
  const board = await page.request.post('/zhgd/board/add/initialize', {
    data: { projectId: PROJECT, templateId: 'tunnel-safety', name: 'North live' },
    headers: { dataBoardBasicToken: ((await ticket.json()) as { data: { ticket: string } }).data.ticket },
  });
  const created = ((await board.json()) as { data: { boardId: string; version: number } }).data;
  const released = await api(page.request, '/zhgd/board/release', { boardId: created.boardId, baseVersion: created.version });
  expect(released.success).toBe(true);
  try {
    await page.goto(`/#/dataV/viewBoard?boardId=${created.boardId}`);
    const table = page.locator('[data-panel-type="gasTable"]');
    await expect(table).toBeVisible();
    // Publish until the reading shows (the live subscription starts when the panel mounts).
    await expect(async () => {
      await device.publishAsync(`zhgd/${PROJECT}/gas/${SN}/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 7.3, O2: 20.9, CH4: 0.02, H2S: 0 } }), { qos: 1 });
      await expect(table.getByText('7.3')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // An over-limit reading raises an alarm for the safety officer to handle.
    await device.publishAsync(`zhgd/${PROJECT}/gas/${SN}/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 400, O2: 20.9, CH4: 0.02, H2S: 0 } }), { qos: 1 });
  } finally {
    await device.endAsync();
  }

  // 5. The viewer: boards only. No administration, no edits, no handling.
  const viewer = await firstLogin(browser, 'viewer-1', 'first-pass-2026', 'viewer-own-2026');
  await expect(viewer.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  const list = await api(viewer.request, '/zhgd/board/list', { projectId: PROJECT });
  expect(list.success).toBe(true);
  const alarms = await api<{ list: { alarmId: number }[] }>(viewer.request, '/zhgd/alarm/list', { projectId: PROJECT });
  await expect.poll(async () => (await api<{ list: { alarmId: number }[] }>(viewer.request, '/zhgd/alarm/list', { projectId: PROJECT })).data.list.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const alarmId = (await api<{ list: { alarmId: number }[] }>(viewer.request, '/zhgd/alarm/list', { projectId: PROJECT })).data.list[0].alarmId;
  expect(alarms.success).toBe(true);
  expect((await api(viewer.request, '/zhgd/board/edit', { boardId: created.boardId, baseVersion: created.version + 1, name: 'Mine' })).status).toBe(403);
  expect((await api(viewer.request, '/zhgd/alarm/deal', { alarmId, dealStatus: 1, dealRemark: 'seen' })).status).toBe(403);

  // 6. The safety officer handles the alarm and cannot release a board.
  const safety = await firstLogin(browser, 'safety-1', 'first-pass-2026', 'safety-own-2026');
  const dealt = await api(safety.request, '/zhgd/alarm/deal', { alarmId, dealStatus: 1, dealRemark: 'Ventilation increased, area cleared' });
  expect(dealt.success).toBe(true);
  expect((await api(safety.request, '/zhgd/board/release', { boardId: created.boardId, baseVersion: created.version + 1 })).status).toBe(403);

  // The audit log names who did all that.
  await page.goto('/#/admin');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  // each action named in words, its identifier kept on the cell
  const words: Record<string, string> = { 'device.import': 'Imported a device list', 'member.set': "Set a member's role", 'board.release': 'Released a board', 'alarm.deal': 'Handled an alarm' };
  for (const [action, text] of Object.entries(words)) await expect(audit.locator(`[data-action="${action}"]`).first()).toHaveText(text);
  await page.getByRole('tab', { name: 'Users and roles' }).click();
  await expect(page.getByRole('table', { name: 'Members of this project' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-users-1920x1080.png') });
});
