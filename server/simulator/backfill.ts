import { DEVICE_KIND_REGISTRY } from '../../protocol';
import { FleetModel, type FleetModelOptions } from './model';
import { MINUTE_MS } from './siteClock';

/** One reading the backfill hands to storage (the shape of server/ingest/telemetryWriter.ts TelemetryRow). */
export interface BackfillReading {
  projectId: string;
  sn: string;
  tsMs: number;
  values: Record<string, number>;
  kind: string;
  tunnelId: string | null;
}

/** Where the backfill writes: the telemetry writer (add, then flush(true) seals and writes everything). */
export interface BackfillSink {
  add(row: BackfillReading): void;
  flush(all?: boolean): Promise<void>;
}

/** Options of {@link backfillHistory}. */
export interface BackfillOptions extends Pick<FleetModelOptions, 'projectId' | 'seed' | 'devices' | 'tunnels'> {
  /** Simulated span [fromMs, toMs), ms since epoch; fromMs is rounded down to the minute. */
  fromMs: number;
  toMs: number;
  sink: BackfillSink;
  /** Simulated time per batch (default 1 min); the event loop gets a turn after every batch. */
  batchMs?: number;
  /** Batches between awaited flushes, which bound the memory (default 10). */
  flushEveryBatches?: number;
  /** Asked before each batch; true stops early (server shutdown). */
  stopped?: () => boolean;
}

/** What a backfill did. */
export interface BackfillResult {
  readings: number;
  /** Simulated end reached (toMs, or earlier when stopped). */
  reachedMs: number;
}

/**
 * Writes the demo fleet's history over [fromMs, toMs) in fast-forward, straight to storage (no MQTT):
 * the same deterministic model as the live simulator (server/simulator/model.ts), so the same seed and
 * start give the same readings. Only the readings a kind stores as history (protocol/kinds `readings`)
 * are written; events (camera captures) are not replayed as alarms. Runs in batches that yield to the
 * event loop, so a server stays responsive while it runs.
 */
export async function backfillHistory(opts: BackfillOptions): Promise<BackfillResult> {
  const fromMs = Math.floor(opts.fromMs / MINUTE_MS) * MINUTE_MS;
  const model = new FleetModel({ projectId: opts.projectId, seed: opts.seed, startMs: fromMs, devices: opts.devices, tunnels: opts.tunnels });
  const batchMs = opts.batchMs ?? MINUTE_MS;
  const flushEvery = opts.flushEveryBatches ?? 10;
  let readings = 0;
  let t = fromMs;
  let batches = 0;
  while (t < opts.toMs && !opts.stopped?.()) {
    const next = Math.min(t + batchMs, opts.toMs);
    // advanceTo is inclusive; readings stamped exactly at toMs belong to the live part
    for (const m of model.advanceTo(next - 1)) {
      const kind = DEVICE_KIND_REGISTRY.get(m.kind);
      if (!kind?.readings) continue;
      const payload = m.payload as { tunnelId?: unknown };
      opts.sink.add({
        projectId: opts.projectId,
        sn: m.sn,
        tsMs: m.tsMs,
        values: DEVICE_KIND_REGISTRY.flatten(m.kind, m.payload),
        kind: m.kind,
        tunnelId: typeof payload.tunnelId === 'string' ? payload.tunnelId : null,
      });
      readings++;
    }
    t = next;
    if (++batches % flushEvery === 0) await opts.sink.flush();
    await new Promise<void>((r) => setImmediate(r));
  }
  await opts.sink.flush(true);
  return { readings, reachedMs: t };
}
