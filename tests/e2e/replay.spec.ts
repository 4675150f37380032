import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import mqtt from 'mqtt';
import { formatChainage } from '../../protocol/chainage';
import { E2E } from './global-setup';
import { logIn } from './session';

// The board in replay, against the e2e server (simulator on). The server needs no backfill here: the
// spec's own beacon makes the history it replays (a tag the simulator leaves silent, so nothing else
// moves it), and "the last hour" reaches back to the server's start. Run alone with a history-rich
// server: DEMO_BACKFILL=on DEMO_BACKFILL_HOURS=1 (docs/configuration.md) writes an hour in seconds.

const BOARD_URL = '/#/dataV/viewBoard?boardId=demo-live';
/** Where the spec's beacon stands in the left bore (m from its entry portal). */
const CHAINAGE_M = 812.5;

async function api<T>(page: Page, route: string, body: object): Promise<T> {
  const res = await page.request.post(route, { data: body });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${route}: ${env.errorMessage}`);
  return env.data;
}

interface Beacon {
  sn: string;
  name: string;
  kind: string;
  tunnelId: string | null;
}

test('replay the last hour: play at 60×, seek to the SOS marker, see the person there, share the moment, back to live', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto(BOARD_URL);
  await logIn(page);
  await expect(page.locator('[data-summary="personnel"]')).toBeAttached({ timeout: 30_000 });

  // A left-bore tag the simulator leaves silent (docked: not among the positions of the last minute).
  const devices = await api<Beacon[]>(page, '/zhgd/device/list', { projectId: 'demo-tunnel' });
  const tunnels = await api<Array<{ tunnelId: string; startChainageM: number; name: string }>>(page, '/zhgd/tunnel/list', { projectId: 'demo-tunnel' });
  const lk = tunnels.find((t) => t.tunnelId === 'LK')!;
  const heard = await api<{ positions: Array<{ sn: string }> }>(page, '/zhgd/telemetry/positions', { projectId: 'demo-tunnel', atMs: Date.now(), lookbackMs: 600_000 });
  const silent = new Set(devices.filter((d) => d.kind === 'beacon' && d.tunnelId === 'LK').map((d) => d.sn));
  for (const p of heard.positions) silent.delete(p.sn);
  const beacon = devices.find((d) => silent.has(d.sn));
  test.skip(!beacon, 'every left-bore tag is at work');

  // The tag stands at CHAINAGE_M for 4 s and presses SOS after 1 s, over real MQTT as the device would.
  const key = await api<{ username: string; password: string }>(page, '/zhgd/project/deviceKey', { projectId: 'demo-tunnel' });
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${E2E.mqttPort}`, { username: key.username, password: key.password, reconnectPeriod: 0 });
  try {
    for (let i = 0; i < 9; i++) {
      const payload = { ts: Date.now(), tunnelId: 'LK', chainageM: CHAINAGE_M, battery: 80, sos: i >= 2 };
      await client.publishAsync(`zhgd/demo-tunnel/beacon/${beacon!.sn}/telemetry`, JSON.stringify(payload), { qos: 1 });
      await page.waitForTimeout(500);
    }
  } finally {
    await client.endAsync();
  }
  type ListedAlarm = { alarmId: number; deviceSn: string; raisedAtMs: number };
  const findSos = async () => (await api<{ list: ListedAlarm[] }>(page, '/zhgd/alarm/list', { projectId: 'demo-tunnel', page: 1, pageSize: 50 })).list.find((a) => a.deviceSn === beacon!.sn);
  await expect.poll(findSos, { timeout: 15_000 }).toBeTruthy();
  const sos = (await findSos())!;

  // Last hour: the board replays, says so, and shows the playback bar.
  await page.locator('[data-time-range]').click();
  await page.getByRole('menuitemradio', { name: 'Last hour' }).click();
  await expect(page.locator('[data-replay-marker]')).toContainText('Replaying');
  const bar = page.locator('[data-playback-bar]');
  await expect(bar).toBeVisible();
  await expect(bar.getByText('Loading history…')).toHaveCount(0, { timeout: 60_000 });

  // Play at 60× from the start of the range: the instant moves about a minute per second.
  const instant = bar.locator('[data-replay-instant]');
  const timeline = bar.locator('[data-timeline]');
  await timeline.focus();
  await page.keyboard.press('Home');
  const startText = await instant.textContent();
  await bar.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: '60×' }).click();
  await bar.getByRole('button', { name: 'Play' }).click();
  await expect(instant).not.toHaveText(startText!, { timeout: 10_000 });
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect(bar.getByRole('button', { name: 'Play' })).toBeVisible();
  // the timeline shows the clock as of its last drawn frame: read it once that frame is on screen
  await page.waitForTimeout(300);
  const paused = Number(await timeline.getAttribute('aria-valuenow'));
  await page.waitForTimeout(1500);
  expect(Math.abs(Number(await timeline.getAttribute('aria-valuenow')) - paused)).toBeLessThan(1000);

  // The SOS marker: a click pauses 30 s before the alarm; three steps of 10 s reach it.
  await bar.locator(`[data-alarm-marker="${sos.alarmId}"]`).click();
  await expect.poll(async () => Number(await timeline.getAttribute('aria-valuenow'))).toBeGreaterThan(sos.raisedAtMs - 31_000);
  for (let i = 0; i < 3; i++) await bar.getByRole('button', { name: 'Step forward' }).click();
  await expect.poll(async () => Number(await timeline.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(sos.raisedAtMs - 1);
  const where = formatChainage(lk.startChainageM + CHAINAGE_M);
  const summary = page.locator('[data-summary="personnel"]');
  await expect(summary).toContainText(`SOS: ${beacon!.name} (${where})`, { timeout: 10_000 });

  // The URL carries the moment: another browser opens the same instant, paused, with the same SOS.
  await expect.poll(() => new URL(page.url().replace('/#/', '/')).searchParams.get('play'), { timeout: 5_000 }).toBe('0');
  await expect.poll(() => Math.abs(Number(new URL(page.url().replace('/#/', '/')).searchParams.get('at')) - Number(sos.raisedAtMs)), { timeout: 5_000 }).toBeLessThan(2_000);
  const shared = page.url();
  const at = await instant.textContent();
  const other = await browser.newPage();
  await other.goto(shared);
  await logIn(other);
  await expect(other.locator('[data-playback-bar] [data-replay-instant]')).toHaveText(at!, { timeout: 30_000 });
  await expect(other.locator('[data-summary="personnel"]')).toContainText(`SOS: ${beacon!.name} (${where})`, { timeout: 30_000 });
  await other.close();

  // Follow that person: the picker finds them by beacon and shows their team and beacon under the name.
  const follow = bar.getByRole('combobox', { name: 'Follow a person' });
  await follow.click();
  await follow.pressSequentially(beacon!.sn);
  const option = page.getByRole('option', { name: new RegExp(beacon!.sn) });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(beacon!.name);
  await option.click();
  await expect(follow).toHaveValue(new RegExp(beacon!.name));

  // Back to live in one click: no replay marker, no playback bar, no range in the URL.
  await bar.getByRole('button', { name: 'Back to live' }).click();
  await expect(page.locator('[data-replay-marker]')).toHaveCount(0);
  await expect(page.locator('[data-playback-bar]')).toHaveCount(0);
  expect(page.url()).not.toContain('from=');
  await expect(page.locator('[data-time-range]')).toHaveText('Live');
});

