import { sql, type Kysely } from 'kysely';
import type { Database } from '../storage/schema';
import type { DeviceSnapshot } from '../rules/types';
import { RingQueue } from './ringQueue';

/** One telemetry history row. `tsMs` is the device's own timestamp (ms since epoch). */
export interface TelemetryRow {
  projectId: string;
  sn: string;
  tsMs: number;
  values: Record<string, number>;
}

/** Minimal logger (pino/Fastify compatible). */
export interface WriterLog {
  error(obj: object, msg?: string): void;
}

/** Tuning of the writer. Defaults: flush every 1 s or at 500 rows; at most 50 000 rows waiting. */
export interface TelemetryWriterOptions {
  flushIntervalMs?: number;
  /** Rows per INSERT statement, and the queue length that triggers an early flush. */
  batchRows?: number;
  /** Rows kept while the database is slow; beyond it the oldest are dropped and counted. */
  maxQueuedRows?: number;
}

/** Counters of the writer since start. */
export interface TelemetryWriterStats {
  queued: number;
  written: number;
  /** Rows dropped because the queue was full (database stalled) or their INSERT failed. */
  dropped: number;
}

/**
 * Batches telemetry history and device live state into few statements: one multi-row INSERT per
 * `batchRows` rows (PGlite: ~1 ms per 100 rows multi-value vs ~9 ms per 100 single-row inserts,
 * STACK.md), and one UPDATE … FROM (VALUES …) for the devices that changed, coalesced per device.
 * One flush runs at a time; a stalled database drops the oldest rows instead of growing.
 */
export class TelemetryWriter {
  private readonly queue: RingQueue<TelemetryRow>;
  private readonly devices = new Map<string, { projectId: string; sn: string } & DeviceSnapshot>();
  private readonly batchRows: number;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;
  private written = 0;
  private dropped = 0;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: WriterLog,
    options: TelemetryWriterOptions = {},
  ) {
    this.batchRows = options.batchRows ?? 500;
    this.queue = new RingQueue(options.maxQueuedRows ?? 50_000);
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1_000);
    this.timer.unref();
  }

  /** Queues a history row; flushes early once a full batch is waiting. */
  add(row: TelemetryRow): void {
    if (this.closed) return;
    if (this.queue.push(row) !== undefined) this.dropped++;
    if (this.queue.size >= this.batchRows && !this.flushing) void this.flush();
  }

  /** Records the latest live state of a device; only the newest state per device is written. */
  setDeviceState(projectId: string, sn: string, snapshot: DeviceSnapshot): void {
    if (this.closed) return;
    this.devices.set(`${projectId}\u0000${sn}`, { projectId, sn, ...snapshot });
  }

  /** Counters since start. */
  stats(): TelemetryWriterStats {
    return { queued: this.queue.size, written: this.written, dropped: this.dropped };
  }

  /** Writes everything queued so far. Never rejects (failures are logged and counted). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (this.queue.size === 0 && this.devices.size === 0) return Promise.resolve();
    this.flushing = this.writeAll().finally(() => (this.flushing = null));
    return this.flushing;
  }

  /** Stops the timer and writes what is pending. Idempotent. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    if (!this.closed) {
      await this.flush();
      this.closed = true;
    }
    await this.flushing;
  }

  private async writeAll(): Promise<void> {
    while (this.queue.size > 0) {
      const rows = this.queue.take(this.batchRows);
      try {
        await this.db
          .insertInto('telemetry')
          .values(rows.map((r) => ({ project_id: r.projectId, sn: r.sn, ts_ms: r.tsMs, values: JSON.stringify(r.values) })))
          .execute();
        this.written += rows.length;
      } catch (err) {
        this.dropped += rows.length;
        this.log.error({ err, rows: rows.length }, 'telemetry insert failed; rows dropped');
      }
    }
    const states = [...this.devices.values()];
    this.devices.clear();
    for (let i = 0; i < states.length; i += this.batchRows) {
      const chunk = states.slice(i, i + this.batchRows);
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

/**
 * Deletes telemetry older than `retentionDays` before `nowMs`.
 * @returns the number of rows deleted
 */
export async function deleteOldTelemetry(db: Kysely<Database>, retentionDays: number, nowMs: number): Promise<number> {
  const cutoffMs = nowMs - retentionDays * 86_400_000;
  const r = await db.deleteFrom('telemetry').where('ts_ms', '<', cutoffMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}
