import type { APIRequestContext, Locator, Page } from '@playwright/test';
import mqtt from 'mqtt';
import { ALARMS, AUTH, BOARD_TICKET_HEADER, BOARDS, type Board } from '../../protocol';
import { E2E } from './global-setup';

/** Fills the login form and signs in (the demo administrator unless another user is named). */
export async function logIn(page: Page, username = 'admin', password: string = E2E.adminPassword): Promise<void> {
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The shell's link to the page `name` from a screen's header (`main > header`): the link itself, or, when
 * the header has folded its links into "More pages", that menu opened and its item.
 */
export async function shellLink(page: Page, name: string): Promise<Locator> {
  const header = page.locator('main > header').first();
  await header.getByRole('button', { name: 'Logout' }).waitFor();
  const more = header.getByRole('button', { name: 'More pages' });
  if (!(await more.isVisible())) return header.getByRole('link', { name });
  await more.click();
  return page.getByRole('menuitem', { name });
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

/** The data of a call through `request` that must succeed; throws with the server's message otherwise. */
export async function call<T>(request: APIRequestContext, route: string, data: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await request.post(route, { data, headers });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${route} failed: ${env.errorMessage}`);
  return env.data;
}

/**
 * A board of `projectId` made from template `templateId` and released, so the viewer shows it (an
 * administrator's session in `request`). Its id goes into `made` as soon as it exists, for the spec's
 * cleanup ({@link deleteBoards}) even when the release fails.
 */
export async function releasedTemplateBoard(request: APIRequestContext, projectId: string, templateId: string, name: string, made: string[]): Promise<Board> {
  const { ticket } = ((await (await request.get(`${BOARDS.ticketGet.path}?projectId=${projectId}`)).json()) as { data: { ticket: string } }).data;
  const board = await call<Board>(request, BOARDS.boardAddInitialize.path, { projectId, templateId, name }, { [BOARD_TICKET_HEADER]: ticket });
  made.push(board.boardId);
  await call(request, BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: board.version });
  return board;
}

/** Deletes the boards `boardIds` as the demo administrator: a spec's cleanup, so the others see the demo project as seeded. */
export async function deleteBoards(request: APIRequestContext, boardIds: readonly string[]): Promise<void> {
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  for (const boardId of boardIds) {
    const res = await request.post(BOARDS.boardScreen.path, { data: { boardId } });
    const env = (await res.json()) as { success: boolean; data: Board };
    if (env.success) await request.post(BOARDS.boardDelete.path, { data: { boardId, baseVersion: env.data.version } });
  }
}
