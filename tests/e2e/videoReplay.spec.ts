import { expect, test } from './fixtures';
import { deleteBoards, logIn, releasedTemplateBoard } from './session';

/**
 * History video (docs/architecture.md "Video"): a board replayed at an instant shows the recording of that
 * instant in its video panel. The e2e server records CAM-01 (VIDEO_RECORD in global-setup.ts); the site
 * video template's first panel shows CAM-01 for its first 20 s.
 */
const PROJECT = 'demo-tunnel';
/** Boards this spec made, deleted after it. */
const made: string[] = [];
test.afterAll(({ request }) => deleteBoards(request, made));

test('a replayed board plays the recorded frame of the replayed instant in its video panel', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/#/video');
  await logIn(page);
  // the instant: 15 s ago, once the recording covers it
  let atMs = 0;
  await expect
    .poll(
      async () => {
        const at = Date.now() - 15_000;
        const r = await page.request.post('/zhgd/video/history', { data: { projectId: PROJECT, sn: 'CAM-01', fromMs: at - 60_000, toMs: at + 60_000 } });
        const body = (await r.json()) as { success: boolean; data: { spans: Array<{ startMs: number; endMs: number }> } | null };
        if (body.success && body.data?.spans.some((s) => s.startMs <= at - 2_000 && s.endMs >= at + 2_000)) atMs = at;
        return atMs;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  const { boardId } = await releasedTemplateBoard(page.request, PROJECT, 'site-video', 'Site video replay e2e', made);
  try {
    // paused at the instant
    await page.goto(`/#/dataV/viewBoard?boardId=${boardId}&from=${atMs - 600_000}&to=${atMs + 5_000}&at=${atMs}&play=0`);
    const video = page.locator('[data-video-tile="CAM-01"] video[data-recorded]');
    await expect(video).toHaveCount(1, { timeout: 15_000 });
    // the picture shown is the recording's frame of the instant: its program date-time within a frame or two of it
    await expect
      .poll(async () => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 2 && v.dataset.recordMs ? Number(v.dataset.recordMs) : 0)), { timeout: 15_000 })
      .toBeGreaterThan(atMs - 500);
    const shown = await video.evaluate((v: HTMLVideoElement) => Number(v.dataset.recordMs));
    expect(Math.abs(shown - atMs)).toBeLessThan(500);
    // paused with the board: the picture stays on the instant
    await page.waitForTimeout(1_500);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  } finally {
    await page.request.post('/zhgd/board/delete', { data: { boardId } });
  }
});
