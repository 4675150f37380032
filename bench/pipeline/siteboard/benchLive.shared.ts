/// <reference lib="webworker" />
import { transfer } from 'comlink';
import { LiveHost } from '../../../workers/telemetry/LiveHost';
import { serveLivePort } from '../../../workers/telemetry/liveServe';
import { TelemetryImpl } from '../../../workers/telemetry/TelemetryImpl';
import { BENCH_LOAD_CHANNEL, type BenchLoadMessage } from '../load/types';
import { BenchSocket, benchFeeds } from './benchSocket';

/**
 * The product's live SharedWorker (workers/telemetry/live.shared.ts) with one change: the socket is a
 * BenchSocket fed by the load worker over a BroadcastChannel (the "network"), instead of socket.io.
 * Host, topic hub, decoding, ring buffers and the session protocol are the product's code.
 */
const socket = new BenchSocket();
const host = new LiveHost({ createFeeds: benchFeeds(socket), telemetry: new TelemetryImpl({ transfer }) });
(self as unknown as SharedWorkerGlobalScope).onconnect = (e: MessageEvent) => serveLivePort(host, e.ports[0]);

/** When each frame was handled (ms since the epoch) and its genMs, so a query answers as of its instant. */
const handled: Array<{ atMs: number; genMs: number }> = [];
const load = new BroadcastChannel(BENCH_LOAD_CHANNEL);
load.onmessage = (e: MessageEvent<BenchLoadMessage>) => {
  const m = e.data;
  if (m.type === 'frame') {
    socket.receiveFrame(m.bin);
    if (handled.length < 1_000_000) handled.push({ atMs: performance.timeOrigin + performance.now(), genMs: m.genMs });
  } else if (m.type === 'progress?') {
    let delivered = 0;
    let newestGenMs = 0;
    for (const h of handled) {
      if (h.atMs > m.atMs) continue;
      delivered++;
      newestGenMs = Math.max(newestGenMs, h.genMs);
    }
    load.postMessage({ type: 'progress', delivered, newestGenMs } satisfies BenchLoadMessage);
  }
};
