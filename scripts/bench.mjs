// `npm run bench`: the pipeline benchmark (bench/README.md). Builds bench/pipeline, serves it on 127.0.0.1,
// and in Chromium runs the naive baseline and the siteboard pipeline alternately at 1×, 10×, 50× and 200× the
// demo load; prints a markdown table (medians, ranges, ratios) and writes it to bench/results/pipeline-<date>.md.
// Each run measures two windows of --measure-ms after the warm-up: main-thread busy and CPU with the harness's
// frame probe off, then frames (and busy again) with it on (bench/README.md, "Metrics").
//   --quick              1× and 10× only, shorter runs (smoke)
//   --mult=1,10,50       loads to run          --rounds=N   baseline/candidate pairs per load (ABBA order)
//   --warmup-ms=N --measure-ms=N (per window) --candidate=idle   harness overhead instead of siteboard
//   --soak               adds the soak row: SiteBoard alone at 10× for 10 min, busy and heap at minute 1 and 10
//   --soak-only          only the soak row (--soak-min=N changes its length)
//   --real-server        adds the real-server row (demo board against the real server, 1× simulator plus
//                        --extra=25 × the demo beacons and gas stations over MQTT); --real-server-only: only it
//                        (BENCH_PROFILE_OUT=file.cpuprofile BENCH_NO_MINIFY=1: a CPU profile of its first run)
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { ROOT, ensureChromium, run } from './lib.mjs';
import { serveStatic } from '../bench/run/serve.mjs';
import { CHROMIUM_ARGS, WALL_SCREEN_ARGS, measureOnce, measureSoak } from '../bench/run/measure.mjs';
import { renderReport, summarise } from '../bench/run/report.mjs';
import { measureRealServer, renderRealServer } from '../bench/realserver/run.mjs';

