import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, ALARMS, AUTH, type AlarmPage, type AlarmRecord } from '../../protocol';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { E2E } from './global-setup';
import { publishAsDevice } from './session';

/**
 * The board's alarm display (docs/product.md "Alarm display"): a live SOS breaks through a replay of the
 * demo board (LIVE banner), one click goes back to live with the person on the tunnel map, and the person
 * stays marked there after their tag falls silent, until the SOS is handled. A tag of its own (added to
 * the registry here, not driven by the simulator) so that it can fall silent.
 */

const projectId = DEMO_PROJECT.projectId;
const SN = `E2E-SOS-${Date.now() % 1_000_000}`;
const NAME = 'Zhang Wei e2e';

async function call<T>(request: APIRequestContext, route: string, data: unknown): Promise<T> {
  const res = await request.post(route, { data });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${route} failed: ${env.errorMessage}`);
  return env.data;
}

async function logIn(page: Page): Promise<void> {
  await call(page.request, AUTH.login.path, { username: 'admin', password: E2E.adminPassword });
}

async function openSos(request: APIRequestContext): Promise<AlarmRecord[]> {
  const page = await call<AlarmPage>(request, ALARMS.alarmList.path, { projectId, deviceSn: SN, kind: 'sos', dealStatus: 0, page: 1, pageSize: 10 });
  return page.list as AlarmRecord[];
}

test.afterAll(async ({ request }) => {
  await request.post(AUTH.login.path, { data: { username: 'admin', password: E2E.adminPassword } });
  for (const a of await openSos(request).catch(() => [])) await request.post(ALARMS.alarmDeal.path, { data: { alarmId: a.alarmId, dealStatus: 2, dealRemark: 'e2e clean-up' } });
  await request.post(ADMIN.deviceRemove.path, { data: { projectId, sns: [SN] } });
});

test('a live SOS breaks through a replay, back to live shows the person, who stays marked after the tag falls silent', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await logIn(page);
  const request = page.request;
  await call(request, ADMIN.deviceAdd.path, { projectId, device: { sn: SN, kind: 'beacon', name: NAME, position: NAME, tunnelId: 'LK', reportPeriodS: 5 } });

  // The demo board replaying the last hour.
  const to = Date.now();
  await page.goto(`/#/dataV/viewBoard?boardId=demo-live&from=${to - 3_600_000}&to=${to}&range=1h`);
  await expect(page.locator('[data-panel-type="tunnelPersonnel"]')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/from=/);
  const sound = page.locator('header [data-sound]');
  if ((await sound.getAttribute('data-sound')) === 'off') await sound.click();
  await expect(sound).toHaveAttribute('data-sound', 'on');

  // The tag's SOS, live: a LIVE banner over the replayed board names the person.
  await publishAsDevice(request, projectId, `zhgd/${projectId}/beacon/${SN}/telemetry`, { ts: Date.now(), tunnelId: 'LK', chainageM: 1105, battery: 80, sos: true });
  const live = page.locator('[data-alarm-banner="live"]');
  await expect(live.filter({ hasText: NAME })).toBeVisible({ timeout: 5_000 });
  await expect(live.locator('[data-live-badge]')).toHaveText('LIVE');
  await expect(live).toHaveAttribute('data-worst-kind', 'sos');
  await expect(page).toHaveURL(/from=/); // still replaying
  await page.screenshot({ path: testInfo.outputPath('live-sos-in-replay.png') });

  // One click: back to live, the person in SOS on the map.
  await live.locator('[data-banner-back-live]').click();
  await expect(page).not.toHaveURL(/from=/);
  await expect(page.locator('[data-alarm-banner="live"]')).toHaveCount(0);
  const summary = page.locator('[data-summary="personnel"]');
  await expect(summary).toContainText(`SOS: ${NAME}`, { timeout: 10_000 });
  await expect(page.locator('[data-alarm-banner]').first()).toBeVisible();

  // The button is released: the tag reports sos:false from K13+110; the person keeps the SOS mark there.
  await publishAsDevice(request, projectId, `zhgd/${projectId}/beacon/${SN}/telemetry`, { ts: Date.now(), tunnelId: 'LK', chainageM: 1110, battery: 80, sos: false });
  await expect(summary).toContainText(`SOS: ${NAME} (K13+110)`, { timeout: 10_000 });
  expect((await openSos(request))[0]).toMatchObject({ state: 'active', dealStatus: 0 });

  // Then the tag falls silent (no fix for more than the map's 30 s): still marked in SOS at K13+110, with the time of its last fix.
  await expect(summary).toContainText(new RegExp(`SOS: ${NAME} · last fix \\d\\d:\\d\\d:\\d\\d \\(K13\\+110\\)`), { timeout: 60_000 });
  await expect(page.locator('[data-panel-type="headline"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sos-kept-on-map.png') });

  // Handled: the map drops the SOS mark (the silent tag still counts, greyed, until 5 min without a fix).
  const sos = (await openSos(request))[0];
  expect(sos).toBeTruthy();
  await call(request, ALARMS.alarmDeal.path, { alarmId: sos.alarmId, dealStatus: 1, dealRemark: 'Worker found safe' });
  await expect(summary).not.toContainText(NAME, { timeout: 15_000 });
});
