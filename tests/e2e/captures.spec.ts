import mqtt from 'mqtt';
import type { APIRequestContext, Page } from '@playwright/test';
import { ALARMS, ALG_TYPES, CAPTURES, type CaptureAnalysis, type CapturePage } from '../../protocol';
import { renderCapturePng } from '../../server/simulator/capturePicture';
import { expect, test } from './fixtures';
import { E2E } from './global-setup';
import { logIn } from './session';

/**
 * The AI capture record in the browser (docs/api.md "AI captures"): cameras send 24 violations with their
 * pictures over MQTT, a safety officer handles some (a few as misinformation); the record lists them, the
 * viewer opens a picture, steps to the next and zooms, and the violation analysis modal shows the figures.
 * CAPTURES_SCREENSHOTS=1 also writes docs/captures-*.png at 1920×1080 and 1366×768.
 */
const SHOTS = !!process.env.CAPTURES_SCREENSHOTS;
const PROJECT = 'demo-tunnel';
const SENT = 24;

/** Publishes the violations as six demo cameras, each (camera, violation) pair once, a minute apart. */
async function sendCaptures(request: APIRequestContext): Promise<void> {
  const key = (await (await request.post('/zhgd/project/deviceKey', { data: { projectId: PROJECT } })).json()).data as { username: string; password: string };
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${E2E.mqttPort}`, { username: key.username, password: key.password, reconnectPeriod: 0 });
  try {
    const now = Date.now();
    for (let i = 0; i < SENT; i++) {
      const sn = `CAM-${String((i % 6) + 1).padStart(2, '0')}`;
      const algType = ALG_TYPES[i % ALG_TYPES.length];
      const pic = Buffer.from(renderCapturePng(algType, (i % 10) / 10)).toString('base64');
      await client.publishAsync(`zhgd/${PROJECT}/camera/${sn}/alarm`, JSON.stringify({ ts: now - (SENT - i) * 60_000, algType, pic }), { qos: 1 });
    }
  } finally {
    await client.endAsync();
  }
}

/** A screenshot once every picture on the page has loaded and no dialog is still fading in. */
async function shot(page: Page, path: string): Promise<void> {
  await expect.poll(() => page.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.every((i) => i.complete)), { timeout: 10_000 }).toBe(true);
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length), { timeout: 5_000 })
    .toBe(0);
  await page.screenshot({ path });
}

test('the capture record opens a picture, steps to the next, zooms, and opens the violation analysis', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/captures');
  await logIn(page);
  await expect(page.locator('[data-total]')).toBeVisible({ timeout: 20_000 });
  await sendCaptures(page.request);
  // a shift's handling: 10 processed, 4 of them misinformation (false alarms); the rest stay untreated
  const listed = (await (await page.request.post(CAPTURES.captureList.path, { data: { projectId: PROJECT, dealStatus: 0, pageSize: 100 } })).json()).data as CapturePage;
  const ids = listed.list.map((c) => c.alarmId);
  expect(ids.length).toBeGreaterThanOrEqual(SENT);
  await page.request.post(ALARMS.alarmDealBatch.path, { data: { alarmIds: ids.slice(0, 10), dealStatus: 1, dealRemark: 'Crew told and corrected on site' } });
  await page.request.post(ALARMS.alarmDealBatch.path, { data: { alarmIds: ids.slice(10, 14), dealStatus: 2, dealRemark: 'False alarm (misinformation)' } });
  await page.reload();

  const total = page.locator('[data-total]');
  await expect.poll(async () => Number(await total.getAttribute('data-total')), { timeout: 20_000 }).toBeGreaterThanOrEqual(SENT);
  const count = Number(await total.getAttribute('data-total'));
  await expect(page.locator('[data-capture-id]')).toHaveCount(20);
  await expect(page.locator('[data-capture-id] img').first()).toBeVisible();
  if (SHOTS) await shot(page, 'docs/captures-1920x1080.png');

  await page.getByRole('button', { name: 'Open picture' }).first().click();
  const viewer = page.getByRole('dialog', { name: 'Capture picture' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('capture-viewer-ordinal')).toHaveText(`1 / ${count}`);
  const picture = viewer.getByTestId('capture-viewer-picture').locator('img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  const firstSrc = await picture.getAttribute('src');
  expect(await viewer.getByRole('link', { name: 'Download picture' }).getAttribute('href')).toBe(firstSrc);

  await viewer.getByRole('button', { name: /Next/ }).click();
  await expect(viewer.getByTestId('capture-viewer-ordinal')).toHaveText(`2 / ${count}`);
  await expect(picture).not.toHaveAttribute('src', firstSrc!);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  const fitWidth = (await picture.boundingBox())!.width;
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('150 %')).toBeVisible();
  expect((await picture.boundingBox())!.width).toBeGreaterThan(fitWidth * 1.4);
  if (SHOTS) await shot(page, 'docs/captures-viewer-1920x1080.png');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);

  await page.getByRole('button', { name: 'Violation analysis' }).click();
  const analysis = page.getByRole('dialog', { name: 'Violation analysis' });
  await expect(analysis).toBeVisible();
  await expect.poll(async () => Number(await analysis.getByTestId('analysis-total').textContent()), { timeout: 10_000 }).toBeGreaterThanOrEqual(SENT);
  // the figures are the server's (other specs may have handled AI alarms of the demo too): at least ours
  const a = (await (await page.request.post(CAPTURES.captureAnalysis.path, { data: { projectId: PROJECT, fromMs: Date.now() - 7 * 86_400_000, toMs: Date.now() } })).json()).data as CaptureAnalysis;
  expect(a.processed).toBeGreaterThanOrEqual(10);
  expect(a.falseAlarms).toBeGreaterThanOrEqual(4);
  await expect(analysis.getByTestId('analysis-handled')).toHaveText(String(a.processed + a.falseAlarms));
  await expect(analysis.getByTestId('analysis-false-ratio')).toHaveText(`${((a.falseAlarms / (a.processed + a.falseAlarms)) * 100).toFixed(1)} %`);
  await expect(analysis.locator('[data-row="CAM-01"]')).toBeVisible();
  await expect(analysis.getByTestId('analysis-by-day').locator('canvas')).toBeVisible();
  if (SHOTS) await shot(page, 'docs/captures-analysis-1920x1080.png');
  await analysis.getByRole('button', { name: 'Close' }).click();

  if (SHOTS) {
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'docs/captures-1366x768.png');
    await page.getByRole('button', { name: 'Violation analysis' }).click();
    await expect(page.getByRole('dialog', { name: 'Violation analysis' }).getByTestId('analysis-by-day').locator('canvas')).toBeVisible();
    await shot(page, 'docs/captures-analysis-1366x768.png');
  }
});
