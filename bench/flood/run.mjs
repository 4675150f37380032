// `npm run bench:flood` (bench/README.md "Alarm flood"): 200 beacons flipping across a danger zone's edge ten
// times a second, each on its own MQTT connection, against the real server in a child process with the demo
// board open in Chromium. Baseline: the same server writing and pushing every alarm repeat
// (ALARM_REPEAT_PUSH_MS=0); candidate: bounded repeats (ALARM_REPEAT_PUSH_MS=1000, the default).
// Interleaved (ABBA over --rounds), loopback only, bounded in time.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import mqtt from 'mqtt';
import { chromium } from 'playwright-core';
import { io } from 'socket.io-client';
import { login } from '../builder/boards.mjs';
import { buildApp, startServer } from '../builder/server.mjs';
import { CHROMIUM_PATH, WALL_SCREEN_ARGS } from '../run/measure.mjs';
import { freePort, pageRecorder, quantile } from '../realserver/run.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PROJECT_ID = 'demo-tunnel';
const BOARD_ID = 'demo-live';
const ADMIN_PASSWORD = 'bench-flood-admin-pw';
const TUNNEL_ID = 'LK';
/** The danger zone's near edge (m from the portal), beyond where the demo's people work. */
const EDGE_M = 2_900;
/** The demo's teams (server/seed/demoPeople.ts, SEED_LOCALE=en): allowed in, so only the flood's tags alarm. */
const DEMO_TEAMS = ['Drilling team', 'Blasting team', 'Mucking team', 'Support team', 'Lining team', 'Survey team'];
const CO_STATION = { sn: 'FG-CO-1', name: 'Flood CO station' };

const arg = (name, dflt) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
};
const FLOOD_MS = Number(arg('flood-s', '60')) * 1000;
const ROUNDS = Number(arg('rounds', '1'));
const BEACONS = Number(arg('beacons', '200'));
const EVERY_MS = Number(arg('every-ms', '100'));
const STATIC_DIR = arg('static-dir', null);
/** Only one side (`baseline` or `candidate`), e.g. to profile it. */
const ONLY = arg('only', null);
/** A directory for the server's V8 CPU profile of each run (`node --cpu-prof`), written when it stops. */
const CPU_PROF_DIR = arg('cpu-prof-dir', null);
/** The flood's timeline (ms from its start): warm-up, window A (probe off, the CO alarm raised in it), window B (probe on). */
const WARMUP_MS = 5_000;
const WINDOW_MS = Math.floor((FLOOD_MS - WARMUP_MS - 1_000) / 2);
const CO_AT_MS = WARMUP_MS + Math.floor(WINDOW_MS / 2);

const SIDES = {
  baseline: { label: 'every repeat written and pushed (ALARM_REPEAT_PUSH_MS=0)', env: { ALARM_REPEAT_PUSH_MS: '0' } },
  candidate: { label: 'bounded repeats (ALARM_REPEAT_PUSH_MS=1000, the default)', env: { ALARM_REPEAT_PUSH_MS: '1000' } },
};

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const log = (s) => console.log(`[flood] ${s}`);

/** In the page: records when the banner's worst alarm first names `window.__flood.name` (epoch ms). */
function bannerWatch() {
  const f = { name: null, seenAtMs: null };
  window.__flood = f;
  f.watch = (name) => {
    f.name = name;
    const check = () => {
      if (f.seenAtMs !== null) return;
      const worst = document.querySelector('[data-banner-worst]');
      if (worst && worst.textContent.includes(f.name)) f.seenAtMs = performance.timeOrigin + performance.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  };
}

/** The flood's devices: beacons FB-1… in the flood bore, and one gas station for the CO alarm. */
function devicesCsv() {
  const rows = ['sn,kind,name,station,position,tunnelId,chainageM,reportPeriodS,gases'];
  for (let i = 1; i <= BEACONS; i++) rows.push(`FB-${i},beacon,Flood tag ${i},,Flood,${TUNNEL_ID},,1,`);
  rows.push(`${CO_STATION.sn},gas,${CO_STATION.name},face,Flood,RK,100,10,CO;O2;CH4;H2S`);
  return rows.join('\n') + '\n';
}

/** Starts the flood's devices in a worker thread. @returns {{ go, stop }} once every device is connected */
async function startDevices(o) {
  const worker = new Worker(path.join(import.meta.dirname, 'devices.worker.mjs'));
  const next = (type, ms) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`flood devices: no '${type}' within ${ms} ms`)), ms);
      const on = (m) => {
        if (m.type === 'error') {
          clearTimeout(t);
          worker.off('message', on);
          reject(new Error(`flood devices: ${m.message}`));
        } else if (m.type === type) {
          clearTimeout(t);
          worker.off('message', on);
          resolve(m);
        }
      };
      worker.on('message', on);
    });
  const ready = next('ready', 60_000);
  worker.postMessage({ type: 'start', ...o });
  await ready;
  return {
    go: () => worker.postMessage({ type: 'go' }),
    stop: async () => {
      const stopped = next('stopped', 15_000).catch(() => ({ sent: NaN, acked: NaN, errors: NaN }));
      worker.postMessage({ type: 'stop' });
      const r = await stopped;
      await worker.terminate();
      return r;
    },
  };
}

