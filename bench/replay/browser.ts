/**
 * The browser rows of `npm run bench:replay` (bench/replay/README.md): the page of bench/replay/browser in
 * Chromium (headless, /usr/bin/chromium through playwright-core, as scripts/bench.mjs runs it), the
 * compact side (replay worker) against the naive baseline (raw rows as JSON, interpolated on the main
 * thread), interleaved per round (ABBA), a fresh page per run.
 *
 * Figures per run: seek → drawn (positions asked, drawn on a canvas, next frame presented) over seeded
 * random instants; the interval between animation frames during `playMs` of 60× playback (p99); and
 * main-thread busy over that playback (CDP Performance.getMetrics TaskDuration, ms per second). Frames
 * run at 60 Hz (scripts/bench.mjs's flags without the frame-rate unlock), so a frame interval of 16.7 ms
 * is on time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

/** The untyped .mjs helpers of scripts/bench.mjs (scripts/lib.mjs, bench/run/*.mjs), loaded as they are. */
interface BenchHelpers {
  run(bin: string, args: string[]): Promise<number>;
  ensureChromium(): string;
  serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }>;
  CHROMIUM_ARGS: string[];
}

async function helpers(): Promise<BenchHelpers> {
  const at = (p: string) => new URL(p, import.meta.url).href;
  const [lib, serve, measure] = await Promise.all([import(at('../../scripts/lib.mjs')), import(at('../run/serve.mjs')), import(at('../run/measure.mjs'))]);
  return { run: lib.run, ensureChromium: lib.ensureChromium, serveStatic: serve.serveStatic, CHROMIUM_ARGS: measure.CHROMIUM_ARGS };
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Data of one browser case; `naiveJson` may be empty when only the compact side runs. */
export interface BrowserData {
  /** Compact tracks bodies, one per page. */
  compactPages: Uint8Array[];
  /** The naive rows: per beacon, one object per fix. */
  naiveJson: string;
  fromMs: number;
  seconds: number;
  seeksAt: number[];
}

export interface BrowserResult {
  seekP50: number;
  seekP95: number;
  frameP99: number;
  busyMsPerS: number;
}

export type Side = 'naive' | 'compact';

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** Builds the page, writes the data next to it, and runs `rounds` ABBA rounds; medians per side. */
export async function measureBrowser(data: BrowserData, opts: { rounds: number; playMs: number; sides?: Side[] }): Promise<Partial<Record<Side, BrowserResult>>> {
  const sides = opts.sides ?? ['naive', 'compact'];
  const { run, ensureChromium, serveStatic, CHROMIUM_ARGS } = await helpers();
  const dist = path.join(ROOT, 'bench', 'replay', 'dist');
  if ((await run('vite', ['build', '-c', 'bench/replay/vite.config.ts', '--logLevel', 'warn'])) !== 0) throw new Error('bench/replay page build failed');
  mkdirSync(path.join(dist, 'data'), { recursive: true });
  data.compactPages.forEach((p, i) => writeFileSync(path.join(dist, 'data', `compact-${i}.bin`), p));
  writeFileSync(path.join(dist, 'data', 'naive.json'), data.naiveJson);
  const server = await serveStatic(dist);
  // frames at the display's 60 Hz, not as fast as possible: a frame interval and main-thread busy mean
  // what they mean on a wall screen
  const args = CHROMIUM_ARGS.filter((a) => a !== '--disable-frame-rate-limit' && a !== '--disable-gpu-vsync');
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args });
  const runs: Record<Side, BrowserResult[]> = { naive: [], compact: [] };
  try {
    for (let round = 0; round < opts.rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        process.stderr.write(`  browser round ${round + 1} ${side} …\n`);
        const page = await browser.newPage();
        try {
          await page.goto(server.url);
          await page.waitForFunction(() => 'window' in globalThis && (window as unknown as { __replay?: unknown }).__replay !== undefined);
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Performance.enable');
          await page.evaluate(([s, n]) => (window as any).__replay.setup(s, n), [side, data.compactPages.length] as const);
          const seeks = (await page.evaluate((at) => (window as any).__replay.seeks(at), data.seeksAt)) as number[];
          const metrics = async () => Object.fromEntries(((await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }).metrics.map((m) => [m.name, m.value]));
          const m1 = await metrics();
          const intervals = (await page.evaluate(([from, ms]) => (window as any).__replay.play(from, 60, ms), [data.fromMs + 600_000, opts.playMs] as const)) as number[];
          const m2 = await metrics();
          runs[side].push({
            seekP50: quantile(seeks, 0.5),
            seekP95: quantile(seeks, 0.95),
            frameP99: quantile(intervals, 0.99),
            busyMsPerS: ((m2.TaskDuration - m1.TaskDuration) * 1000) / (m2.Timestamp - m1.Timestamp),
          });
        } finally {
          await page.close();
        }
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
  const med = (side: Side, k: keyof BrowserResult) => quantile(runs[side].map((r) => r[k]), 0.5);
  const out: Partial<Record<Side, BrowserResult>> = {};
  for (const side of sides) out[side] = { seekP50: med(side, 'seekP50'), seekP95: med(side, 'seekP95'), frameP99: med(side, 'frameP99'), busyMsPerS: med(side, 'busyMsPerS') };
  return out;
}
