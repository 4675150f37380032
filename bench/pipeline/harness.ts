import { z } from 'zod';
import { GATEWAY_TICK_MS } from '../../protocol';
import { BENCH_LOAD_CHANNEL, type BenchLoadMessage, type Implementation, type LoadCommand, type LoadFrame } from './load/types';
import { Metrics, epochNow, type RawMetrics } from './metrics';

/**
 * Query parameters of the bench page, e.g. `?impl=naive&mult=10&seed=1&warmupMs=2000&measureMs=6000`.
 * `measureMs` is the length of each measured window. `probe`: `split` (default) measures in two windows,
 * the frame probe off and then on (see runWindows); `on` is one window with the frame probe running from
 * the start (the soak row's page).
 */
export const benchParams = z.strictObject({
  impl: z.enum(['naive', 'siteboard', 'idle']),
  mult: z.coerce.number().int().min(1).max(200),
  seed: z.coerce.number().int().min(0).default(1),
  warmupMs: z.coerce.number().int().min(0).max(60_000).default(2_000),
  measureMs: z.coerce.number().int().min(500).max(900_000).default(6_000),
  probe: z.enum(['split', 'on']).default('split'),
});
export type BenchParams = z.infer<typeof benchParams>;

/** A measured window, ms since the epoch. */
export interface BenchWindow {
  startMs: number;
  endMs: number;
}

/**
 * The timeline of one run, ms since the epoch. The runner reads main-thread busy and CPU over `probeOff`
 * and frames and busy-with-the-probe over `probeOn`; the load stops at `windowEndMs`.
 */
export interface RunWindows {
  /** The load's first tick is due (the warm-up begins). */
  startMs: number;
  /** The warm-up ends: the first measured window starts. */
  windowStartMs: number;
  /** Window A: the frame probe is off (null with `probe=on`). */
  probeOff: BenchWindow | null;
  /** The frame probe starts. */
  probeStartMs: number;
  /** Window B: the frame probe runs. */
  probeOn: BenchWindow;
  /** The end of the last window: the load stops, "behind the load" is taken here. */
  windowEndMs: number;
}

/**
 * After window A ends, the frame probe starts this much later, so that the runner's CDP reading at A's end
 * (a main-thread task, sent on the runner's own clock) is not given one of the probe's frames.
 */
export const PROBE_START_AFTER_MS = 100;
/** Window B starts this long after window A ends: the probe has been running for 300 ms by then. */
export const PROBE_ON_AFTER_MS = 400;

/**
 * The run's windows for a start time: with `probe=split`, the warm-up (probe off), window A (probe off,
 * `measureMs`), a 400 ms gap in which the probe starts, window B (probe on, `measureMs`); with `probe=on`,
 * the warm-up and one window, the probe running throughout.
 */
export function runWindows(startMs: number, params: Pick<BenchParams, 'warmupMs' | 'measureMs' | 'probe'>): RunWindows {
  const windowStartMs = startMs + params.warmupMs;
  if (params.probe === 'on') {
    const probeOn = { startMs: windowStartMs, endMs: windowStartMs + params.measureMs };
    return { startMs, windowStartMs, probeOff: null, probeStartMs: startMs, probeOn, windowEndMs: probeOn.endMs };
  }
  const probeOff = { startMs: windowStartMs, endMs: windowStartMs + params.measureMs };
  const probeOn = { startMs: probeOff.endMs + PROBE_ON_AFTER_MS, endMs: probeOff.endMs + PROBE_ON_AFTER_MS + params.measureMs };
  return { startMs, windowStartMs, probeOff, probeStartMs: probeOff.endMs + PROBE_START_AFTER_MS, probeOn, windowEndMs: probeOn.endMs };
}

/** What the runner reads back from `window.__bench.result()`. Times in ms since the epoch. */
export interface RunResult extends RawMetrics, RunWindows {
  params: BenchParams;
  /** Offered load in device messages per second. */
  messagesPerSecond: number;
  /** Frames (batches) handed to the implementation before the last window ended. */
  delivered: number;
  /**
   * How far behind the implementation was when the last window ended: its end minus the generation time of
   * the newest frame it had received by then (≈ GATEWAY_TICK_MS when keeping up).
   */
  behindMs: number;
  /** Frames generated before the last window's end that had not been handed over by then. */
  pendingAtEnd: number;
  heapUsedBytes: number | null;
}

/** Page-side state the runner polls. */
export interface BenchHandle {
  /** Resolves when the load is ready, with the run's timeline. */
  started: Promise<RunWindows>;
  /** Resolves after the last window ended and the frames queued before it have been counted. */
  result(): Promise<RunResult>;
}

