// `node --import tsx bench/video/wall.ts --static-dir=DIR [--minutes=4] [--phase-s=30] [--sample-s=5]`:
// the 16-tile soak (bench/README.md "Video wall soak"). Starts the real server in process (in-memory
// database, Debian's ffmpeg, the demo cameras) serving the built app from DIR (`npx vite build --outDir DIR`),
// opens /#/video in Chromium and alternates the wall between 1 tile (the baseline) and 16 tiles, `phase-s`
// each, for `minutes`. Every `sample-s` it reads each tile's buffered seconds and playing time; at the end of
// each phase it collects garbage (CDP HeapProfiler.collectGarbage) and reads the JS heap. Reports per layout
// the heap after GC at its first and last phase, its slope (MB per hour, least squares), and the buffer per tile.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';

const arg = (name: string, dflt: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const minutes = Number(arg('minutes', '4'));
const phaseS = Number(arg('phase-s', '30'));
const sampleS = Number(arg('sample-s', '5'));
const staticDir = path.resolve(arg('static-dir', ''));
const root = path.resolve(import.meta.dirname, '..', '..');
if (!existsSync(path.join(staticDir, 'index.html'))) {
  process.stderr.write('--static-dir=DIR must hold the built app (npx vite build --outDir DIR)\n');
  process.exit(2);
}

/** Debian's ffmpeg, installed when missing (scripts/services.mjs ensureFfmpeg, as `npm start` does). */
function ffmpegBinary(): string {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'services.mjs'), 'ffmpeg-path'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !last.startsWith('/')) throw new Error(`scripts/services.mjs ffmpeg-path failed: ${r.stdout}`);
  return last;
}

/** One sample of the wall: per tile buffered seconds ahead of the playhead, and its playing time. */
interface TileSample {
  sn: string;
  ahead: number;
  /** Seconds of media held by the element's buffer in all (ahead and behind the playhead). */
  held: number;
  currentTime: number;
}

/** The wall's tiles as the page has them now. */
function readTiles(page: Page): Promise<TileSample[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-video-tile]')].flatMap((tile) => {
      const v = tile.querySelector('video');
      if (!v) return [];
      let held = 0;
      let ahead = 0;
      for (let i = 0; i < v.buffered.length; i++) {
        held += v.buffered.end(i) - v.buffered.start(i);
        if (v.buffered.start(i) <= v.currentTime && v.currentTime <= v.buffered.end(i)) ahead = v.buffered.end(i) - v.currentTime;
      }
      return [{ sn: tile.dataset.videoTile ?? '', ahead, held, currentTime: v.currentTime }];
    }),
  );
}

/** The JS heap in use after a full collection, MB. */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

const videoDir = mkdtempSync(path.join(tmpdir(), 'sb-videowall-'));
const password = 'bench-admin-pw';
const server = await startServer(
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    HJ212_PORT: '0',
    DATA_DIR: 'memory://',
    SIMULATOR: 'off',
    DEMO_BACKFILL: 'off',
    ADMIN_PASSWORD: password,
    SEED_LOCALE: 'en',
    RATE_LIMIT_API_PER_MINUTE: '0',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    STATIC_DIR: staticDir,
    FFMPEG_PATH: ffmpegBinary(),
    VIDEO_DIR: videoDir,
    VIDEO_MAX_STREAMS: '40',
    // the 1-tile baseline measures one stream: the 16 of the last phase stop 10 s after it begins
    VIDEO_IDLE_S: '10',
  }),
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'] });
const heap: Record<'1' | '16', Array<{ atS: number; mb: number }>> = { '1': [], '16': [] };
const tiles: Record<'1' | '16', TileSample[][]> = { '1': [], '16': [] };
const startedMs = Date.now();
try {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${server.url}/#/video`);
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-video-wall]').waitFor({ timeout: 30_000 });

  const rounds = Math.max(1, Math.round((minutes * 60) / (2 * phaseS)));
  for (let round = 0; round < rounds; round++) {
    for (const layout of ['1', '16'] as const) {
      await page.locator(`[data-layout="${layout}"]`).click();
      await page.locator(`[data-video-wall="${layout}"]`).waitFor();
      const phaseEnd = Date.now() + phaseS * 1000;
      while (Date.now() < phaseEnd) {
        await page.waitForTimeout(Math.min(sampleS * 1000, phaseEnd - Date.now()));
        tiles[layout].push(await readTiles(page));
      }
      const mb = await heapAfterGc(cdp);
      heap[layout].push({ atS: (Date.now() - startedMs) / 1000, mb });
      const last = tiles[layout].at(-1) ?? [];
      process.stdout.write(`round ${round + 1}/${rounds} layout ${layout.padStart(2)}: heap ${mb.toFixed(1)} MB after GC, ${last.length} players, buffer ahead max ${Math.max(0, ...last.map((t) => t.ahead)).toFixed(1)} s\n`);
    }
  }

  // the hidden page downloads nothing (the tiles' leases and hls.js loading stop)
  let hlsRequests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/zhgd/video/hls')) hlsRequests++;
  });
  // as a string: tsx's transform would name the getter with a helper the page does not have
  await page.evaluate(`Object.defineProperty(document, 'visibilityState', { configurable: true, get() { return 'hidden'; } });
    document.dispatchEvent(new Event('visibilitychange'));`);
  await page.waitForTimeout(3_000);
  hlsRequests = 0;
  await page.waitForTimeout(10_000);
  const hiddenRequests = hlsRequests;

  const report = (layout: '1' | '16') => {
    const h = heap[layout];
    const samples = tiles[layout].slice(1); // the first sample of the run is still starting
    const perTile = samples.flat();
    const players = Math.max(0, ...samples.map((s) => s.length));
    return `| ${layout} | ${h.length} | ${h[0].mb.toFixed(1)} | ${h.at(-1)!.mb.toFixed(1)} | ${slopeMbPerHour(h).toFixed(1)} | ${players} | ${pct(perTile.map((t) => t.ahead), 0.5).toFixed(1)} | ${Math.max(0, ...perTile.map((t) => t.ahead)).toFixed(1)} | ${Math.max(0, ...perTile.map((t) => t.held)).toFixed(1)} |`;
  };
  process.stdout.write(
    [
      '',
      `Video wall soak: /#/video at 1920×1080, layouts 1 and 16 interleaved, ${phaseS} s a phase, ${rounds} rounds (${((Date.now() - startedMs) / 60_000).toFixed(1)} min); demo cameras (sub streams 320×180 10 fps on the 16-tile wall)`,
      '',
      '| tiles | phases | heap first (MB) | heap last (MB) | slope (MB/h) | players | buffer ahead median (s) | ahead max (s) | held max (s) |',
      '|---|---|---|---|---|---|---|---|---|',
      report('1'),
      report('16'),
      '',
      `Hidden page: ${hiddenRequests} stream requests in 10 s (after 3 s to settle).`,
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(videoDir, { recursive: true, force: true });
}

/** Least-squares slope of the heap over time, MB per hour (NaN with fewer than 2 points). */
function slopeMbPerHour(points: Array<{ atS: number; mb: number }>): number {
  if (points.length < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.atS, 0) / points.length;
  const my = points.reduce((s, p) => s + p.mb, 0) / points.length;
  const num = points.reduce((s, p) => s + (p.atS - mx) * (p.mb - my), 0);
  const den = points.reduce((s, p) => s + (p.atS - mx) ** 2, 0);
  return (num / den) * 3600;
}

function pct(s: number[], p: number): number {
  if (s.length === 0) return NaN;
  const sorted = [...s].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
