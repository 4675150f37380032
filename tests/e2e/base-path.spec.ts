import { expect, test } from '@playwright/test';
import mqtt from 'mqtt';
import { DEVICES, OPERATIONS } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { startChildServer, type ChildServer } from '../helpers/childServer';
import { DEMO_CAMERAS } from '../helpers/devices';
import { startTestProxy, type TestProxy } from '../helpers/haproxy';
import { TEST_ADMIN_PASSWORD } from '../helpers/testServer';
import { e2eStaticDir } from './global-setup';
import { logIn } from './session';

const BASE = '/siteboard';
const METRICS_TOKEN = 'base-path-metrics-token-1';
const demo = DEMO_PROJECT.projectId;

/**
 * SiteBoard published under a sub-path by a real reverse proxy (HAProxy; docs/operations.md "Serving under a
 * sub-path"): the server runs with BASE_PATH and the proxy forwards only that path. The same build as every
 * other spec signs in, opens a live board whose alarms arrive over socket.io from the live worker, registers
 * its service worker under the sub-path, and /metrics answers there.
 */
test.describe('under a base path behind a reverse proxy', () => {
  let server: ChildServer | null = null;
  let proxy: TestProxy | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startChildServer({
      BASE_PATH: BASE,
      DATA_DIR: 'memory://',
      STATIC_DIR: e2eStaticDir(),
      SEED_LOCALE: 'en',
      DEMO_BACKFILL: 'off',
      METRICS_TOKEN,
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_API_PER_MINUTE: '0',
    });
    proxy = await startTestProxy({ basePath: BASE, backendPort: Number(new URL(server.url).port) });
  });

  test.afterAll(async () => {
    await proxy?.close();
    server?.process.kill('SIGTERM');
    await server?.exited;
  });

  test('signs in, shows live alarms, installs its service worker and serves /metrics there', async ({ page }) => {
    test.setTimeout(90_000);
    const site = `${proxy!.url}${BASE}`;
    // the bare base redirects to the folder the app's relative addresses need
    await page.goto(site);
    expect(new URL(page.url()).pathname).toBe(`${BASE}/`);
    await logIn(page, 'admin', TEST_ADMIN_PASSWORD);
    await page.goto(`${site}/#/dataV/viewBoard?boardId=demo-live`);
    await expect(page.locator('[data-panel-type="alarmFeed"]')).toBeVisible({ timeout: 30_000 });

    // a camera's AI alarm reaches the board through the proxy's websocket to `${BASE}/socket.io`
    const key = await page.request.post(`${site}${DEVICES.deviceKey.path}`, { data: { projectId: demo } });
    const { username, password } = (await key.json()).data as { username: string; password: string };
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${server!.mqttPort}`, { username, password, reconnectPeriod: 0 });
    try {
      await device.publishAsync(`zhgd/${demo}/camera/${DEMO_CAMERAS[0]}/alarm`, JSON.stringify({ ts: Date.now(), algType: 'noHelmet' }), { qos: 1 });
    } finally {
      await device.endAsync();
    }
    await expect(page.locator('[data-alarm-banner]')).toHaveAttribute('data-alarm-count', '1', { timeout: 20_000 });

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe(`${BASE}/`);

    const metrics = await page.request.get(`${site}${OPERATIONS.metrics.path}`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status()).toBe(200);
    expect(await metrics.text()).toMatch(/^# (HELP|TYPE) /m);
    // the proxy publishes nothing else
    expect((await page.request.get(`${proxy!.url}${OPERATIONS.metrics.path}`)).status()).toBe(404);
  });
});
