import type { APIRequestContext, Page } from '@playwright/test';
import mqtt from 'mqtt';
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
