import type { Kysely } from 'kysely';
import { DEVICE_KIND_REGISTRY, attendanceRole, type CameraAlarm, type DeviceMessage } from '../../protocol';
import { insertGatePass, type GatePassRecord } from '../storage/attendance';
import { CaptureStore, captureUrl, decodeCapture } from '../captures/captureStore';
import { TelemetryWriter } from '../ingest/telemetryWriter';
import type { Database } from '../storage/schema';
import { BackfillRules, type BackfillRulesResult } from './backfillRules';
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
  /** Batches between awaited flushes, which bound the memory (default 1: small transactions keep requests waiting less). */
  flushEveryBatches?: number;
  /** Asked before each batch; true stops early (server shutdown). */
  stopped?: () => boolean;
  /** Told the simulated time reached after each batch. */
  onProgress?: (reachedMs: number, readings: number) => void;
  /**
   * The live rules over the past (server/simulator/backfillRules.ts): every message, events included,
   * goes through them in time order; written with each flush and finished at the end. Without it only
   * readings are written.
   */
  rules?: BackfillRules;
  /** Where the gates' passes go (kinds with an `attendance` role), once per batch; without it they are dropped. */
  passes?: (rows: GatePassRecord[]) => Promise<void>;
  /**
   * Where the past's capture pictures go (server/captures), as the live path stores them; without it an
   * AI alarm of the past keeps no picture.
   */
  captures?: CaptureStore;
}

/**
 * A capture event of the past as the live path hands it to the rules: its picture stored in `store` (the
 * save is pushed to `pending`) and `picUrl` pointing at it, `pic` dropped. A picture that fails to store
 * leaves its record saying so ("The image has been deleted"), not the backfill failing.
 */
function pastCapture(store: CaptureStore | undefined, projectId: string, sn: string, payload: CameraAlarm, pending: Array<Promise<void>>): CameraAlarm {
  const { pic, ...rest } = payload;
  const picture = store && pic !== undefined ? decodeCapture(sn, rest.ts, pic) : null;
  if (!store || !picture) return rest;
  pending.push(store.save(projectId, sn, picture).catch(() => undefined));
  return { ...rest, picUrl: captureUrl(projectId, picture.name) };
}

/** What a backfill did. */
export interface BackfillResult {
  readings: number;
  /** Gate passes handed to `passes`. */
  passes: number;
  /** Simulated end reached (toMs, or earlier when stopped). */
  reachedMs: number;
  /** What the rules wrote (alarms, work records, zone hours), when they ran. */
  rules?: BackfillRulesResult;
}

/**
 * Writes the demo fleet's history over [fromMs, toMs) in fast-forward, straight to storage (no MQTT):
 * the same deterministic model as the live simulator (server/simulator/model.ts), so the same seed and
 * start give the same readings. Only the readings a kind stores as history (protocol/kinds `readings`)
 * are written as telemetry; with `rules`, every message (camera events too) also runs the live rules, so
 * the past has its alarms, work records and zone counts, and with `captures` the AI alarms their pictures. Runs in batches that yield to the event loop,
 * so a server stays responsive while it runs.
 */
export async function backfillHistory(opts: BackfillOptions): Promise<BackfillResult> {
  const fromMs = Math.floor(opts.fromMs / MINUTE_MS) * MINUTE_MS;
  const model = new FleetModel({ projectId: opts.projectId, seed: opts.seed, startMs: fromMs, devices: opts.devices, tunnels: opts.tunnels });
  const batchMs = opts.batchMs ?? MINUTE_MS;
  const flushEvery = opts.flushEveryBatches ?? 1;
  let readings = 0;
  let passCount = 0;
  const passes: GatePassRecord[] = [];
  let t = fromMs;
  let batches = 0;
  const pictures: Array<Promise<void>> = [];
  while (t < opts.toMs && !opts.stopped?.()) {
    const next = Math.min(t + batchMs, opts.toMs);
    // advanceTo is inclusive; readings stamped exactly at toMs belong to the live part
    for (const m of model.advanceTo(next - 1)) {
      const kind = DEVICE_KIND_REGISTRY.get(m.kind);
      if (!kind) continue;
      const values = kind.readings || opts.rules ? DEVICE_KIND_REGISTRY.flatten(m.kind, m.payload) : null;
      if (opts.rules) {
        const msg = kind.event?.capture ? pastCapture(opts.captures, opts.projectId, m.sn, m.payload as CameraAlarm, pictures) : m.payload;
        opts.rules.accept(m.sn, { kind: m.kind, msg } as DeviceMessage, m.tsMs, values!);
      }
      const pass = attendanceRole(m.kind)?.decode(m.payload);
      if (pass && opts.passes) passes.push({ projectId: opts.projectId, gateSn: m.sn, ...pass, tsMs: m.tsMs, receivedMs: m.tsMs });
      if (!kind.readings) continue;
      const payload = m.payload as { tunnelId?: unknown };
      opts.sink.add({
        projectId: opts.projectId,
        sn: m.sn,
        tsMs: m.tsMs,
        values: values!,
        kind: m.kind,
        tunnelId: typeof payload.tunnelId === 'string' ? payload.tunnelId : null,
      });
      readings++;
    }
    t = next;
    opts.rules?.advance(t - 1);
    opts.onProgress?.(t, readings);
    if (++batches % flushEvery === 0) await Promise.all([opts.sink.flush(), ...pictures.splice(0)]);
    if (opts.rules?.due) await opts.rules.flush();
    if (passes.length > 0 && opts.passes) {
      passCount += passes.length;
      await opts.passes(passes.splice(0));
    }
    await new Promise<void>((r) => setImmediate(r));
  }
  await Promise.all([opts.sink.flush(true), ...pictures.splice(0)]);
  const rules = opts.rules ? await opts.rules.finish(t) : undefined;
  return { readings, passes: passCount, reachedMs: t, ...(rules ? { rules } : {}) };
}

