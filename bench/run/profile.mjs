// `node bench/run/profile.mjs --impl=siteboard --mult=50`: where one run's main-thread time goes. Runs the
// bench page once (bench/dist must be built: `vite build -c bench/vite.config.ts`) with the CDP sampling
// profiler on the page's main thread over the measured window A (the harness's frame probe off, as for the
// headline main-thread busy of `npm run bench`) and prints self time by function and by script, plus the
// busy, script, layout and style ms/s. A development aid; `npm run bench` does not use it.
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { serveStatic } from './serve.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from './measure.mjs';

const { values: opt } = parseArgs({
  options: {
    impl: { type: 'string', default: 'siteboard' },
    mult: { type: 'string', default: '50' },
    'warmup-ms': { type: 'string', default: '3000' },
    'measure-ms': { type: 'string', default: '6000' },
    top: { type: 'string', default: '40' },
    out: { type: 'string' },
  },
});
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const server = await serveStatic(path.join(ROOT, 'bench', 'dist'));
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const params = { impl: opt.impl, mult: opt.mult, seed: 1, warmupMs: opt['warmup-ms'], measureMs: opt['measure-ms'] };
  await page.goto(`${server.url}?${new URLSearchParams(params)}`);
  await page.waitForFunction(() => window.__bench !== undefined || window.__benchError !== undefined);
  const started = await page.evaluate(() => window.__bench.started);
  await sleep(started.probeOff.startMs - Date.now());
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await cdp.send('Performance.enable');
  const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await sleep(started.probeOff.endMs - Date.now());
  const m2 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const { profile } = await cdp.send('Profiler.stop');
  if (opt.out) writeFileSync(opt.out, JSON.stringify(profile));
  const span = m2.Timestamp - m1.Timestamp;
  const per = (k) => (((m2[k] - m1[k]) * 1000) / span).toFixed(0);
  console.log(`busy ${per('TaskDuration')} ms/s  script ${per('ScriptDuration')}  layout ${per('LayoutDuration')}  style ${per('RecalcStyleDuration')}`);
  // self time per node from samples
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i + 1] ?? 0));
  const fn = new Map();
  const file = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const n = byId.get(id);
    const cf = n.callFrame;
    if (cf.functionName === '(idle)') continue;
    total += us;
    const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const f = cf.url.split('/').pop() || cf.functionName;
    file.set(f, (file.get(f) ?? 0) + us);
  }
  const secs = span;
  const show = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, us]) => console.log(`${(us / 1000 / secs).toFixed(1).padStart(7)} ms/s  ${k}`));
  console.log(`-- sampled non-idle ${(total / 1000 / secs).toFixed(0)} ms/s; by script`);
  show(file, 15);
  console.log('-- by function (self)');
  show(fn, Number(opt.top));
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
