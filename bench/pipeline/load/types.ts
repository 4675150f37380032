/** Page → load worker: start producing batches (replacing any earlier run), or stop. */
export type LoadCommand = { type: 'start'; multiplier: number; seed: number; toLiveWorker?: boolean } | { type: 'stop'; windowEndMs?: number };

/**
 * Load worker → page. `batch.json` is one TelemetryBatch as JSON text (the websocket frame's payload);
 * `batch.bin` is the same batch as the gateway's binary `telemetry.frame` (protocol/telemetryFrame.ts),
 * transferred;
 * `tick` is the gateway tick it belongs to (-1 for the history sent first), `genMs` its generation time
 * in ms since the epoch (every item's `ts` equals it, except history items).
 */
export type LoadFrame =
  | { type: 'ready'; messagesPerSecond: number }
  /** Answer to stop when frames went to the live worker: how many were generated up to the window end. */
  | { type: 'stopped'; generatedBefore: number }
  | { type: 'batch'; tick: number; genMs: number; json: string; bin: ArrayBuffer };

/**
 * What an implementation under test exposes to the harness. `deliver` receives one batch as the JSON
 * text of a websocket frame (the naive baseline parses it, as socket.io would) and as the gateway's
 * binary frame (SiteBoard reads that, as it does from the real gateway). `dispose` releases everything
 * it started.
 */
export interface Implementation {
  /**
   * True when the implementation takes its frames in its live worker (BENCH_LOAD_CHANNEL): the load worker
   * then sends SiteBoard's frames there and `deliver` is not called.
   */
  readonly liveWorker?: boolean;
  deliver(json: string, bin: ArrayBuffer): void;
  dispose(): void;
}

/**
 * BroadcastChannel between the load worker and the SiteBoard live worker (bench/pipeline/siteboard/
 * benchLive.shared.ts): SiteBoard's frames go there directly, as a socket's would reach the worker,
 * without passing the page's main thread.
 */
export const BENCH_LOAD_CHANNEL = 'siteboard-bench-load';

/** Messages on BENCH_LOAD_CHANNEL: frames to the live worker; the page asks the live worker how far it got. */
export type BenchLoadMessage =
  | { type: 'frame'; genMs: number; bin: ArrayBuffer }
  /** How far the live worker had got by `atMs` (ms since the epoch): frames handled and the newest genMs among them. */
  | { type: 'progress?'; atMs: number }
  | { type: 'progress'; delivered: number; newestGenMs: number };
