// One measured run: a fresh browser context and page, CDP main-thread busy time around the page's windows.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Debian's Chromium (`npm test` and `npm run bench` install it when missing, scripts/lib.mjs ensureChromium;
 * bench/ may not import scripts/, tests/architecture), or CHROMIUM_PATH.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium flags for frame-timing measurement. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-frame-rate-limit',
  '--disable-gpu-vsync',
  '--enable-precise-memory-info',
];

/**
 * Chromium flags for a board as a wall screen runs it: frames paced at the display's 60 Hz. Without the
 * frame-rate limit some runs of the real-server row drew 112–160 frames/s, and every frame's style, paint
 * and commit counted as main-thread busy: a frame interval target (≤ 20 ms) means something only against
 * the display's refresh.
 */
export const WALL_SCREEN_ARGS = CHROMIUM_ARGS.filter((a) => a !== '--disable-frame-rate-limit' && a !== '--disable-gpu-vsync');

/** Rejects after `ms` with a message naming what timed out. */
function within(ms, what, promise) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))),
  ]);
}

/** Linux clock ticks per second for /proc CPU times (USER_HZ is 100 on every Linux we run on). */
const USER_HZ = 100;

/**
 * CPU time (ms) of every thread of every Chromium renderer process, keyed `pid/tid`, from /proc; empty
 * where /proc is not readable (then the CPU rows of the report stay empty).
 */
async function rendererThreads(browserCdp) {
  const out = new Map();
  let infos = [];
  try {
    infos = (await browserCdp.send('SystemInfo.getProcessInfo')).processInfo.filter((p) => p.type === 'renderer');
  } catch {
    return out;
  }
  for (const { id: pid } of infos) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cpuMs = ((Number(f[11]) + Number(f[12])) * 1000) / USER_HZ;
        out.set(`${pid}/${tid}`, { main: String(pid) === tid, worker: comm.includes('Worker'), cpuMs });
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return out;
}

/** CPU ms per second between two rendererThreads snapshots: renderer main threads, worker threads (dedicated and shared), all. */
function cpuDelta(a, b, spanS) {
  const sum = { mainMsPerS: 0, workerMsPerS: 0, allMsPerS: 0 };
  if (a.size === 0 || b.size === 0) return null;
  for (const [key, t] of b) {
    const d = (t.cpuMs - (a.get(key)?.cpuMs ?? 0)) / spanS;
    if (t.main) sum.mainMsPerS += d;
    if (t.worker) sum.workerMsPerS += d;
    sum.allMsPerS += d;
  }
  return sum;
}

async function cdpMetrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/**
 * Runs the bench page once, in its two windows (bench/pipeline/harness.ts runWindows): main-thread busy,
 * its script part and the renderer CPU over window A (the harness's frame probe off), main-thread busy again
 * over window B (the probe on, where the page measures frames), the JS heap at the end of B.
 * @param browser a playwright-core Browser
 * @param browserCdp its browser-level CDP session (to find renderer processes for CPU accounting)
 * @param baseUrl where bench/dist is served
 * @param params { impl, mult, seed, warmupMs, measureMs } (measureMs: the length of each window)
 * @param capMs how long after a window's end a page may take to answer before it is given up on
 * @returns the page's RunResult plus `cdp: { busyMsPerS, scriptMsPerS, spanS, busyWithProbeMsPerS,
 *   scriptWithProbeMsPerS, probeSpanS, heapUsedBytes, cpu }`, or `{ failed: reason }`.
 */