/** Simulated span the demo backfill covers before the live simulator's start (ms): 24 hours. */
export const DEMO_BACKFILL_SPAN_MS = 24 * 3_600_000;

/** A running demo backfill. */
export interface DemoBackfillHandle {
  /** Settles when the backfill has finished, been skipped or stopped (never rejects; errors are logged). */
  done: Promise<BackfillResult | null>;
  /** Stops after the current batch and writes what is pending. */
  stop(): Promise<void>;
}

/**
 * Starts writing the demo project's last `spanMs` (default {@link DEMO_BACKFILL_SPAN_MS}) of history in
 * the background, unless the project already has telemetry older than 2 minutes before `nowMs` (a
 * restart does not write it twice; the live simulator's first minute is not sealed that early). Uses its own TelemetryWriter on `db`, so it goes through the same storage path as
 * live data minus MQTT, and runs the live rules over the past (server/simulator/backfillRules.ts):
 * alarms with their past times, handled by a demo safety officer where they ended, lift and trip
 * records, zone headcounts and portal counts per hour.
 */
export function startDemoBackfill(opts: {
  db: Kysely<Database>;
  projectId: string;
  seed: number;
  nowMs: number;
  spanMs?: number;
  /** The project's demo devices and tunnels (default: the demo tunnel's, as FleetModel). */
  devices?: FleetModelOptions['devices'];
  tunnels?: FleetModelOptions['tunnels'];
  log: { info(msg: string): void; warn(msg: string): void };
}): DemoBackfillHandle {
  const spanMs = opts.spanMs ?? DEMO_BACKFILL_SPAN_MS;
  let stopped = false;
  const writer = new TelemetryWriter(opts.db, { error: (o, m) => opts.log.warn(`${m ?? 'backfill write failed'}: ${JSON.stringify(o)}`) }, { maxQueuedChunks: 100_000 });
  const done = (async (): Promise<BackfillResult | null> => {
    try {
      const before = opts.nowMs - 2 * MINUTE_MS;
      const chunk = await opts.db.selectFrom('telemetry_chunks').select('sn').where('project_id', '=', opts.projectId).where('start_ms', '<', before).limit(1).executeTakeFirst();
      const legacy = await opts.db.selectFrom('telemetry').select('sn').where('project_id', '=', opts.projectId).where('ts_ms', '<', before).limit(1).executeTakeFirst();
      if (chunk || legacy) {
        opts.log.info('demo backfill skipped: the project already has history');
        return null;
      }
      const startedAt = performance.now();
      const fromMs = opts.nowMs - spanMs;
      let nextReportMs = fromMs + 4 * 3_600_000;
      opts.log.info(`demo backfill: writing the last ${Math.round(spanMs / 60_000)} minutes of history in the background`);
      const rules = await BackfillRules.load(opts.db, opts.projectId, fromMs, opts.seed, opts.log);
      const result = await backfillHistory({
        rules,
        captures: new CaptureStore(opts.db),
        projectId: opts.projectId,
        seed: opts.seed,
        devices: opts.devices,
        tunnels: opts.tunnels,
        fromMs,
        toMs: opts.nowMs,
        sink: writer,
        passes: async (rows) => {
          for (const row of rows) await insertGatePass(opts.db, row);
        },
        stopped: () => stopped,
        onProgress: (reachedMs, readings) => {
          if (reachedMs < nextReportMs) return;
          nextReportMs += 4 * 3_600_000;
          opts.log.info(`demo backfill: ${Math.round((reachedMs - fromMs) / 3_600_000)} of ${Math.round(spanMs / 3_600_000)} hours, ${readings} readings, ${Math.round((performance.now() - startedAt) / 1000)} s`);
        },
      });
      const r = result.rules;
      opts.log.info(`demo backfill wrote ${result.readings} readings, ${r?.alarms ?? 0} alarms, ${r?.workRecords ?? 0} work records, ${r?.zoneHours ?? 0} zone hours and ${result.passes} gate passes in ${Math.round((performance.now() - startedAt) / 1000)} s`);
      return result;
    } catch (err) {
      opts.log.warn(`demo backfill failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    } finally {
      await writer.close();
    }
  })();
  return {
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}