/** `GET /` every 50 ms, one at a time, until `stop()`; latencies (ms) of those started after `fromMs` (epoch). */
function probeHttp(url, fromMs) {
  const samples = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const t = performance.now();
      const startedMs = Date.now();
      try {
        const r = await fetch(`${url}/`, { signal: AbortSignal.timeout(15_000) });
        await r.arrayBuffer();
      } catch {
        // a timeout counts as its 15 s
      }
      if (startedMs >= fromMs) samples.push(performance.now() - t);
      await sleep(50);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return samples;
    },
  };
}

/** One run of `side`: a fresh server, its devices, a socket and the board; the flood; the figures. */
async function runOnce(browser, staticDir, side) {
  const [httpPort, mqttPort] = [await freePort(), await freePort()];
  const server = await startServer({
    httpPort,
    mqttPort,
    adminPassword: ADMIN_PASSWORD,
    staticDir,
    env: {
      ...SIDES[side].env,
      DEMO_BACKFILL: 'off',
      SEED_LOCALE: 'en',
      MQTT_CONNECTIONS_PER_MINUTE: '100000',
      ...(CPU_PROF_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}` } : {}),
    },
  });
  let devices = null;
  let socket = null;
  let co = null;
  let context = null;
  try {
    const api = await login(server.url, 'admin', ADMIN_PASSWORD);
    const imported = await api.call('/zhgd/admin/device/import', { projectId: PROJECT_ID, format: 'csv', contentBase64: Buffer.from(devicesCsv()).toString('base64') });
    if (imported.problems?.length) throw new Error(`device import: ${JSON.stringify(imported.problems.slice(0, 3))}`);
    await api.call('/zhgd/zone/add', {
      projectId: PROJECT_ID,
      zone: { name: 'Flood edge', kind: 'danger', tunnelId: TUNNEL_ID, fromM: EDGE_M, toM: EDGE_M + 100, entryAlarm: true, authorizedTeams: DEMO_TEAMS, maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null },
    });
    const key = await api.call('/zhgd/project/deviceKey', { projectId: PROJECT_ID });

    // one screen's socket, as the board's live worker holds it
    socket = io(server.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie: `sb_session=${api.cookie.value}` } });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    let alarmChanged = 0;
    let counting = false;
    let coPushedMs = null;
    socket.on('alarm.changed', (alarm) => {
      if (counting) alarmChanged++;
      if (alarm.deviceSn === CO_STATION.sn && coPushedMs === null) coPushedMs = Date.now();
    });
    await socket.timeout(5_000).emitWithAck('topic.subscribe', { projectId: PROJECT_ID, topic: 'alarm' });

    context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addCookies([{ ...api.cookie, url: server.url }]);
    await context.addInitScript(pageRecorder);
    await context.addInitScript(bannerWatch);
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${server.url}/#/dataV/viewBoard?boardId=${BOARD_ID}`);
    await page.locator('[data-panel-type="tunnelPersonnel"] canvas').first().waitFor({ timeout: 60_000 });
    await sleep(3_000);
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));

    co = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { clientId: 'flood-co', username: key.username, password: key.password, reconnectPeriod: 0 });
    devices = await startDevices({ port: mqttPort, username: key.username, password: key.password, projectId: PROJECT_ID, tunnelId: TUNNEL_ID, edgeM: EDGE_M, count: BEACONS, everyMs: EVERY_MS });
    // the same server and machine before the flood: what `GET /` costs here without it
    const quiet = probeHttp(server.url, 0);
    await sleep(5_000);
    const quietSamples = await quiet.stop();
    const loadBefore = os.loadavg()[0];
    const t0 = Date.now();
    devices.go();
    counting = true;
    const http = probeHttp(server.url, t0 + WARMUP_MS);
    await sleep(t0 + WARMUP_MS - Date.now());

    // window A, the frame probe off: main-thread busy; the CO alarm of another station raised in its middle
    await page.evaluate(() => window.__rs.mark());
    const m1 = await metrics();
    await sleep(t0 + CO_AT_MS - Date.now());
    await page.evaluate((name) => window.__flood.watch(name), CO_STATION.name);
    const coSentMs = Date.now();
    await co.publishAsync(`zhgd/${PROJECT_ID}/gas/${CO_STATION.sn}/telemetry`, JSON.stringify({ ts: coSentMs, readings: { CO: 60 } }), { qos: 1 });
    await sleep(t0 + WARMUP_MS + WINDOW_MS - Date.now());
    const m2 = await metrics();

    // window B, the probe on: frame intervals
    await page.evaluate(() => window.__rs.probe());
    await sleep(300);
    await page.evaluate(() => window.__rs.mark());
    const m3 = await metrics();
    await sleep(Math.min(WINDOW_MS, t0 + FLOOD_MS - Date.now()));
    const m4 = await metrics();
    const rec = await page.evaluate(() => ({ frames: window.__rs.frames, longTasks: window.__rs.longTasks }));
    const coSeenMs = await page.evaluate(() => window.__flood.seenAtMs);
    const httpSamples = await http.stop();
    counting = false;
    const floodS = (Date.now() - t0) / 1000;
    const load = await devices.stop();
    devices = null;
    const intervals = rec.frames.slice(1).map((t, i) => t - rec.frames[i]);
    return {
      side,
      floodS,
      getP50Ms: quantile(httpSamples, 0.5),
      getP99Ms: quantile(httpSamples, 0.99),
      getN: httpSamples.length,
      quietGetP99Ms: quantile(quietSamples, 0.99),
      alarmChanged,
      alarmChangedPerS: alarmChanged / floodS,
      busy: (m2.TaskDuration - m1.TaskDuration) / (m2.Timestamp - m1.Timestamp),
      busyWithProbe: (m4.TaskDuration - m3.TaskDuration) / (m4.Timestamp - m3.Timestamp),
      fps: rec.frames.length / (m4.Timestamp - m3.Timestamp),
      frameP99Ms: quantile(intervals, 0.99),
      longTasks: rec.longTasks.length,
      maxLongTaskMs: rec.longTasks.length ? Math.max(...rec.longTasks) : 0,
      coBannerMs: coSeenMs === null ? null : coSeenMs - coSentMs,
      coSocketMs: coPushedMs === null ? null : coPushedMs - coSentMs,
      sent: load.sent,
      acked: load.acked,
      pageErrors: pageErrors.length,
      load: [loadBefore, os.loadavg()[0]],
    };
  } finally {
    await devices?.stop().catch(() => undefined);
    await co?.endAsync(true).catch(() => undefined);
    socket?.close();
    await context?.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
  }
}