const { values: opt } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    mult: { type: 'string' },
    rounds: { type: 'string' },
    'warmup-ms': { type: 'string' },
    'measure-ms': { type: 'string' },
    candidate: { type: 'string', default: 'siteboard' },
    seed: { type: 'string', default: '1' },
    soak: { type: 'boolean', default: false },
    'soak-only': { type: 'boolean', default: false },
    'soak-min': { type: 'string', default: '10' },
    'real-server': { type: 'boolean', default: false },
    'real-server-only': { type: 'boolean', default: false },
    extra: { type: 'string', default: '25' },
  },
});
const int = (v, name) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got ${v}`);
  return n;
};
const only = opt['soak-only'] || opt['real-server-only'];
const mults = only ? [] : (opt.mult ?? (opt.quick ? '1,10' : '1,10,50,200')).split(',').map((m) => int(m, 'mult'));
const soakMin = int(opt['soak-min'], 'soak-min');
const rounds = int(opt.rounds ?? (opt.quick ? 2 : 3), 'rounds');
// --quick keeps the full run's warm-up: window A follows it directly, and 1 s after the load starts SiteBoard's
// busy had not always settled in trials here.
const warmupMs = int(opt['warmup-ms'] ?? 2000, 'warmup-ms');
// Per window: a run measures two windows of this length (the frame probe off, then on).
const measureMs = int(opt['measure-ms'] ?? (opt.quick ? 2000 : 6000), 'measure-ms');
const seed = int(opt.seed, 'seed');
if (!['siteboard', 'idle'].includes(opt.candidate)) throw new Error('--candidate must be siteboard or idle');

console.log('[bench] building bench/pipeline …');
if ((await run('vite', ['build', '-c', 'bench/vite.config.ts', '--logLevel', 'warn'])) !== 0) process.exit(1);

const server = await serveStatic(path.join(ROOT, 'bench', 'dist'));
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
const browserCdp = await browser.newBrowserCDPSession();
const chromiumVersion = browser.version();
const started = Date.now();
const groups = [];
let soak = null;
let realServer = null;
try {
  for (const mult of mults) {
    const sides = { naive: { summaries: [], failures: [] }, [opt.candidate]: { summaries: [], failures: [] } };
    for (let r = 0; r < rounds; r++) {
      // ABBA: alternate which side goes first so drift on a shared machine hits both equally.
      const order = r % 2 === 0 ? ['naive', opt.candidate] : [opt.candidate, 'naive'];
      for (const impl of order) {
        const res = await measureOnce(browser, browserCdp, server.url, { impl, mult, seed, warmupMs, measureMs });
        if (res.failed) {
          sides[impl].failures.push(res.failed);
          console.log(`[bench] ${mult}× ${impl} run ${r + 1}: FAILED ${res.failed}`);
          continue;
        }
        const s = summarise(res);
        sides[impl].summaries.push(s);
        console.log(
          `[bench] ${mult}× ${impl.padEnd(9)} run ${r + 1}: busy ${s.busyMsPerS.toFixed(0)} ms/s ` +
            `(${s.busyWithProbeMsPerS.toFixed(0)} with the frame probe), ` +
            `frame p99 ${s.frameP99Ms.toFixed(1)} ms, long tasks ${s.longTasks}, ` +
            `latency personnel p50 ${s.personnelLatP50Ms.toFixed(0)} ms, behind ${s.behindMs.toFixed(0)} ms` +
            (s.errors.length ? `, ERRORS: ${s.errors[0]}` : ''),
        );
      }
    }
    groups.push({ mult, baseline: sides.naive, candidate: sides[opt.candidate] });
  }
  if (opt['real-server'] || opt['real-server-only']) {
    try {
      // The row's own browser, paced at 60 Hz like a wall screen (bench/README.md "Real-server row").
      const wallScreen = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: WALL_SCREEN_ARGS });
      try {
        realServer = await measureRealServer({ browser: wallScreen, runs: 3, extra: int(opt.extra, 'extra'), log: (m) => console.log(`[bench] ${m}`), profileOut: process.env.BENCH_PROFILE_OUT ?? null });
      } finally {
        await wallScreen.close().catch(() => {});
      }
      for (const r of realServer.runs)
        console.log(`[bench] real server: busy ${r.busyMsPerS.toFixed(0)} ms/s, frame p99 ${r.frameP99Ms.toFixed(1)} ms, long tasks ${r.longTasks}`);
    } catch (e) {
      realServer = { failed: String(e?.message ?? e) };
      console.log(`[bench] real server: FAILED ${realServer.failed}`);
    }
  }
  if (opt.soak || opt['soak-only']) {
    const minutes = Math.max(2, soakMin);
    const res = await measureSoak(browser, server.url, { impl: 'siteboard', mult: 10, seed, measureMs: minutes * 60_000 }, [60_000, minutes * 60_000 - 5_000]);
    soak = { minutes, ...res };
  }
} finally {
  await browser.close().catch(() => {});
  await server.close();
}

const date = new Date().toISOString().replace(/:\d\d\.\d+Z$/, '').replace(':', '-');
const description = [
  `Chromium ${chromiumVersion} headless, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
  `Per load ${rounds} round(s) in ABBA order, fresh page per run, ${warmupMs} ms warm-up, then two windows of ${measureMs} ms, seed ${seed}:`,
  `window A with the harness's frame probe (a requestAnimationFrame loop, which makes Chromium produce a main frame every vsync) off, window B with it on.`,
  `Cells: median (min–max) over runs; ratio = ${opt.candidate} median / naive median (below 1× is better, except frames per second).`,
  `Main-thread busy = CDP Performance.getMetrics TaskDuration delta over window A (wall time of main-thread tasks); "with the frame probe" = the same over window B.`,
  `CPU rows and long tasks: window A; frames: window B; latency: both windows; behind the load, heap and people drawn: the end of B.`,
  `CPU rows = /proc thread CPU time of the renderer processes (10 ms ticks); the worker row includes the load generator, which is the same work on both sides.`,
  `Total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
].join(' ');
let md = renderReport({ groups, meta: { date, description } }).replaceAll('siteboard', opt.candidate);
if (realServer) md += renderRealServer(realServer);
if (soak) md += renderSoak(soak);
console.log('\n' + md);
const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `pipeline-${date}.md`);
writeFileSync(file, md);
console.log(`[bench] written ${path.relative(ROOT, file)}`);

/** The soak row: SiteBoard alone at 10×, main-thread busy and JS heap (after a forced GC) near minute 1 and at the end. */
function renderSoak(soak) {
  if (soak.failed) return `\n## Soak: FAILED ${soak.failed}\n`;
  const [a, b] = soak.samples;
  const pct = (x, y) => `${(((y - x) / x) * 100).toFixed(1)} %`;
  const lines = [
    `\n## Soak: SiteBoard alone at 10× for ${soak.minutes} min (one page)`,
    '',
    `| figure | minute ${(a.atMs / 60_000).toFixed(1)} | minute ${(b.atMs / 60_000).toFixed(1)} | change |`,
    '|---|---:|---:|---:|',
    `| main-thread busy (ms/s, over the 10 s before) | ${a.busyMsPerS.toFixed(0)} | ${b.busyMsPerS.toFixed(0)} | ${pct(a.busyMsPerS, b.busyMsPerS)} |`,
    `| of which script (ms/s, CDP ScriptDuration) | ${a.scriptMsPerS.toFixed(0)} | ${b.scriptMsPerS.toFixed(0)} | ${pct(a.scriptMsPerS, b.scriptMsPerS)} |`,
    `| JS heap after a forced GC (MB) | ${(a.heapUsedBytes / 1e6).toFixed(1)} | ${(b.heapUsedBytes / 1e6).toFixed(1)} | ${pct(a.heapUsedBytes, b.heapUsedBytes)} |`,
    `| machine load average (1 min; ${os.cpus().length} cores) | ${a.loadAvg1.toFixed(1)} | ${b.loadAvg1.toFixed(1)} | |`,
    '',
    `Behind the load at the end: ${Math.round(soak.result.behindMs)} ms; long tasks over the run: ${soak.result.longTasks.length}; errors: ${soak.result.errors.length}.`,
    '',
  ];
  return lines.join('\n');
}
