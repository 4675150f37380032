import { expect, test } from './fixtures';
import { deleteBoards, logIn, releasedTemplateBoard } from './session';

/**
 * The video screen (docs/architecture.md "Video"): the demo cameras play (a tile's currentTime advances),
 * an unreachable camera says so, and a board from the "Site video" template plays in its panels.
 * VIDEO_SCREENSHOTS=1 also writes docs/video-wall-*.png at 1366×768, 1920×1080 and 3840×2160.
 */
const SHOTS = !!process.env.VIDEO_SCREENSHOTS;
const PROJECT = 'demo-tunnel';
/** Boards this spec made, deleted after it. */
const made: string[] = [];
test.afterAll(({ request }) => deleteBoards(request, made));

/** The camera list's order as the wall pages it (area, then sn). */
async function wallOrder(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const r = await request.post('/zhgd/video/cameras', { data: { projectId: PROJECT } });
  const cams = ((await r.json()) as { data: Array<{ sn: string; area: string }> }).data;
  const areas = [...new Set(cams.map((c) => c.area))].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  return areas.flatMap((a) => cams.filter((c) => c.area === a).map((c) => c.sn));
}

test('the video wall plays the demo cameras and says when a camera cannot be reached', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/#/video');
  await logIn(page);
  await expect(page.locator('[data-video-wall="4"]')).toBeVisible({ timeout: 20_000 });
  const order = await wallOrder(page.request);
  // the fourth tile of the first page: a camera whose RTSP address nobody answers
  const offlineSn = order[3];
  const set = await page.request.post('/zhgd/admin/camera/streamSet', { data: { projectId: PROJECT, sn: offlineSn, source: 'rtsp', mainUrl: 'rtsp://viewer:pw@127.0.0.1:9/none', subUrl: null } });
  expect(((await set.json()) as { success: boolean }).success).toBe(true);
  try {
    await page.reload();
    const first = page.locator(`[data-video-tile="${order[0]}"] video`);
    await expect(first).toHaveCount(1, { timeout: 40_000 });
    const t0 = await eventuallyPlaying(first);
    await page.waitForTimeout(3_000);
    const t1 = await first.evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(t1).toBeGreaterThan(t0 + 1);
    await expect(page.locator(`[data-video-tile="${offlineSn}"]`)).toContainText('Video device offline, unable to view', { timeout: 30_000 });
    // no stream URL or credential in the page
    expect(await page.content()).not.toContain('rtsp://');

    // nine tiles: the sub streams
    await page.locator('[data-layout="9"]').click();
    await expect(page.locator('[data-video-wall="9"] [data-video-tile]')).toHaveCount(9);
    if (SHOTS) {
      await expect(page.locator('[data-video-wall="9"] video')).toHaveCount(8, { timeout: 60_000 });
      for (const [w, h] of [
        [1366, 768],
        [1920, 1080],
        [3840, 2160],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.waitForTimeout(4_000);
        await page.screenshot({ path: `docs/video-wall-${w}x${h}.png` });
      }
    }
  } finally {
    await page.request.post('/zhgd/admin/camera/streamSet', { data: { projectId: PROJECT, sn: offlineSn, source: 'demo', mainUrl: null, subUrl: null } });
  }
});

test('a board from the site video template plays a camera in its video panels', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/video');
  await logIn(page);
  await expect(page.locator('[data-video-wall]')).toBeVisible({ timeout: 20_000 });
  const { boardId } = await releasedTemplateBoard(page.request, PROJECT, 'site-video', 'Site video e2e', made);
  try {
    await page.goto(`/#/dataV/viewBoard?boardId=${boardId}`);
    const video = page.locator('[data-panel-type="video"] video').first();
    await expect(video).toHaveCount(1, { timeout: 40_000 });
    const t0 = await eventuallyPlaying(video);
    await page.waitForTimeout(3_000);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0 + 1);
  } finally {
    await page.request.post('/zhgd/board/delete', { data: { boardId } });
  }
});

test('tiles on a hidden page or moved off screen stop downloading, and play again when shown', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/#/video');
  await logIn(page);
  await expect(page.locator('[data-video-wall="4"]')).toBeVisible({ timeout: 20_000 });
  const video = page.locator('[data-video-wall="4"] video').first();
  await expect(video).toHaveCount(1, { timeout: 40_000 });
  await eventuallyPlaying(video);
  // the stream requests of the tiles: leases (video/open) and HLS files; the camera list's refresh is not one
  let streamRequests = 0;
  page.on('request', (r) => {
    if (/\/zhgd\/video\/(open|hls)/.test(r.url())) streamRequests++;
  });
  /** Stream requests in 8 s, after 3 s for the ones under way to end. */
  const requestsWhile = async () => {
    await page.waitForTimeout(3_000);
    streamRequests = 0;
    await page.waitForTimeout(8_000);
    return streamRequests;
  };
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);

  await setHidden(true);
  expect(await requestsWhile()).toBe(0);
  await setHidden(false);
  await expect.poll(() => streamRequests, { timeout: 15_000 }).toBeGreaterThan(0);
  // the tile leases its stream again and plays from the live edge
  const again = await eventuallyPlaying(video);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(again + 1);

  // the wall moved out of the viewport (as a board panel scrolled away is)
  const wall = page.locator('[data-video-wall="4"]');
  await wall.evaluate((el: HTMLElement) => (el.style.transform = 'translateY(-5000px)'));
  expect(await requestsWhile()).toBe(0);
  await wall.evaluate((el: HTMLElement) => (el.style.transform = ''));
  await expect.poll(() => streamRequests, { timeout: 15_000 }).toBeGreaterThan(0);
});

/** Waits until the video plays (currentTime past 0), up to 40 s; its currentTime then. */
async function eventuallyPlaying(video: import('@playwright/test').Locator): Promise<number> {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 40_000 }).toBeGreaterThan(0);
  return video.evaluate((v: HTMLVideoElement) => v.currentTime);
}