/** The median of `xs` (the mean of the two middle values for an even count). */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The report: per figure, each side's median (min–max), the ratio candidate ÷ baseline and the target. */
function render(runs) {
  const of = (side, k) => runs.filter((r) => r.side === side && r[k] !== null && Number.isFinite(r[k])).map((r) => r[k]);
  const cell = (side, k, d) => {
    const xs = of(side, k);
    if (xs.length === 0) return 'not seen';
    const med = median(xs);
    return xs.length > 1 ? `${med.toFixed(d)} (${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)})` : med.toFixed(d);
  };
  const ratio = (k) => {
    const a = of('baseline', k);
    const b = of('candidate', k);
    return a.length && b.length && median(a) > 0 ? `${(median(b) / median(a)).toFixed(2)}×` : '–';
  };
  const rows = [
    ['server `GET /` p99 (ms)', 'getP99Ms', 1, '≤ 50'],
    ['server `GET /` p50 (ms)', 'getP50Ms', 1, ''],
    ['server `GET /` p99 in the 5 s before the flood (ms)', 'quietGetP99Ms', 1, ''],
    ['`alarm.changed` to one socket (count over the flood)', 'alarmChanged', 0, ''],
    ['`alarm.changed` per second', 'alarmChangedPerS', 0, ''],
    ['board main-thread busy (fraction), window A: frame probe off', 'busy', 3, '≤ 0.10'],
    ['board main-thread busy (fraction), window B: frame probe on', 'busyWithProbe', 3, ''],
    ['board frame interval p99 (ms), window B', 'frameP99Ms', 1, '≤ 20'],
    ['board frames per second, window B', 'fps', 1, ''],
    ['board long tasks (window A and B)', 'longTasks', 0, ''],
    ['board longest task (ms)', 'maxLongTaskMs', 0, ''],
    ['CO alarm of another station: publish → `alarm.changed` at the socket (ms)', 'coSocketMs', 0, ''],
    ['CO alarm of another station: publish → board banner (ms)', 'coBannerMs', 0, '≤ 1000'],
    ['beacon fixes acknowledged by the broker', 'acked', 0, ''],
  ];
  const n = (side) => runs.filter((r) => r.side === side).length;
  return [
    `# Alarm flood, ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `${BEACONS} beacons, each its own MQTT connection, flipping across a danger zone's edge every ${EVERY_MS} ms for ${FLOOD_MS / 1000} s; the demo board open in Chromium (1920×1080, 60 Hz). ` +
      `Baseline: ${SIDES.baseline.label}, ${n('baseline')} run(s); candidate: ${SIDES.candidate.label}, ${n('candidate')} run(s). Median (min–max); ratio = candidate ÷ baseline.`,
    '',
    '| figure | baseline | candidate | ratio | target |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(([label, k, d, target]) => `| ${label} | ${cell('baseline', k, d)} | ${cell('candidate', k, d)} | ${ratio(k)} | ${target} |`),
    '',
    `Machine: ${os.cpus().length} cores, 1-minute load average before → after each run: ${runs.map((r) => `${r.side} ${r.load.map((x) => x.toFixed(1)).join(' → ')}`).join(', ')}. ` +
      `Fixes sent: ${runs.map((r) => `${r.side} ${r.sent}`).join(', ')}. Page errors: ${runs.reduce((a, r) => a + r.pageErrors, 0)}. \`GET /\` samples per run: ${runs.map((r) => r.getN).join(', ')}.`,
    '',
  ].join('\n');
}

