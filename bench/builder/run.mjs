// `node bench/builder/run.mjs`: drag and resize in the REAL board builder (live panels, real server and
// live data) with 200 panels on a page against 20, in Chromium (bench/builder/README.md). Builds the app
// into a temp dir, starts the real server (simulator on) on unusual ports, creates the two boards through
// the REST API, then alternately (ABBA) opens /#/dataV/create?boardId=… and drags a live gas-trend panel
// over N mouse steps, then resizes it by its south-east handle, recording requestAnimationFrame intervals.
//   --rounds=N (default 4)  --steps=N (default 120)  --port=18480  --mqtt-port=19130  --settle-ms=3000
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../run/measure.mjs';
import { createBoard, deviceSns, gridPanels, login, PANEL_MIX } from './boards.mjs';
import { buildApp, startServer } from './server.mjs';

const { values: opt } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    steps: { type: 'string', default: '120' },
    port: { type: 'string', default: '18480' },
    'mqtt-port': { type: 'string', default: '19130' },
    'settle-ms': { type: 'string', default: '3000' },
  },
});
const rounds = Number(opt.rounds);
const steps = Number(opt.steps);
const settleMs = Number(opt['settle-ms']);
const SIZES = [20, 200];
/** Quiet window before the gestures in which the idle main-thread time is measured, ms. */
const IDLE_MS = 2000;
const VIEWPORT = { width: 1600, height: 900 };
const ADMIN = { username: 'admin', password: 'bench-builder-admin-pw' };
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const log = (s) => console.log(`[bench:builder] ${s}`);

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Everything started here is stopped on any exit: normal end, error, Ctrl+C.
let outDir = null;
let server = null;
let browser = null;
async function cleanup() {
  await browser?.close().catch(() => {});
  await server?.stop().catch(() => {});
  if (outDir) rmSync(outDir, { recursive: true, force: true });
}
process.on('exit', () => server?.killNow());
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    log(`${sig}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Frame timestamps (performance.now(), ms) while `__recording`; installed before the app loads. */
function frameRecorder() {
  window.__frames = [];
  window.__recording = false;
  const tick = (t) => {
    if (window.__recording) window.__frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * One gesture from `from` to `to` with the button held: frame intervals (ms) and wall time per mouse step
 * (ms, CDP dispatch + the page's handlers). Ends with Escape, which puts the panel back (the builder's
 * cancel), so the board, and the next run, stay exactly as created and no autosave follows.
 */
async function gesture(page, cdp, target, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.evaluate(() => {
    window.__frames = [];
    window.__recording = true;
  });
  const before = await taskTime(cdp);
  const t0 = performance.now();
  await page.mouse.move(to.x, to.y, { steps });
  const perStepMs = (performance.now() - t0) / steps;
  const frames = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => ((window.__recording = false), resolve(window.__frames)))));
  const end = await taskTime(cdp);
  const busyMsPerS = ((end.taskS - before.taskS) / (end.atS - before.atS)) * 1000;
  const during = await target.boundingBox();
  await page.keyboard.press('Escape');
  await page.mouse.up();
  return { intervals: frames.slice(1).map((t, i) => t - frames[i]), perStepMs, busyMsPerS, during };
}

/** Main-thread task time of the page so far and when (CDP Performance, seconds). */
async function taskTime(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { taskS: get('TaskDuration'), atS: get('Timestamp') };
}

/** The live gas-trend box nearest the page centre (same panel type at both sizes): its panelId. */
function pickTarget() {
  const page = document.querySelector('[data-testid="builder-page"]').getBoundingClientRect();
  const cx = page.left + page.width / 2;
  const cy = page.top + page.height / 2;
  const live = [...document.querySelectorAll('[data-testid="builder-panel"][data-content="live"]')].filter((el) => el.title.startsWith('gasTrend '));
  const dist = (el) => {
    const r = el.getBoundingClientRect();
    return Math.hypot(r.left + r.width / 2 - cx, r.top + r.height / 2 - cy);
  };
  live.sort((a, b) => dist(a) - dist(b));
  return live[0]?.dataset.panelId ?? null;
}

async function measure(n, boardId, cookie) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([{ ...cookie, url: server.url }]);
  await context.addInitScript(frameRecorder);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${server.url}/#/dataV/create?boardId=${encodeURIComponent(boardId)}`);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="builder-panel"]').length === n, n, { timeout: 60_000 });
    // Live panels load their chunks and history, and live data starts flowing.
    await page.waitForTimeout(settleMs);
    // What the live panels cost with nobody touching the page: the floor under the gestures' figures.
    const i0 = await taskTime(cdp);
    await page.waitForTimeout(IDLE_MS);
    const i1 = await taskTime(cdp);
    const idleBusyMsPerS = ((i1.taskS - i0.taskS) / (i1.atS - i0.atS)) * 1000;
    const live = await page.locator('[data-content="live"]').count();
    const zoom = await page.getByTestId('zoom').textContent();
    const id = await page.evaluate(pickTarget);
    if (!id) throw new Error(`no live gasTrend panel among ${live} live boxes`);
    const target = page.locator(`[data-testid="builder-panel"][data-panel-id="${id}"]`);
    const box = await target.boundingBox();
    const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const drag = await gesture(page, cdp, target, c, { x: c.x + 150, y: c.y + 90 });
    const hb = await target.locator('[data-handle="se"]').boundingBox();
    const h = { x: hb.x + hb.width / 2, y: hb.y + hb.height / 2 };
    const resize = await gesture(page, cdp, target, h, { x: h.x + 120, y: h.y + 70 });
    const after = await target.boundingBox();
    // The gestures must have done something, and Escape must have put the panel back (else runs drift).
    if (drag.during.x - box.x < 100 || resize.during.width - box.width < 80) throw new Error(`the gestures did not move/resize the panel: ${JSON.stringify({ box, drag: drag.during, resize: resize.during })}`);
    if (Math.abs(after.x - box.x) > 1 || Math.abs(after.width - box.width) > 1) throw new Error(`Escape did not put the panel back: ${JSON.stringify({ box, after })}`);
    const saveState = await page.getByTestId('save-state').getAttribute('data-state');
    return { drag, resize, idleBusyMsPerS, live, zoom: zoom?.trim(), saveState, errors };
  } finally {
    await context.close();
  }
}

