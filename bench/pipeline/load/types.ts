/** Page → load worker: start producing batches (replacing any earlier run), or stop. */
export type LoadCommand = { type: 'start'; multiplier: number; seed: number } | { type: 'stop' };

/**
 * Load worker → page. `batch.json` is one TelemetryBatch as JSON text (the websocket frame's payload);
 * `batch.bin` is the same batch as the gateway's binary `telemetry.frame` (protocol/telemetryFrame.ts),
 * transferred;
 * `tick` is the gateway tick it belongs to (-1 for the history sent first), `genMs` its generation time
 * in ms since the epoch (every item's `ts` equals it, except history items).
 */
export type LoadFrame =
  | { type: 'ready'; messagesPerSecond: number }
  | { type: 'batch'; tick: number; genMs: number; json: string; bin: ArrayBuffer };

/**
 * What an implementation under test exposes to the harness. `deliver` receives one batch as the JSON
 * text of a websocket frame (the naive baseline parses it, as socket.io would) and as the gateway's
 * binary frame (SiteBoard reads that, as it does from the real gateway). `dispose` releases everything
 * it started.
 */
export interface Implementation {
  deliver(json: string, bin: ArrayBuffer): void;
  dispose(): void;
}
