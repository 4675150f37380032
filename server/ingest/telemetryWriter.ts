import { sql, type Kysely } from 'kysely';
import { DEVICE_KIND_REGISTRY } from '../../protocol';
import type { Database } from '../storage/schema';
import {
  MINUTE_MS,
  registerTelemetryHead,
  writeSealedChunks,
  type OpenChunkView,
  type SealedChunk,
  type TelemetryHead,
} from '../storage/telemetryStore';
import type { DeviceSnapshot } from '../rules/types';

export { deleteOldTelemetry } from '../storage/telemetryStore';

/** One telemetry reading. `tsMs` is the device's own timestamp (ms since epoch). */
export interface TelemetryRow {
  projectId: string;
  sn: string;
  tsMs: number;
  values: Record<string, number>;
  /** Device kind (protocol/kinds): its metrics' declared digits make the stored chunk compact. */
  kind?: string;
  /** A beacon fix's tunnel (kept with the fix; a chunk holds fixes of one tunnel). */
  tunnelId?: string | null;
}

/** Minimal logger (pino/Fastify compatible). */
export interface WriterLog {
  error(obj: object, msg?: string): void;
}

/**
 * Tuning of the writer. Defaults: look for chunks to seal and write every 1 s; 100 chunks per INSERT;
 * at most 20 000 sealed chunks waiting.
 */
export interface TelemetryWriterOptions {
  flushIntervalMs?: number;
  /** Chunks per INSERT statement. */
  batchRows?: number;
  /** Sealed chunks kept while the database is slow; beyond it the oldest are dropped and counted. */
  maxQueuedChunks?: number;
  /**
   * An open chunk whose minute has ended (wall clock) and that got no reading for this long is sealed
   * (ms, default 2 000); a reading of a later minute or another tunnel seals it at once.
   */
  sealIdleMs?: number;
  /** Wall clock (tests). */
  now?: () => number;
}

/** Counters of the writer since start, in readings. */
export interface TelemetryWriterStats {
  /** Readings in open and sealed, not yet written chunks. */
  queued: number;
  written: number;
  /** Readings dropped because the queue was full (database stalled) or their INSERT failed. */
  dropped: number;
}

/**
 * A device whose live state the writer reads when it flushes (the rules engine's device monitor): marking
 * it changed costs a Set insertion per message, and the newest state is what gets written.
 */
export interface DeviceStateSource extends Readonly<DeviceSnapshot> {
  readonly config: { readonly projectId: string; readonly sn: string };
}

interface OpenChunk extends SealedChunk {
  lastAddWallMs: number;
  /** Columns in cols.values. */
  metricCount: number;
}

/**
 * Writes telemetry as per-device, per-minute chunks (docs/operations.md "Telemetry storage"): each
 * device has one open chunk in memory; a reading of a later minute or another tunnel seals it, and so
 * does the timer once its minute has ended and it stays idle. Sealed chunks are written in batches (one
 * multi-row INSERT and one hour-rollup upsert per transaction). A crash loses the open minute (and what
 * is sealed but not yet written, at most ~1 s). While open, the chunks are readable through the storage
 * layer's head registry, so range reads see the current minute. Device live state is written as before:
 * one UPDATE … FROM (VALUES …) for the devices that changed, coalesced per device.
 * One flush runs at a time; a stalled database drops the oldest sealed chunks instead of growing.
 */