export async function measureOnce(browser, browserCdp, baseUrl, params, capMs = 30_000) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(String(e.message)));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const query = new URLSearchParams(Object.entries({ ...params, probe: 'split' }).map(([k, v]) => [k, String(v)]));
    await page.goto(`${baseUrl}?${query}`);
    await page.waitForFunction(() => window.__bench !== undefined || window.__benchError !== undefined, null, { timeout: 15_000 });
    const started = await within(15_000, 'start', page.evaluate(async () => {
      if (window.__benchError) return { error: window.__benchError };
      try {
        return await window.__bench.started;
      } catch (e) {
        return { error: String(e) };
      }
    }));
    if (started.error) return { failed: started.error };
    // The page's epoch clock and ours are the same machine clock.
    const { probeOff, probeOn } = started;
    await sleep(probeOff.startMs - Date.now());
    const m1 = await within(capMs, 'CDP metrics at window A start', cdpMetrics(cdp));
    const t1 = await rendererThreads(browserCdp);
    await sleep(probeOff.endMs - Date.now());
    const m2 = await within(capMs, 'CDP metrics at window A end', cdpMetrics(cdp));
    const t2 = await rendererThreads(browserCdp);
    await sleep(probeOn.startMs - Date.now());
    const m3 = await within(capMs, 'CDP metrics at window B start', cdpMetrics(cdp));
    await sleep(probeOn.endMs - Date.now());
    const m4 = await within(capMs, 'CDP metrics at window B end', cdpMetrics(cdp));
    const result = await within(capMs, 'page result', page.evaluate(() => window.__bench.result()));
    const spanS = m2.Timestamp - m1.Timestamp;
    const probeSpanS = m4.Timestamp - m3.Timestamp;
    return {
      ...result,
      errors: [...result.errors, ...pageErrors],
      cdp: {
        busyMsPerS: ((m2.TaskDuration - m1.TaskDuration) * 1000) / spanS,
        scriptMsPerS: ((m2.ScriptDuration - m1.ScriptDuration) * 1000) / spanS,
        spanS,
        busyWithProbeMsPerS: ((m4.TaskDuration - m3.TaskDuration) * 1000) / probeSpanS,
        scriptWithProbeMsPerS: ((m4.ScriptDuration - m3.ScriptDuration) * 1000) / probeSpanS,
        probeSpanS,
        heapUsedBytes: m4.JSHeapUsedSize,
        cpu: cpuDelta(t1, t2, spanS),
      },
    };
  } catch (e) {
    return { failed: String(e.message ?? e) };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * A soak run: one page for `params.measureMs` (no warm-up), sampled at each instant of `atMs` (ms after the
 * start): main-thread busy over the `spanMs` before it, and the JS heap after a forced garbage collection
 * (CDP HeapProfiler.collectGarbage, so retained memory is compared, not garbage not yet collected); also
 * the script part of busy (CDP ScriptDuration) and the machine's 1-minute load average, to tell the page's
 * own work from waits on a shared machine.
 * @returns `{ samples: [{ atMs, busyMsPerS, scriptMsPerS, heapUsedBytes, loadAvg1 }], result }` or `{ failed }`.
 */
export async function measureSoak(browser, baseUrl, params, atMs, spanMs = 10_000, capMs = 30_000) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // probe=on: one window with the frame probe running throughout, as this row has always been measured.
    const query = new URLSearchParams(Object.entries({ ...params, warmupMs: 0, probe: 'on' }).map(([k, v]) => [k, String(v)]));
    await page.goto(`${baseUrl}?${query}`);
    await page.waitForFunction(() => window.__bench !== undefined || window.__benchError !== undefined, null, { timeout: 15_000 });
    const started = await within(15_000, 'start', page.evaluate(async () => (window.__benchError ? { error: window.__benchError } : await window.__bench.started)));
    if (started.error) return { failed: started.error };
    const samples = [];
    for (const at of atMs) {
      await sleep(started.startMs + at - spanMs - Date.now());
      const m1 = await within(capMs, 'CDP metrics', cdpMetrics(cdp));
      await sleep(started.startMs + at - Date.now());
      const m2 = await within(capMs, 'CDP metrics', cdpMetrics(cdp));
      await within(capMs, 'garbage collection', cdp.send('HeapProfiler.collectGarbage'));
      const m3 = await within(capMs, 'CDP metrics', cdpMetrics(cdp));
      const span = m2.Timestamp - m1.Timestamp;
      samples.push({
        atMs: at,
        busyMsPerS: ((m2.TaskDuration - m1.TaskDuration) * 1000) / span,
        scriptMsPerS: ((m2.ScriptDuration - m1.ScriptDuration) * 1000) / span,
        heapUsedBytes: m3.JSHeapUsedSize,
        loadAvg1: os.loadavg()[0],
      });
      const x = samples.at(-1);
      console.log(`[bench] soak ${params.impl} ${params.mult}× at ${(at / 60_000).toFixed(1)} min: busy ${x.busyMsPerS.toFixed(0)} ms/s (script ${x.scriptMsPerS.toFixed(0)}), heap ${(m3.JSHeapUsedSize / 1e6).toFixed(1)} MB, load average ${x.loadAvg1.toFixed(1)}`);
    }
    const result = await within(capMs + params.measureMs, 'page result', page.evaluate(() => window.__bench.result()));
    return { samples, result };
  } catch (e) {
    return { failed: String(e.message ?? e) };
  } finally {
    await context.close().catch(() => {});
  }
}
