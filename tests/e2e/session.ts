import { expect, type APIRequestContext, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { ALARMS } from '../../protocol';
import { E2E } from './global-setup';

/** Fills the login form and signs in (the demo administrator unless another user is named). */
export async function logIn(page: Page, username = 'admin', password: string = E2E.adminPassword): Promise<void> {
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Publishes `payload` as a device of `projectId` over the embedded broker (QoS 1), with the project's
 * device credentials read through `request` (an administrator's session).
 */
export async function publishAsDevice(request: APIRequestContext, projectId: string, topic: string, payload: object): Promise<void> {
  const res = await request.post('/zhgd/project/deviceKey', { data: { projectId } });
  const key = (await res.json()).data as { username: string; password: string };
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${E2E.mqttPort}`, { username: key.username, password: key.password, reconnectPeriod: 0 });
  try {
    await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

/**
 * Handles every untreated alarm of `projectId` through the API (an administrator's session in `request`):
 * the shift starts clean, so a flood banner left by earlier specs does not stand above the board.
 */
export async function handleOpenAlarms(request: APIRequestContext, projectId: string): Promise<void> {
  const open = await request.post(ALARMS.alarmList.path, { data: { projectId, dealStatus: 0, page: 1, pageSize: 500 } });
  const ids = ((await open.json()) as { data: { list: Array<{ alarmId: number }> } }).data.list.map((a) => a.alarmId);
  if (ids.length) await request.post(ALARMS.alarmDealBatch.path, { data: { alarmIds: ids, dealStatus: 1, dealRemark: 'Handled at the shift change' } });
}

/**
 * Makes a board of `projectId` from template `templateId`, named `name`, and releases it through the API
 * (an administrator's session in `request`), so the viewer can show it. @returns its boardId
 */
export async function releasedBoardOf(request: APIRequestContext, projectId: string, templateId: string, name: string): Promise<string> {
  const ticket = await request.get(`/zhgd/ticket/getTicket?projectId=${projectId}`);
  const board = await request.post('/zhgd/board/add/initialize', {
    data: { projectId, templateId, name },
    headers: { dataBoardBasicToken: ((await ticket.json()) as { data: { ticket: string } }).data.ticket },
  });
  const created = ((await board.json()) as { data: { boardId: string; version: number } }).data;
  const released = await request.post('/zhgd/board/release', { data: { boardId: created.boardId, baseVersion: created.version } });
  expect(((await released.json()) as { success: boolean }).success).toBe(true);
  return created.boardId;
}
