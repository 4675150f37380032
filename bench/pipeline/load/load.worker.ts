/// <reference lib="webworker" />
import { encodeTelemetryFrame, GATEWAY_TICK_MS, type TelemetryBatch } from '../../../protocol';
import { LoadGenerator } from './generator';
import { BENCH_LOAD_CHANNEL, type BenchLoadMessage, type LoadCommand, type LoadFrame } from './types';

/**
 * The "network": a thread of its own that produces the gateway's batches every 200 ms and posts each as
 * the JSON text a websocket frame would carry and as the gateway's binary frame (both encoded here, so
 * the encoding cost lands on this thread for both sides). Because it does not share the page's main thread, a page
 * that cannot keep up sees frames queue up, exactly as socket.io frames would.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let timer: ReturnType<typeof setTimeout> | undefined;
let channel: BroadcastChannel | null = null;
/** genMs of every frame sent to the live worker (counted against the window end at stop). */
let sentGenMs: number[] = [];

scope.onmessage = (e: MessageEvent<LoadCommand>) => {
  const cmd = e.data;
  if (cmd.type === 'stop') {
    clearTimeout(timer);
    timer = undefined;
    if (channel) {
      const end = cmd.windowEndMs ?? Infinity;
      scope.postMessage({ type: 'stopped', generatedBefore: sentGenMs.filter((g) => g <= end).length } satisfies LoadFrame);
    }
    return;
  }
  clearTimeout(timer);
  const gen = new LoadGenerator(cmd.multiplier, cmd.seed);
  channel = cmd.toLiveWorker ? new BroadcastChannel(BENCH_LOAD_CHANNEL) : null;
  sentGenMs = [];
  const live = channel;
  // SiteBoard's frames go straight to its live worker (the socket's place), the baseline's to the page.
  const post = (frame: LoadFrame) => {
    if (live && frame.type === 'batch') {
      sentGenMs.push(frame.genMs);
      live.postMessage({ type: 'frame', genMs: frame.genMs, bin: frame.bin } satisfies BenchLoadMessage);
      return;
    }
    scope.postMessage(frame, frame.type === 'batch' ? [frame.bin] : []);
  };
  /** Both encodings of a batch: the baseline reads the JSON, SiteBoard the gateway's binary frame. */
  const wire = (batch: TelemetryBatch) => {
    const bytes = encodeTelemetryFrame(batch);
    return { json: JSON.stringify(batch), bin: bytes.buffer as ArrayBuffer };
  };
  const t0 = Date.now();
  post({ type: 'ready', messagesPerSecond: gen.messagesPerSecond });
  post({ type: 'batch', tick: -1, genMs: t0, ...wire(gen.history(t0)) });
  let next = 0;
  const run = () => {
    // Catch up on ticks a busy machine made us miss, so the offered load stays what was asked for.
    while (t0 + next * GATEWAY_TICK_MS <= Date.now()) {
      const genMs = Date.now();
      for (const batch of gen.tick(genMs)) post({ type: 'batch', tick: next, genMs, ...wire(batch) });
      next++;
    }
    timer = setTimeout(run, Math.max(0, t0 + next * GATEWAY_TICK_MS - Date.now()));
  };
  run();
};