/**
 * Runs one measurement in the page: mounts the implementation, starts the load worker, hands every frame
 * to `deliver` until the last window ends, then stops the load. The frame probe runs from
 * `probeStartMs` (runWindows). Frames that arrive after the end are not processed; those generated before
 * it are counted as pending (the page fell behind).
 */
export function runBench(params: BenchParams, mount: (metrics: Metrics) => Promise<Implementation>): BenchHandle {
  const metrics = new Metrics();
  metrics.start();
  if (params.probe === 'on') metrics.startFrameProbe();
  let delivered = 0;
  let newestGenMs = 0;
  let pendingAtEnd = 0;
  let messagesPerSecond = 0;
  let windowEndMs = Infinity;
  let ended = false;
  let heapUsedBytes: number | null = null;
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));

  const started = mount(metrics).then(
    (impl) =>
      new Promise<RunWindows>((resolve) => {
        const load = new Worker(new URL('./load/load.worker.ts', import.meta.url), { type: 'module' });
        const command = (c: LoadCommand) => load.postMessage(c);
        const finish = () => {
          command({ type: 'stop', windowEndMs });
          const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
          heapUsedBytes = memory ? memory.usedJSHeapSize : null;
          const wrapUp = () => {
            load.terminate();
            impl.dispose();
            metrics.stop();
            resolveDone();
          };
          if (impl.liveWorker) {
            void liveWorkerProgress(windowEndMs).then(wrapUp, (e: unknown) => {
              metrics.error(`live worker progress: ${String(e)}`);
              wrapUp();
            });
            return;
          }
          // Frames generated before the window end may still be queued behind this task; let them arrive
          // and count them, then report.
          setTimeout(wrapUp, 2 * GATEWAY_TICK_MS);
        };
        /** The live worker's count and newest frame as of the window end, and the load's count up to it. */
        const liveWorkerProgress = async (atMs: number) => {
          const stopped = new Promise<number>((r) => stoppedWaiters.push(r));
          const channel = new BroadcastChannel(BENCH_LOAD_CHANNEL);
          const progress = new Promise<{ delivered: number; newestGenMs: number }>((resolve, reject) => {
            const t = setTimeout(() => reject(new Error('no answer in 30 s')), 30_000);
            channel.onmessage = (e: MessageEvent<BenchLoadMessage>) => {
              if (e.data.type !== 'progress') return;
              clearTimeout(t);
              resolve(e.data);
            };
          });
          channel.postMessage({ type: 'progress?', atMs } satisfies BenchLoadMessage);
          const p = await progress;
          channel.close();
          delivered = p.delivered;
          newestGenMs = p.newestGenMs;
          pendingAtEnd = Math.max(0, (await stopped) - p.delivered);
        };
        const stoppedWaiters: Array<(n: number) => void> = [];
        load.onmessage = (e: MessageEvent<LoadFrame>) => {
          const f = e.data;
          if (f.type === 'stopped') {
            for (const w of stoppedWaiters.splice(0)) w(f.generatedBefore);
            return;
          }
          if (f.type === 'ready') {
            messagesPerSecond = f.messagesPerSecond;
            const windows = runWindows(epochNow(), params);
            windowEndMs = windows.windowEndMs;
            resolve(windows);
            // Late on a saturated page, as a frame would be: window B's first interval then runs from its
            // start to the first frame (report.mjs).
            if (params.probe === 'split') setTimeout(() => metrics.startFrameProbe(), windows.probeStartMs - epochNow());
            setTimeout(() => {
              if (epochNow() >= windowEndMs && !ended) {
                ended = true;
                finish();
              }
            }, windowEndMs - epochNow() + 1);
            return;
          }
          const now = epochNow();
          if (now >= windowEndMs) {
            if (f.genMs <= windowEndMs) pendingAtEnd++;
            if (!ended) {
              ended = true;
              finish();
            }
            return;
          }
          try {
            impl.deliver(f.json, f.bin);
          } catch (err) {
            metrics.error(`deliver: ${(err as Error).message}`);
          }
          delivered++;
          newestGenMs = Math.max(newestGenMs, f.genMs);
        };
        load.onerror = (e) => metrics.error(`load worker: ${e.message}`);
        command({ type: 'start', multiplier: params.mult, seed: params.seed, toLiveWorker: impl.liveWorker === true });
      }),
  );

  return {
    started,
    async result() {
      const s = await started;
      await done;
      return {
        ...metrics.raw,
        params,
        messagesPerSecond,
        ...s,
        delivered,
        behindMs: s.windowEndMs - newestGenMs,
        pendingAtEnd,
        heapUsedBytes,
      };
    },
  };
}
