// `npm run bench:animations` (bench/README.md "Animations"): main-thread cost of the board's CSS animations
// in Chromium. The candidate is src/styles.css as shipped; the baseline is the alarm-feed flash as it was
// before 2026-11-24 (the row's box-shadow animated). Interleaved ABBA rounds in one browser; main-thread
// busy in ms/s from CDP TaskDuration over the window, medians with the ratio.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH as CHROMIUM, WALL_SCREEN_ARGS } from '../run/measure.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SHIPPED = readFileSync(path.join(ROOT, 'src', 'styles.css'), 'utf8');
/** The alarm-feed flash before 2026-11-24: the row's own box-shadow, repainted at every frame. */
const BOX_SHADOW_FLASH = `@keyframes sb-flash { 0%, 100% { box-shadow: none; } 50% { box-shadow: 0 0 0 2px #ff4d4f, 0 0 18px #ff4d4f; } }
.sb-flash { animation: sb-flash 0.8s ease-in-out 3; }`;
const ROWS = 8;
const ROUNDS = Number(process.env.ROUNDS ?? 4);
/** Measured while the flash runs: it lasts 3 × 0.8 s from the rows' mount. */
const WINDOW_MS = 2000;

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

/** The feed's rows as AlarmFeedPanel renders them (20 px text, level stripe, tint), all fresh. */
function feedHtml(css) {
  const li = (i) =>
    `<li class="sb-flash" style="list-style:none;border-left:6px solid #ff4d4f;background:#ff4d4f1f;padding:6px 10px;margin-bottom:6px;border-radius:4px;font-size:20px"><strong>Alarm</strong> CO over limit, station ${i}: 120 ppm / 24 ppm</li>`;
  return `<style>${css} body{background:#050b18;color:#e2e8f0;margin:0}</style>
<div style="display:grid;grid-template-columns:1fr 640px;height:100vh"><div style="background:linear-gradient(#0b1b33,#14305a)"></div>
<ul id="feed" style="margin:16px;padding:0"></ul></div>
<script>window.mount = () => { document.getElementById('feed').innerHTML = ${JSON.stringify(Array.from({ length: ROWS }, (_, i) => li(i + 1)).join(''))}; };</script>`;
}

async function measure(browser, css) {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  try {
    await page.setContent(feedHtml(css));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.waitForTimeout(500);
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    await page.evaluate(() => window.mount());
    await page.waitForTimeout(200);
    const a = await metrics();
    await page.waitForTimeout(WINDOW_MS);
    const z = await metrics();
    return ((z.TaskDuration - a.TaskDuration) * 1000) / (z.Timestamp - a.Timestamp);
  } finally {
    await page.close();
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: WALL_SCREEN_ARGS });
const sides = { baseline: [], shipped: [] };
try {
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['baseline', 'shipped'] : ['shipped', 'baseline'];
    for (const side of order) {
      const busy = await measure(browser, side === 'baseline' ? `${SHIPPED}\n${BOX_SHADOW_FLASH}` : SHIPPED);
      sides[side].push(busy);
      console.log(`[bench:animations] round ${r + 1} ${side.padEnd(8)} busy ${busy.toFixed(1)} ms/s`);
    }
  }
} finally {
  await browser.close();
}
const b = quantile(sides.baseline, 0.5);
const c = quantile(sides.shipped, 0.5);
console.log(`\n| ${ROWS} alarm rows flashing, 1920×1080 | main-thread busy (ms/s) |\n|---|---:|`);
console.log(`| box-shadow flash (before) | ${b.toFixed(1)} |\n| shipped (opacity of a glow layer) | ${c.toFixed(1)} |\n| ratio | ${(c / b).toFixed(2)}× |`);
