import type { Kysely } from 'kysely';
import type { Alarm } from '../../protocol';
import { toAlarm, type Database } from '../storage';
import type { AlarmDraft } from './types';

/** Minimal logger (pino/Fastify compatible). */
export interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Pending alarm writes kept while the database is unavailable; beyond it the oldest are dropped. */
export const MAX_PENDING_ALARM_WRITES = 10_000;

/** Pause after a failed write before the queue is tried again (ms). */
const RETRY_DELAY_MS = 1_000;

/** Reads every active alarm (restart: hysteresis, SOS episodes, offline and violations resume). */
export async function loadActiveAlarms(db: Kysely<Database>): Promise<Alarm[]> {
  const rows = await db.selectFrom('alarms').selectAll().where('state', '=', 'active').orderBy('alarm_id').execute();
  return rows.map(toAlarm);
}

/**
 * Writes alarm drafts to the database, one at a time in order, and only then reports them
 * (`onPersisted`) for the push to browsers: alarms are server truth. A draft that is queued again
 * before its write runs is written once with its latest state. A draft without `alarmId` is INSERTed
 * (the id is filled in), otherwise its rule-owned columns (level, value, threshold, unit, state,
 * cleared_at_ms) are UPDATEd; handling columns belong to REST and are read back, never overwritten.
 * A failed write is retried after a pause; the queue is bounded by MAX_PENDING_ALARM_WRITES.
 */
export class AlarmPersister {
  private readonly pending = new Set<AlarmDraft>();
  private running: Promise<void> | null = null;
  private dropped = 0;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onPersisted: (alarm: Alarm) => void,
    private readonly log: Log,
    private readonly maxPending = MAX_PENDING_ALARM_WRITES,
  ) {}

  /** Queues drafts for writing; returns at once. */
  enqueue(drafts: Iterable<AlarmDraft>): void {
    for (const d of drafts) {
      this.pending.add(d);
      if (this.pending.size > this.maxPending) {
        const oldest = this.pending.values().next().value!;
        this.pending.delete(oldest);
        this.dropped++;
        this.log.error({ dropped: this.dropped, alarm: oldest }, 'alarm write queue full: dropped the oldest pending write');
      }
    }
    if (!this.running && !this.stopped && this.pending.size > 0) this.running = this.drain().finally(() => (this.running = null));
  }

  /** Alarm writes dropped because the queue was full. */
  droppedCount(): number {
    return this.dropped;
  }

  /** Resolves once everything queued so far is written (or, after a failure, left for the next retry). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops retrying and waits for the write in progress. Idempotent. */
  async close(): Promise<void> {
    this.stopped = true;
    await this.flush();
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const draft = this.pending.values().next().value!;
      this.pending.delete(draft);
      let alarm: Alarm | null;
      try {
        alarm = await this.write(draft);
      } catch (err) {
        this.log.error({ err, alarm: draft }, 'alarm write failed; will retry');
        if (this.stopped) return;
        this.pending.add(draft);
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS).unref());
        if (this.stopped) return;
        continue;
      }
      if (alarm === null) {
        this.log.warn({ alarm: draft }, 'alarm row vanished (deleted by hand?); change not written');
        continue;
      }
      try {
        this.onPersisted(alarm);
      } catch (err) {
        this.log.error({ err }, 'alarm push failed');
      }
    }
  }

  /** @returns the row as written, or null when the row to update no longer exists */
  private async write(draft: AlarmDraft): Promise<Alarm | null> {
    const row =
      draft.alarmId === null
        ? await this.db
            .insertInto('alarms')
            .values({
              project_id: draft.projectId,
              device_sn: draft.deviceSn,
              device_kind: draft.deviceKind,
              device_name: draft.deviceName,
              kind: draft.kind,
              level: draft.level,
              metric: draft.metric,
              value: draft.value,
              threshold: draft.threshold,
              unit: draft.unit,
              raised_at_ms: draft.raisedAtMs,
              cleared_at_ms: draft.clearedAtMs,
              state: draft.state,
              deal_status: draft.dealStatus,
              deal_remark: draft.dealRemark,
              dealt_by: draft.dealtBy,
              dealt_at_ms: draft.dealtAtMs,
              pic_url: draft.picUrl,
            })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await this.db
            .updateTable('alarms')
            .set({
              level: draft.level,
              value: draft.value,
              threshold: draft.threshold,
              unit: draft.unit,
              state: draft.state,
              cleared_at_ms: draft.clearedAtMs,
            })
            .where('alarm_id', '=', draft.alarmId)
            .returningAll()
            .executeTakeFirst();
    if (!row) return null;
    const alarm = toAlarm(row);
    draft.alarmId = alarm.alarmId;
    draft.dealStatus = alarm.dealStatus;
    draft.dealRemark = alarm.dealRemark;
    draft.dealtBy = alarm.dealtBy;
    draft.dealtAtMs = alarm.dealtAtMs;
    return alarm;
  }
}
