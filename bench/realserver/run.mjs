// The real-server row of `npm run bench` (bench/README.md "Real-server row"): the seeded demo board in
// Chromium against the real server (built app, embedded broker, PGlite, demo simulator: the 1× load) plus
// `extra`× the demo fleet's beacon and gas traffic published over MQTT by extra registered devices.
// Measures the board's main thread after a warm-up in two windows: busy ms/s (CDP TaskDuration) with the
// frame probe off, then frame interval p50/p99 (requestAnimationFrame) with it on; long tasks over both.
import { createServer } from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { login } from '../builder/boards.mjs';
import { buildApp, startServer } from '../builder/server.mjs';
import { CHROMIUM_ARGS } from '../run/measure.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PROJECT_ID = 'demo-tunnel';
const BOARD_ID = 'demo-live';
const ADMIN_PASSWORD = 'bench-real-server-admin-pw';
/** The demo fleet's beacons and gas stations (server/seed/demoProject.ts): what one extra copy adds. */
const DEMO_BEACONS = 200;
const DEMO_GAS_STATIONS = 12;
/** Demo tunnels' bores; extra devices are spread over them like the demo's. */
const TUNNELS = ['LK', 'RK'];

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Long tasks from the page's start and, once `__rs.probe()` starts it, a requestAnimationFrame probe that
 * records every frame's start; `__rs.mark()` starts a measured window. The probe makes Chromium produce a
 * main frame at every vsync, so it runs only in the second window of a run (bench/README.md "Two windows
 * per run").
 */
export function pageRecorder() {
  const rs = { frames: [], longTasks: [], from: Infinity, probing: false };
  window.__rs = rs;
  const tick = (t) => {
    if (t >= rs.from) rs.frames.push(t);
    requestAnimationFrame(tick);
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.startTime >= rs.from) rs.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
  } catch {
    // no long-task timing in this browser: the row shows none
  }
  rs.probe = () => {
    if (!rs.probing) requestAnimationFrame(tick);
    rs.probing = true;
  };
  rs.mark = () => {
    rs.from = performance.now();
    rs.frames = [];
    rs.longTasks = [];
  };
}

export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

/** CSV rows for device/import: `extra` copies of the demo beacons and gas stations (sn prefix XB-/XG-). */
function extraDevicesCsv(extra) {
  const rows = ['sn,kind,name,station,position,tunnelId,chainageM,reportPeriodS,gases'];
  const devices = [];
  for (let c = 0; c < extra; c++) {
    for (let i = 0; i < DEMO_BEACONS; i++) {
      const sn = `XB-${c + 1}-${i + 1}`;
      const tunnelId = TUNNELS[i % TUNNELS.length];
      rows.push(`${sn},beacon,Bench ${c + 1}/${i + 1},,Bench,${tunnelId},,1,`);
      devices.push({ topic: `zhgd/${PROJECT_ID}/beacon/${sn}/telemetry`, kind: 'beacon', tunnelId });
    }
    for (let i = 0; i < DEMO_GAS_STATIONS; i++) {
      const sn = `XG-${c + 1}-${i + 1}`;
      const tunnelId = TUNNELS[i % TUNNELS.length];
      rows.push(`${sn},gas,Bench gas ${c + 1}/${i + 1},face,Bench,${tunnelId},100,10,CO;O2;CH4;H2S`);
      devices.push({ topic: `zhgd/${PROJECT_ID}/gas/${sn}/telemetry`, kind: 'gas', tunnelId });
    }
  }
  return { csv: rows.join('\n') + '\n', devices };
}

/**
 * Registers the extra devices (device/import in chunks of at most 5,000 rows, its limit).
 * @throws when the server reports problems.
 */
async function importDevices(api, csv) {
  const [header, ...rows] = csv.trim().split('\n');
  for (let i = 0; i < rows.length; i += 4000) {
    const chunk = [header, ...rows.slice(i, i + 4000)].join('\n') + '\n';
    const res = await api.call('/zhgd/admin/device/import', { projectId: PROJECT_ID, format: 'csv', contentBase64: Buffer.from(chunk).toString('base64') });
    if (res.problems?.length) throw new Error(`device import: ${JSON.stringify(res.problems.slice(0, 3))}`);
  }
}

/**
 * Starts the MQTT load (bench/server/load.ts, raw MQTT 3.1.1 QoS 1, paced) in a worker thread.
 * @returns {Promise<{ stop: () => Promise<void>, mark: () => Promise<{ acked: number }> }>}
 */
