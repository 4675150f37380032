import { z } from 'zod';
import { GATEWAY_TICK_MS } from '../../protocol';
import { BENCH_LOAD_CHANNEL, type BenchLoadMessage, type Implementation, type LoadCommand, type LoadFrame } from './load/types';
import { Metrics, epochNow, type RawMetrics } from './metrics';

/** Query parameters of the bench page, e.g. `?impl=naive&mult=10&seed=1&warmupMs=2000&measureMs=6000`. */
export const benchParams = z.strictObject({
  impl: z.enum(['naive', 'siteboard', 'idle']),
  mult: z.coerce.number().int().min(1).max(200),
  seed: z.coerce.number().int().min(0).default(1),
  warmupMs: z.coerce.number().int().min(0).max(60_000).default(2_000),
  measureMs: z.coerce.number().int().min(500).max(900_000).default(6_000),
});
export type BenchParams = z.infer<typeof benchParams>;

/** What the runner reads back from `window.__bench.result()`. Times in ms since the epoch. */
export interface RunResult extends RawMetrics {
  params: BenchParams;
  /** Offered load in device messages per second. */
  messagesPerSecond: number;
  startMs: number;
  windowStartMs: number;
  windowEndMs: number;
  /** Frames (batches) handed to the implementation before the window ended. */
  delivered: number;
  /**
   * How far behind the implementation was when the window ended: window end minus the generation time of
   * the newest frame it had received by then (≈ GATEWAY_TICK_MS when keeping up).
   */
  behindMs: number;
  /** Frames generated before the window end that had not been handed over by then. */
  pendingAtEnd: number;
  heapUsedBytes: number | null;
}

/** Page-side state the runner polls. */
export interface BenchHandle {
  started: Promise<{ startMs: number; windowStartMs: number; windowEndMs: number }>;
  /** Resolves after the window ended and the frames queued before it have been counted. */
  result(): Promise<RunResult>;
}

/**
 * Runs one measurement in the page: mounts the implementation, starts the load worker, hands every frame
 * to `deliver` until the window ends, then stops the load. Frames that arrive after the window end are
 * not processed; those generated before it are counted as pending (the page fell behind).
 */
export function runBench(params: BenchParams, mount: (metrics: Metrics) => Promise<Implementation>): BenchHandle {
  const metrics = new Metrics();
  metrics.start();
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
      new Promise<{ startMs: number; windowStartMs: number; windowEndMs: number }>((resolve) => {
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
            const startMs = epochNow();
            windowEndMs = startMs + params.warmupMs + params.measureMs;
            resolve({ startMs, windowStartMs: startMs + params.warmupMs, windowEndMs });
            setTimeout(() => {
              if (epochNow() >= windowEndMs && !ended) {
                ended = true;
                finish();
              }
            }, params.warmupMs + params.measureMs + 1);
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