async function main() {
  let staticDir = STATIC_DIR;
  let built = false;
  if (!staticDir) {
    log('building the app …');
    staticDir = await buildApp();
    built = true;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: WALL_SCREEN_ARGS, headless: true });
  const runs = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of (r % 2 === 0 ? ['baseline', 'candidate'] : ['candidate', 'baseline']).filter((x) => !ONLY || x === ONLY)) {
        log(`round ${r + 1}: ${side} …`);
        try {
          const run = await runOnce(browser, staticDir, side);
          log(
            `${side}: GET / p99 ${run.getP99Ms.toFixed(1)} ms, ${run.alarmChanged} alarm.changed, busy ${run.busy.toFixed(3)}, frame p99 ${run.frameP99Ms.toFixed(1)} ms, CO in the banner ${run.coBannerMs === null ? 'not seen' : `${run.coBannerMs.toFixed(0)} ms`}`,
          );
          runs.push(run);
        } catch (err) {
          log(`${side}: FAILED ${err.message}`);
        }
      }
    }
  } finally {
    await browser.close();
    if (built) rmSync(staticDir, { recursive: true, force: true });
  }
  const report = render(runs);
  console.log(`\n${report}`);
  mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  const file = path.join(ROOT, 'bench', 'results', `flood-${new Date().toISOString().slice(0, 10)}.md`);
  writeFileSync(file, report);
  log(`written to ${path.relative(ROOT, file)}`);
}

await main();
