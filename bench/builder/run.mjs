// `node bench/builder/run.mjs`: drag and resize frame times of the board builder with 20 vs 200 panels on a
// page, in Chromium (bench/README.md "Builder"). Builds bench/builder/page, serves it on 127.0.0.1, and for
// each size alternately (ABBA) drags one panel across 120 mouse steps and resizes it by its south-east
// handle over 120 steps, recording requestAnimationFrame timestamps during each gesture.
//   --rounds=N   runs per size (default 4)      --steps=N   mouse steps per gesture (default 120)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { serveStatic } from '../run/serve.mjs';
import { CHROMIUM_ARGS } from '../run/measure.mjs';

const { values: opt } = parseArgs({ options: { rounds: { type: 'string', default: '4' }, steps: { type: 'string', default: '120' } } });
const rounds = Number(opt.rounds);
const steps = Number(opt.steps);
const SIZES = [20, 200];
const ROOT = path.resolve(import.meta.dirname, '..', '..');
// bench may not import scripts/ (tests/architecture): the few lines of scripts/lib.mjs it needs are here.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const median = (xs) => quantile(xs, 0.5);

console.log('[bench:builder] building bench/builder/page …');
const built = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '-c', 'bench/builder/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) process.exit(1);
const server = await serveStatic(path.join(ROOT, 'bench', 'builder', 'dist'));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

/** One gesture: frame intervals (ms) and wall time per mouse step (ms). */
async function gesture(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.evaluate(() => {
    window.__frames = [];
    window.__recording = true;
  });
  const t0 = performance.now();
  await page.mouse.move(to.x, to.y, { steps });
  const perStepMs = (performance.now() - t0) / steps;
  const frames = await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => {
          window.__recording = false;
          resolve(window.__frames);
        }),
      ),
  );
  await page.mouse.up();
  const intervals = frames.slice(1).map((t, i) => t - frames[i]);
  return { intervals, perStepMs };
}

async function measure(panels) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 640 } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}?panels=${panels}`);
    await page.waitForFunction(() => window.__ready === true, null, { timeout: 30_000 });
    const target = page.locator('[data-panel-id]').nth(Math.floor(panels / 2));
    const box = await target.boundingBox();
    const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const drag = await gesture(page, c, { x: c.x + 150, y: c.y + 90 });
    const handle = await page.getByTestId('handle-se').boundingBox();
    const h = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    const resize = await gesture(page, h, { x: h.x + 120, y: h.y + 70 });
    return { drag, resize };
  } finally {
    await context.close();
  }
}

const results = Object.fromEntries(SIZES.map((n) => [n, { drag: [], resize: [], dragStep: [], resizeStep: [] }]));
try {
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? SIZES : [...SIZES].reverse();
    for (const n of order) {
      const m = await measure(n);
      results[n].drag.push(...m.drag.intervals);
      results[n].resize.push(...m.resize.intervals);
      results[n].dragStep.push(m.drag.perStepMs);
      results[n].resizeStep.push(m.resize.perStepMs);
      console.log(`[bench:builder] round ${r + 1} ${n} panels: drag ${m.drag.perStepMs.toFixed(2)} ms/step, resize ${m.resize.perStepMs.toFixed(2)} ms/step`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const row = (label, key, q) => {
  const [a, b] = SIZES.map((n) => (key.endsWith('Step') ? median(results[n][key]) : quantile(results[n][key], q)));
  return `| ${label} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(2)}× |`;
};
console.log(
  [
    '',
    `Builder gestures, ${rounds} rounds × ${steps} steps, Chromium ${browser.version?.() ?? ''}`.trim(),
    '',
    `| metric (ms) | ${SIZES[0]} panels | ${SIZES[1]} panels | ratio |`,
    '|---|---|---|---|',
    row('drag: frame interval p50', 'drag', 0.5),
    row('drag: frame interval p95', 'drag', 0.95),
    row('drag: time per mouse step (median)', 'dragStep'),
    row('resize: frame interval p50', 'resize', 0.5),
    row('resize: frame interval p95', 'resize', 0.95),
    row('resize: time per mouse step (median)', 'resizeStep'),
  ].join('\n'),
);