const results = Object.fromEntries(SIZES.map((n) => [n, { drag: [], resize: [], dragStep: [], resizeStep: [], dragBusy: [], resizeBusy: [], idleBusy: [], live: [], errors: [] }]));
let chromiumVersion = '';
const startedMs = Date.now();
try {
  log('building the app into a temp dir …');
  outDir = await buildApp();
  log(`built in ${((Date.now() - startedMs) / 1000).toFixed(0)} s; starting the server on :${opt.port} (MQTT :${opt['mqtt-port']}) …`);
  server = await startServer({ httpPort: Number(opt.port), mqttPort: Number(opt['mqtt-port']), adminPassword: ADMIN.password, staticDir: outDir });
  const api = await login(server.url, ADMIN.username, ADMIN.password);
  const projectId = api.user.projectId;
  const sns = await deviceSns(api, projectId);
  const boards = {};
  for (const n of SIZES) boards[n] = await createBoard(api, projectId, `Builder bench ${n} panels`, gridPanels(n, sns));
  log(`server up, boards created in project ${projectId} (${sns.gas.length} gas stations, ${sns.cranes.length} cranes); ${((Date.now() - startedMs) / 1000).toFixed(0)} s so far`);

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  chromiumVersion = browser.version();
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? SIZES : [...SIZES].reverse();
    for (const n of order) {
      const m = await measure(n, boards[n], api.cookie);
      const res = results[n];
      res.drag.push(...m.drag.intervals);
      res.resize.push(...m.resize.intervals);
      res.dragStep.push(m.drag.perStepMs);
      res.resizeStep.push(m.resize.perStepMs);
      res.idleBusy.push(m.idleBusyMsPerS);
      res.dragBusy.push(m.drag.busyMsPerS);
      res.resizeBusy.push(m.resize.busyMsPerS);
      res.live.push(m.live);
      res.errors.push(...m.errors);
      log(
        `round ${r + 1} ${n} panels (${m.live} live, zoom ${m.zoom}): idle busy ${m.idleBusyMsPerS.toFixed(0)} ms/s; drag ${m.drag.perStepMs.toFixed(1)} ms/step, busy ${m.drag.busyMsPerS.toFixed(0)} ms/s; ` +
          `resize ${m.resize.perStepMs.toFixed(1)} ms/step, busy ${m.resize.busyMsPerS.toFixed(0)} ms/s${m.saveState === 'saved' ? '' : `, save state ${m.saveState}`}${m.errors.length ? `, ${m.errors.length} page errors` : ''}`,
      );
    }
  }
} catch (e) {
  console.error(`[bench:builder] failed: ${e.stack ?? e.message}`);
  await cleanup();
  process.exit(1);
}
await cleanup();

// Frame intervals pool every interval of every run of a size; per-run figures are the median of the runs
// with their range beside it.
const row = (label, key, q) => {
  const cell = (n) => {
    const xs = results[n][key];
    if (q !== undefined) return [quantile(xs, q), quantile(xs, q).toFixed(1)];
    const m = median(xs);
    return [m, key === 'live' ? String(m) : `${m.toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`];
  };
  const [[a, ta], [b, tb]] = SIZES.map(cell);
  return `| ${label} | ${ta} | ${tb} | ${(b / a).toFixed(2)}× |`;
};
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `Builder gestures with live panels, ${date}: ${rounds} rounds (ABBA) × ${steps} mouse steps, viewport ${VIEWPORT.width}×${VIEWPORT.height}, Chromium ${chromiumVersion}, ${((Date.now() - startedMs) / 1000).toFixed(0)} s`,
  `Panels: grid over a 1920×1080 page, types ${PANEL_MIX.join(', ')} in turn; target: the live gasTrend box nearest the centre.`,
  '',
  `| metric | ${SIZES[0]} panels | ${SIZES[1]} panels | ratio ${SIZES[1]}/${SIZES[0]} |`,
  '|---|---|---|---|',
  row('live panels in the canvas', 'live'),
  row('idle, live data only: main-thread busy, median of runs (ms/s)', 'idleBusy'),
  row('drag: frame interval p50 (ms)', 'drag', 0.5),
  row('drag: frame interval p95 (ms)', 'drag', 0.95),
  row('drag: time per mouse step, median of runs (ms)', 'dragStep'),
  row('drag: main-thread busy, median of runs (ms/s)', 'dragBusy'),
  row('resize: frame interval p50 (ms)', 'resize', 0.5),
  row('resize: frame interval p95 (ms)', 'resize', 0.95),
  row('resize: time per mouse step, median of runs (ms)', 'resizeStep'),
  row('resize: main-thread busy, median of runs (ms/s)', 'resizeBusy'),
  '',
  ...SIZES.filter((n) => results[n].errors.length).map((n) => `${n} panels: ${results[n].errors.length} page errors, first: ${results[n].errors[0]}`),
];
console.log(['', ...lines].join('\n'));
const resultsDir = path.join(ROOT, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `builder-${date}.md`);
writeFileSync(file, lines.join('\n') + '\n');
log(`written to ${path.relative(ROOT, file)}`);