async function startLoad({ mqttPort, username, password, devices, rate, connections }) {
  const worker = new Worker(path.join(ROOT, 'bench', 'server', 'load.ts'), { execArgv: ['--import', 'tsx'] });
  const errors = [];
  const waiters = [];
  worker.on('message', (m) => {
    if (m.type === 'error') errors.push(m.message);
    const w = waiters.findIndex((x) => x.type === m.type);
    if (w >= 0) waiters.splice(w, 1)[0].resolve(m);
  });
  const next = (type, ms = 60_000) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`MQTT load: no '${type}' within ${ms} ms${errors.length ? `: ${errors[0]}` : ''}`)), ms);
      waiters.push({ type, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  const ready = next('ready');
  worker.postMessage({ type: 'start', host: '127.0.0.1', port: mqttPort, username, password, devices, connections, window: 64, mode: 'paced', rate, clientPrefix: 'bench-real' });
  await ready;
  return {
    errors,
    mark: async () => {
      const p = next('window');
      worker.postMessage({ type: 'mark' });
      return p;
    },
    stop: async () => {
      worker.postMessage({ type: 'stop' });
      await Promise.race([next('stopped', 10_000).catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
      await worker.terminate();
    },
  };
}

/**
 * The real-server row. Builds the app, starts the server (free ports, temp data dir, simulator on, 1 h of
 * backfilled history), registers `extra` copies of the demo beacons and gas stations and publishes for them
 * at 1 message/s each, opens the demo board, waits `warmupMs`, then measures `measureMs`, `runs` times
 * (a fresh browser context each). `profileOut`: a file for the first run's CPU profile of the board's main thread.
 * @param {{ browser: import('playwright-core').Browser, extra?: number, warmupMs?: number, measureMs?: number, runs?: number, log?: (s: string) => void }} o
 * @returns {Promise<object>} `{ extra, offeredPerS, achievedPerS, runs: [{ busyMsPerS, frameP50Ms, frameP99Ms, longTasks, longTaskMs, fps, heapBytes, errors }] }`
 */
export async function measureRealServer({ browser, extra = 25, warmupMs = 5000, measureMs = 10_000, runs = 2, log = () => {}, profileOut = null }) {
  log('real server: building the app …');
  const staticDir = await buildApp();
  const [httpPort, mqttPort] = [await freePort(), await freePort()];
  log(`real server: starting on ${httpPort} (MQTT ${mqttPort}) …`);
  const server = await startServer({ httpPort, mqttPort, adminPassword: ADMIN_PASSWORD, staticDir, env: { DEMO_BACKFILL_HOURS: '1', MQTT_MESSAGES_PER_SECOND: '2000' } });
  let load = null;
  try {
    const api = await login(server.url, 'admin', ADMIN_PASSWORD);
    const { csv, devices } = extraDevicesCsv(extra);
    await importDevices(api, csv);
    const key = await api.call('/zhgd/project/deviceKey', { projectId: PROJECT_ID });
    const rate = devices.length; // one message per device per second
    load = await startLoad({ mqttPort, username: key.username, password: key.password, devices, rate, connections: Math.max(1, Math.ceil(rate / 400)) });
    log(`real server: ${devices.length} extra devices publishing ≈ ${rate} msg/s`);
    const out = [];
    const t0 = performance.now();
    await load.mark();
    for (let r = 0; r < runs; r++) {
      const run = await measureBoard(browser, server.url, api.cookie, warmupMs, measureMs, r === 0 ? profileOut : null);
      log(`real server: run ${r + 1}: busy ${run.busyMsPerS.toFixed(0)} ms/s (${run.busyWithProbeMsPerS.toFixed(0)} with the frame probe), ${run.fps.toFixed(0)} frames/s, frame p50 ${run.frameP50Ms.toFixed(1)} / p99 ${run.frameP99Ms.toFixed(1)} ms, ${run.longTasks} long tasks`);
      out.push(run);
    }
    const { acked } = await load.mark();
    const achievedPerS = acked / ((performance.now() - t0) / 1000);
    return { extra, offeredPerS: rate, achievedPerS, loadErrors: load.errors.slice(0, 3), runs: out };
  } finally {
    await load?.stop().catch(() => {});
    await server.stop().catch(() => {});
    const { rmSync } = await import('node:fs');
    rmSync(staticDir, { recursive: true, force: true });
  }
}

async function measureBoard(browser, url, cookie, warmupMs, measureMs, profileOut) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    await context.addCookies([{ ...cookie, url }]);
    await context.addInitScript(pageRecorder);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${url}/#/dataV/viewBoard?boardId=${BOARD_ID}`);
    await page.locator('[data-panel-type="tunnelPersonnel"] canvas').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(warmupMs);
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const records = () => page.evaluate(() => ({ frames: window.__rs.frames, longTasks: window.__rs.longTasks }));
    // Window A, the probe off: busy and long tasks as the board runs on a wall screen.
    await page.evaluate(() => window.__rs.mark());
    if (profileOut) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const m1 = await metrics();
    await page.waitForTimeout(measureMs);
    const m2 = await metrics();
    if (profileOut) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(profileOut, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    }
    const recA = await records();
    // Window B, the probe on: frame intervals (and busy with the probe's frame at every vsync).
    await page.evaluate(() => window.__rs.probe());
    await page.waitForTimeout(300);
    await page.evaluate(() => window.__rs.mark());
    const m3 = await metrics();
    await page.waitForTimeout(measureMs);
    const m4 = await metrics();
    const recB = await records();
    const rec = { frames: recB.frames, longTasks: [...recA.longTasks, ...recB.longTasks] };
    const spanS = m2.Timestamp - m1.Timestamp;
    const spanBS = m4.Timestamp - m3.Timestamp;
    const intervals = rec.frames.slice(1).map((t, i) => t - rec.frames[i]);
    const people = await page.locator('[data-summary="personnel"]').first().textContent().catch(() => '');
    return {
      busyMsPerS: ((m2.TaskDuration - m1.TaskDuration) * 1000) / spanS,
      busyWithProbeMsPerS: ((m4.TaskDuration - m3.TaskDuration) * 1000) / spanBS,
      frameP50Ms: quantile(intervals, 0.5),
      frameP99Ms: quantile(intervals, 0.99),
      fps: rec.frames.length / spanBS,
      longTasks: rec.longTasks.length,
      longTaskMs: rec.longTasks.reduce((a, b) => a + b, 0),
      heapBytes: m2.JSHeapUsedSize,
      people,
      errors,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

/** The real-server section of the report (markdown). */
export function renderRealServer(rs) {
  if (rs.failed) return `\n## Real server: FAILED ${rs.failed}\n`;
  const med = (k) => quantile(rs.runs.map((r) => r[k]), 0.5);
  const range = (k, d = 0) => `${Math.min(...rs.runs.map((r) => r[k])).toFixed(d)}–${Math.max(...rs.runs.map((r) => r[k])).toFixed(d)}`;
  const lines = [
    `\n## Real server: demo board, 1× simulator plus ${rs.extra}× extra devices over MQTT`,
    '',
    `Offered ≈ ${Math.round(rs.offeredPerS + 203)} device messages/s (simulator ≈ 203 + ${rs.offeredPerS} extra); the extra load was acknowledged at ${Math.round(rs.achievedPerS)} msg/s. ${rs.runs.length} run(s), median (min–max).`,
    '',
    '| figure | SiteBoard | target |',
    '|---|---:|---:|',
    `| main-thread busy (ms/s), window A: frame probe off | ${med('busyMsPerS').toFixed(0)} (${range('busyMsPerS')}) | ≤ 120 (12 %) |`,
    `| main-thread busy (ms/s), window B: frame probe on | ${med('busyWithProbeMsPerS').toFixed(0)} (${range('busyWithProbeMsPerS')}) | |`,
    `| frame interval p50 (ms) | ${med('frameP50Ms').toFixed(1)} (${range('frameP50Ms', 1)}) | |`,
    `| frame interval p99 (ms) | ${med('frameP99Ms').toFixed(1)} (${range('frameP99Ms', 1)}) | ≤ 20 |`,
    `| frames per second | ${med('fps').toFixed(0)} (${range('fps')}) | |`,
    `| long tasks (count over both windows) | ${med('longTasks').toFixed(0)} (${range('longTasks')}) | 0 |`,
    `| JS heap at window end (MB) | ${(med('heapBytes') / 1e6).toFixed(1)} | |`,
    '',
    `Personnel map at the end: ${rs.runs.at(-1)?.people || '–'}. Page errors: ${rs.runs.reduce((n, r) => n + r.errors.length, 0)}${rs.loadErrors?.length ? `; load errors: ${rs.loadErrors.join('; ')}` : ''}.`,
    '',
  ];
  return lines.join('\n');
}
