/** Page → load worker: start producing batches (replacing any earlier run), or stop. */
export type LoadCommand = { type: 'start'; multiplier: number; seed: number } | { type: 'stop' };

/**
 * Load worker → page. `batch.json` is one TelemetryBatch as JSON text (the websocket frame's payload);
 * `tick` is the gateway tick it belongs to (-1 for the history sent first), `genMs` its generation time
 * in ms since the epoch (every item's `ts` equals it, except history items).
 */
export type LoadFrame =
  | { type: 'ready'; messagesPerSecond: number }
  | { type: 'batch'; tick: number; genMs: number; json: string };

/**
 * What an implementation under test exposes to the harness. `deliver` receives one websocket frame's
 * text (it must parse it, as socket.io would). `dispose` releases everything it started.
 */
export interface Implementation {
  deliver(json: string): void;
  dispose(): void;
}