test('the time-range menu offers the last 365 days, played from the hour rollups with a note on positions', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(BOARD_URL);
  await logIn(page);
  await expect(page.locator('[data-summary="personnel"]')).toBeAttached({ timeout: 30_000 });
  await page.locator('[data-time-range]').click();
  const year = page.getByRole('menuitemradio', { name: /Last 365 days/ });
  await expect(year).toBeEnabled();
  await expect(year).not.toContainText('beyond the history kept');
  await page.screenshot({ path: test.info().outputPath('time-range-menu.png') });
  await year.click();
  await expect(page.locator('[data-replay-marker]')).toContainText('Replaying');
  // a year is longer than raw readings are kept: hour means, and the map says from when it has people
  const note = page.locator('[data-replay-history-note]');
  await expect(note).toContainText('Hourly averages.');
  await expect(note).toContainText(/Positions kept 30 days: people on the map from \d{4}-\d{2}-\d{2}\./);
  // the year loads: series from the hour tier, tracks from the first hour the raw retention still holds
  const bar = page.locator('[data-playback-bar]');
  await expect(bar.getByText('Loading history…')).toHaveCount(0, { timeout: 60_000 });
  await expect(bar.getByText('History failed to load')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('replay-year.png') });
  await page.locator('[data-back-to-live]').click();
  await expect(page.locator('[data-playback-bar]')).toHaveCount(0);
});