export class TelemetryWriter implements TelemetryHead {
  private readonly open = new Map<string, OpenChunk>();
  /** Sealed chunks waiting, oldest first, at most maxQueuedChunks. */
  private sealed: SealedChunk[] = [];
  /** The batch being written (still readable until its transaction has committed). */
  private inFlight: SealedChunk[] = [];
  private readonly maxQueuedChunks: number;
  private sealedReadings = 0;
  private readonly devices = new Map<string, { projectId: string; sn: string } & DeviceSnapshot>();
  private changedSources = new Set<DeviceStateSource>();
  private readonly batchRows: number;
  private readonly sealIdleMs: number;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  private readonly unregister: () => void;
  private flushing: Promise<void> | null = null;
  private written = 0;
  private dropped = 0;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: WriterLog,
    options: TelemetryWriterOptions = {},
  ) {
    this.batchRows = options.batchRows ?? 100;
    this.sealIdleMs = options.sealIdleMs ?? 2_000;
    this.now = options.now ?? Date.now;
    this.maxQueuedChunks = options.maxQueuedChunks ?? 20_000;
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1_000);
    this.timer.unref();
    this.unregister = registerTelemetryHead(db, this);
  }

  /** Adds a reading to its device's open chunk (sealing the open one first when the minute or tunnel changed). */
  add(row: TelemetryRow): void {
    if (this.closed || !Number.isFinite(row.tsMs)) return;
    const key = `${row.projectId}\u0000${row.sn}`;
    const startMs = Math.floor(row.tsMs / MINUTE_MS) * MINUTE_MS;
    const tunnelId = row.tunnelId ?? null;
    let chunk = this.open.get(key);
    if (chunk && (chunk.startMs !== startMs || chunk.tunnelId !== tunnelId)) {
      this.seal(key, chunk);
      chunk = undefined;
    }
    if (!chunk) {
      chunk = { projectId: row.projectId, sn: row.sn, kind: row.kind ?? null, tunnelId, startMs, cols: { ts: [], values: {} }, lastAddWallMs: 0, metricCount: 0 };
      this.open.set(key, chunk);
    }
    const n = chunk.cols.ts.length;
    chunk.cols.ts.push(row.tsMs);
    const columns = chunk.cols.values;
    let pushed = 0;
    for (const m in row.values) {
      const v = row.values[m];
      let column = columns[m];
      if (!column) {
        column = columns[m] = new Array<number | null>(n).fill(null);
        chunk.metricCount++;
      }
      column.push(Number.isFinite(v) ? v : null);
      pushed++;
    }
    // a reading without some of the chunk's metrics: pad those columns (skipped when it has them all)
    if (pushed !== chunk.metricCount) for (const m in columns) if (columns[m].length === n) columns[m].push(null);
    chunk.lastAddWallMs = this.now();
  }

  /** Records the latest live state of a device; only the newest state per device is written. */
  setDeviceState(projectId: string, sn: string, snapshot: DeviceSnapshot): void {
    if (this.closed) return;
    this.devices.set(`${projectId}\u0000${sn}`, { projectId, sn, ...snapshot });
  }

  /** Marks a device's live state changed; its state is read from `source` at the next flush. */
  deviceChanged(source: DeviceStateSource): void {
    if (!this.closed) this.changedSources.add(source);
  }

  /** Counters since start. */
  stats(): TelemetryWriterStats {
    let open = 0;
    for (const c of this.open.values()) open += c.cols.ts.length;
    return { queued: open + this.sealedReadings, written: this.written, dropped: this.dropped };
  }

  /** The chunks of `projectId` not yet committed: open, sealed and in flight (callers must not change them). */
  openChunks(projectId: string): OpenChunkView[] {
    const out: OpenChunkView[] = [];
    for (const list of [this.inFlight, this.sealed, this.open.values()]) for (const c of list) if (c.projectId === projectId) out.push(c);
    return out;
  }

  /**
   * Seals the chunks whose minute has ended and that stay idle, and writes everything sealed. With
   * `all`, seals every open chunk first (close, tests). Never rejects (failures are logged and counted).
   */
  flush(all = false): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush(all));
    this.sealDue(all);
    if (this.sealed.length === 0 && this.devices.size === 0 && this.changedSources.size === 0) return Promise.resolve();
    this.flushing = this.writeAll().finally(() => (this.flushing = null));
    return this.flushing;
  }

  /** Stops the timer, seals every open chunk and writes what is pending. Idempotent. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    if (!this.closed) {
      await this.flush(true);
      this.closed = true;
      this.unregister();
    }
    await this.flushing;
  }

  private seal(key: string, chunk: OpenChunk): void {
    this.open.delete(key);
    this.sealed.push(chunk);
    this.sealedReadings += chunk.cols.ts.length;
    if (this.sealed.length > this.maxQueuedChunks) {
      const evicted = this.sealed.shift() as SealedChunk;
      this.sealedReadings -= evicted.cols.ts.length;
      this.dropped += evicted.cols.ts.length;
    }
  }

  private sealDue(all: boolean): void {
    const now = this.now();
    for (const [key, c] of this.open) {
      if (all || (c.startMs + MINUTE_MS <= now && now - c.lastAddWallMs >= this.sealIdleMs) || now - c.lastAddWallMs >= 2 * MINUTE_MS) {
        this.seal(key, c);
      }
    }
  }

  private async writeAll(): Promise<void> {
    while (this.sealed.length > 0) {
      const chunks = this.sealed.splice(0, this.batchRows);
      this.inFlight = chunks;
      let readings = 0;
      for (const c of chunks) readings += c.cols.ts.length;
      this.sealedReadings -= readings;
      try {
        await writeSealedChunks(this.db, chunks, digitsOf);
        this.written += readings;
      } catch (err) {
        this.dropped += readings;
        this.log.error({ err, chunks: chunks.length, readings }, 'telemetry chunk insert failed; readings dropped');
      } finally {
        this.inFlight = [];
      }
    }
    for (const source of this.changedSources) {
      const { projectId, sn } = source.config;
      this.devices.set(`${projectId}\u0000${sn}`, { projectId, sn, status: source.status, lastSeenMs: source.lastSeenMs, latest: source.latest });
    }
    this.changedSources = new Set();
    const states = [...this.devices.values()];
    this.devices.clear();
    for (let i = 0; i < states.length; i += 500) {
      const chunk = states.slice(i, i + 500);
      const values = sql.join(
        chunk.map(
          (d) =>
            sql`(${d.projectId}::text, ${d.sn}::text, ${d.status}::text, ${d.lastSeenMs}::double precision, ${d.latest === null ? null : JSON.stringify(d.latest)}::jsonb)`,
        ),
      );
      try {
        await sql`update devices as d set status = v.status, last_seen_ms = v.last_seen_ms, latest = v.latest
          from (values ${values}) as v(project_id, sn, status, last_seen_ms, latest)
          where d.project_id = v.project_id and d.sn = v.sn`.execute(this.db);
      } catch (err) {
        this.log.error({ err, devices: chunk.length }, 'device state update failed');
      }
    }
  }
}

/** Declared decimal digits of `metric` of device kind `kind` (protocol/kinds), undefined when unknown. */
function digitsOf(kind: string | null, metric: string): number | undefined {
  if (kind === null) return undefined;
  return DEVICE_KIND_REGISTRY.metric(kind, metric)?.digits;
}
