// `node --import tsx bench/video/latency.ts [--rounds=3] [--warmup-ms=8000] [--measure-ms=15000]`: the video
// tiles' latency from the source's clock to the screen (bench/README.md "Video latency"). Starts the real
// server in process (in-memory database, Debian's ffmpeg), opens a demo camera's stream, and in Chromium
// plays it with hls.js under our settings (TILE_HLS_CONFIG) and hls.js's defaults, interleaved (ABBA…),
// sampling wall clock − EXT-X-PROGRAM-DATE-TIME of the frame on screen every 250 ms after a warm-up.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { VIDEO } from '../../protocol';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { TILE_HLS_CONFIG } from '../../src/components/video/hlsConfig';
import { spawnSync } from 'node:child_process';

const arg = (name: string, dflt: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const rounds = arg('rounds', 3);
const warmupMs = arg('warmup-ms', 8_000);
const measureMs = arg('measure-ms', 15_000);
const here = import.meta.dirname;
const root = path.resolve(here, '..', '..');

/** Debian's ffmpeg, installed when missing (scripts/services.mjs ensureFfmpeg, as `npm start` does). */
function ffmpegBinary(): string {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'services.mjs'), 'ffmpeg-path'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !last.startsWith('/')) throw new Error(`scripts/services.mjs ffmpeg-path failed: ${r.stdout}`);
  return last;
}

const staticDir = mkdtempSync(path.join(tmpdir(), 'sb-video-bench-'));
for (const f of ['index.html', 'page.js']) copyFileSync(path.join(here, f), path.join(staticDir, f));
copyFileSync(path.join(root, 'node_modules', 'hls.js', 'dist', 'hls.min.js'), path.join(staticDir, 'hls.min.js'));
writeFileSync(path.join(staticDir, 'configs.json'), JSON.stringify({ siteboard: TILE_HLS_CONFIG, default: {} }));

const password = 'bench-admin-pw';
const server = await startServer(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: 'memory://', SIMULATOR: 'off', ADMIN_PASSWORD: password, SEED_LOCALE: 'en', RATE_LIMIT_API_PER_MINUTE: '0', RATE_LIMIT_AUTH_PER_MINUTE: '0', STATIC_DIR: staticDir, FFMPEG_PATH: ffmpegBinary() }),
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'] });
try {
  const context = await browser.newContext();
  const login = await context.request.post(`${server.url}/zhgd/auth/login`, { data: { username: 'admin', password } });
  if (!login.ok()) throw new Error('login failed');
  let playlist: string | null = null;
  for (let i = 0; i < 120 && !playlist; i++) {
    const r = await context.request.post(`${server.url}${VIDEO.open.path}`, { data: { projectId: 'demo-tunnel', sn: 'CAM-01', quality: 'main' } });
    playlist = ((await r.json()) as { data: { playlist: string | null } }).data.playlist;
    if (!playlist) await new Promise((r) => setTimeout(r, 250));
  }
  if (!playlist) throw new Error('the demo stream did not go live');
  const samples: Record<string, number[]> = { siteboard: [], default: [] };
  const order = Array.from({ length: rounds }, (_, i) => (i % 2 === 0 ? ['siteboard', 'default'] : ['default', 'siteboard'])).flat();
  for (const impl of order) {
    const page = await context.newPage();
    await page.goto(`${server.url}/index.html?impl=${impl}&src=${encodeURIComponent(playlist)}`);
    await page.waitForTimeout(warmupMs);
    await page.evaluate(() => (window as unknown as { benchReset(): void }).benchReset());
    await page.waitForTimeout(measureMs);
    const got = await page.evaluate(() => (window as unknown as { benchSamples(): number[] }).benchSamples());
    samples[impl].push(...got);
    process.stdout.write(`${impl}: ${got.length} samples, median ${median(got).toFixed(0)} ms\n`);
    await page.close();
  }
  const row = (name: string, s: number[]) => `| ${name} | ${s.length} | ${(median(s) / 1000).toFixed(2)} | ${(pct(s, 0.95) / 1000).toFixed(2)} | ${(Math.max(...s) / 1000).toFixed(2)} |`;
  process.stdout.write(
    [
      '',
      `Video latency, source clock → screen (s), demo camera 640×360 12 fps, 1 s segments; ${rounds} rounds interleaved, ${warmupMs / 1000} s warm-up + ${measureMs / 1000} s each`,
      '',
      '| player settings | samples | median | p95 | max |',
      '|---|---|---|---|---|',
      row('SiteBoard (TILE_HLS_CONFIG)', samples.siteboard),
      row('hls.js defaults', samples.default),
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
}

function median(s: number[]): number {
  return pct(s, 0.5);
}
function pct(s: number[], p: number): number {
  if (s.length === 0) return NaN;
  const sorted = [...s].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
