import type { Expression, Kysely, Selectable, SqlBool } from 'kysely';
import type { Alarm, AlarmRecord } from '../../protocol';
import { toAlarm, type AlarmsTable, type Database } from '../storage';
import { AlarmRepeatGate } from './alarmRepeats';
import type { AlarmDraft } from './types';

/** Minimal logger (pino/Fastify compatible). */
export interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Pending alarm writes kept while the database is unavailable; beyond it the oldest are dropped. */
export const MAX_PENDING_ALARM_WRITES = 10_000;

/**
 * Alarm changes written in one transaction at most. Queued changes are written together (one commit);
 * when such a batch fails, its changes are written one by one so that only the bad one is set aside.
 */
export const MAX_ALARM_WRITE_BATCH = 64;

/** First pause after a transient write failure (ms); doubled per consecutive failure up to the maximum. */
export const RETRY_FIRST_DELAY_MS = 100;
/** Longest pause between attempts while the database stays unavailable (ms). */
export const RETRY_MAX_DELAY_MS = 5_000;
/**
 * A draft whose write failed "transiently" this many times while other writes succeeded in between is
 * not failing because the database is away: it is dead-lettered instead of being retried forever.
 */
export const MAX_ATTEMPTS_WHILE_OTHERS_SUCCEED = 5;

/**
 * What became of a queued alarm change: written (`stored`), refused by the database for a data reason and
 * handed to the dead-letter sink (`dead-letter`), or given up unwritten (`abandoned`: the queue overflowed
 * or the persister was closed; the device must send it again, so it must not be acknowledged).
 */
export type AlarmWriteOutcome = 'stored' | 'dead-letter' | 'abandoned';

/** The device message that caused an alarm change, kept with a dead letter. */
export interface MessageOrigin {
  topic: string;
  payload: Uint8Array | string;
}

/**
 * Writes what must commit together with alarm changes (cluster mode: the receipts of their device messages,
 * server/cluster/receipts.ts), through the transaction `trx` the changes are written in. A rejection rolls
 * the changes back like a failed write.
 */
export type CommitHook = (trx: Kysely<Database>, origins: MessageOrigin[]) => Promise<void>;

/** Receives an alarm change the database refused for a data reason. Must not throw. */
export type DeadLetterSink = (draft: AlarmDraft, err: unknown, origin: MessageOrigin | undefined) => Promise<void>;

/**
 * SQLSTATE classes that retrying can fix: 08 connection exception, 40 transaction rollback
 * (serialization failure, deadlock), 53 insufficient resources, 55 object not in prerequisite state
 * (lock not available), 57 operator intervention (shutdown, cancel), 58 system error (I/O)
 * (PostgreSQL manual, Appendix A "PostgreSQL Error Codes").
 */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '40', '53', '55', '57', '58']);

/**
 * Whether retrying the same write later can succeed. A PostgreSQL error with a SQLSTATE outside
 * TRANSIENT_SQLSTATE_CLASSES (e.g. class 22 data exception: a NUL in text, a value out of range; class 23
 * integrity constraint violation) fails again every time, as does a programming error (TypeError,
 * RangeError). Errors without a SQLSTATE (connection refused or reset, pool closed) count as transient.
 */
export function isRetryableWriteError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2));
  return !(err instanceof TypeError || err instanceof RangeError);
}

/**
 * Reads every open alarm: active, or cleared and unhandled (restart: hysteresis, SOS episodes, offline,
 * violations and repeat counting resume), in alarm id order; `where` narrows them (a cluster partition's).
 */
export async function loadOpenAlarms(db: Kysely<Database>, where?: Expression<SqlBool>): Promise<AlarmRecord[]> {
  let q = db
    .selectFrom('alarms')
    .selectAll()
    .where((eb) => eb.or([eb('state', '=', 'active'), eb('deal_status', '=', 0)]));
  if (where !== undefined) q = q.where(where);
  const rows = await q.orderBy('alarm_id').execute();
  return rows.map(toAlarm);
}

/** The name server/live.ts uses: {@link loadOpenAlarms}. */
export const loadActiveAlarms = loadOpenAlarms;

/** Device messages remembered per pending write, for their dead letters (bounded). */
export const MAX_ORIGINS_PER_WRITE = 64;

function addOrigins(entry: PendingWrite, origins: MessageOrigin[]): void {
  entry.origins.push(...origins);
  if (entry.origins.length > MAX_ORIGINS_PER_WRITE) entry.origins.splice(0, entry.origins.length - MAX_ORIGINS_PER_WRITE);
}

interface PendingWrite {
  /** Resolved with the outcome of the next write of this draft. */
  waiters: Array<(outcome: AlarmWriteOutcome) => void>;
  /**
   * The device messages that caused the change, oldest first: one draft may carry several (repeats of an
   * open alarm merge into one write), and each is kept with its own dead letter. At most
   * MAX_ORIGINS_PER_WRITE (the newest).
   */
  origins: MessageOrigin[];
  /** Consecutive transient failures of this draft, and when the first of them happened (ms). */
  failures: number;
  firstFailureMs: number;
}

/**
 * Writes alarm drafts to the database in order and only then reports them (`onPersisted`) for the push
 * to browsers: alarms are server truth. A draft that is queued again before its write runs is written once
 * with its latest state. A draft without `alarmId` is INSERTed (the id is filled in), otherwise its
 * rule-owned columns (level, value, threshold, unit, state, cleared_at_ms) are UPDATEd; handling columns
 * belong to REST and are read back, never overwritten.
 *
 * Failures are isolated per draft: one the database refuses for a data reason (see
 * {@link isRetryableWriteError}) goes to the dead-letter sink at once and the queue moves on; a transient
 * failure (database unavailable) moves the draft to the back of the queue and pauses the queue with
 * bounded exponential back-off (RETRY_FIRST_DELAY_MS doubling to RETRY_MAX_DELAY_MS), reset by the first
 * success, so one bad draft never holds the others back. The queue is bounded by `maxPending`.
 *
 * With `repeatPushMs` > 0 the repeats of an open alarm are written (and so pushed) at most once per
 * `repeatPushMs` ({@link AlarmRepeatGate}): a held repeat is counted in the draft and reported `stored` at
 * once (its device is acknowledged without waiting up to a second), and written with the draft's latest
 * state when its time comes, on {@link flush} or on {@link close}. A crash loses at most the repeats
 * counted in that last interval, never an alarm or a level or state change a client was told of.
 */
export class AlarmPersister {
  private readonly pending = new Map<AlarmDraft, PendingWrite>();
  private running: Promise<void> | null = null;
  private dropped = 0;
  private deadLettered = 0;
  private stopped = false;
  private retryDelayMs = 0;
  private lastSuccessMs = 0;
  private wakeUp: (() => void) | null = null;
  private readonly repeats: AlarmRepeatGate<MessageOrigin> | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onPersisted: (alarm: Alarm) => void,
    private readonly log: Log,
    private readonly maxPending = MAX_PENDING_ALARM_WRITES,
    private readonly deadLetter: DeadLetterSink = async () => undefined,
    private readonly now: () => number = Date.now,
    private readonly maxBatch = MAX_ALARM_WRITE_BATCH,
    /** Runs in every alarm write's transaction (a single change then gets a transaction of its own too). */
    private readonly commitHook: CommitHook | null = null,
    /** Shortest time between two writes of one open alarm's repeats (ms); 0 writes every change at once. */
    repeatPushMs = 0,
  ) {
    this.repeats = repeatPushMs > 0 ? new AlarmRepeatGate<MessageOrigin>(repeatPushMs, (draft, origins) => this.released(draft, origins), now) : null;
  }

  /**
   * Queues drafts for writing and returns at once with a promise of their outcome: `stored` once every
   * one is written, otherwise the worst of them (`abandoned` > `dead-letter`). The promise never rejects.
   * @param origin the device message that caused these changes, kept with a dead letter.
   */
  enqueue(drafts: Iterable<AlarmDraft>, origin?: MessageOrigin): Promise<AlarmWriteOutcome> {
    const outcomes: Array<Promise<AlarmWriteOutcome>> = [];
    for (const d of drafts) {
      if (this.stopped) {
        outcomes.push(Promise.resolve('abandoned'));
        continue;
      }
      let entry = this.pending.get(d);
      let origins: MessageOrigin[] = origin ? [origin] : [];
      if (!entry && this.repeats) {
        // not queued yet: a repeat within the interval is only counted (the draft holds it) until its time
        const now = this.repeats.offer(d, origin);
        if (now === null) {
          outcomes.push(Promise.resolve('stored'));
          continue;
        }
        origins = now;
      }
      const e = this.queue(d, origins);
      outcomes.push(new Promise((resolve) => e.waiters.push(resolve)));
    }
    this.startDrain();
    if (outcomes.length === 0) return Promise.resolve('stored');
    return Promise.all(outcomes).then((all) => (all.includes('abandoned') ? 'abandoned' : all.includes('dead-letter') ? 'dead-letter' : 'stored'));
  }

  /** Queues a write of `d` (merged with one already queued), bounded by `maxPending`. */
  private queue(d: AlarmDraft, origins: MessageOrigin[]): PendingWrite {
    let entry = this.pending.get(d);
    if (!entry) {
      entry = { waiters: [], origins: origins.slice(-MAX_ORIGINS_PER_WRITE), failures: 0, firstFailureMs: 0 };
      this.pending.set(d, entry);
    } else addOrigins(entry, origins);
    if (this.pending.size > this.maxPending) {
      const [oldest, dropped] = this.pending.entries().next().value!;
      this.pending.delete(oldest);
      this.dropped++;
      this.log.error({ dropped: this.dropped, alarm: oldest }, 'alarm write queue full: dropped the oldest pending write');
      for (const w of dropped.waiters) w('abandoned');
    }
    return entry;
  }

  private startDrain(): void {
    if (!this.running && !this.stopped && this.pending.size > 0) this.running = this.drain().finally(() => (this.running = null));
  }

  /** A held repeat's time has come: written with the draft's latest state. */
  private released(draft: AlarmDraft, origins: MessageOrigin[]): void {
    if (this.stopped) return;
    this.queue(draft, origins);
    this.startDrain();
  }

  /** Open alarms whose repeats are counted in memory, waiting for their next write. */
  heldRepeatCount(): number {
    return this.repeats?.heldCount() ?? 0;
  }

  /** Alarm writes dropped because the queue was full. */
  droppedCount(): number {
    return this.dropped;
  }

  /** Dead letters handed to the sink: one per device message behind a refused alarm write. */
  deadLetterCount(): number {
    return this.deadLettered;
  }

  /** Writes waiting (not counting the one in progress). */
  pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Resolves once everything queued so far, held repeats included, is written or dead-lettered. While
   * the database is unavailable this waits for it; `close()` ends the wait.
   */
  async flush(): Promise<void> {
    this.repeats?.releaseAll();
    while (this.running) await this.running;
  }

  /**
   * Stops retrying: writes what is queued while the database answers, stops at the first failure, and
   * settles every write still queued as `abandoned`. Idempotent.
   */
  async close(): Promise<void> {
    // held repeats are written before the end: a restart shows the counts the screens were told
    if (!this.stopped) this.repeats?.releaseAll();
    this.stopped = true;
    this.wakeUp?.();
    await this.flush();
    for (const entry of this.pending.values()) for (const w of entry.waiters) w('abandoned');
    this.pending.clear();
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const batch: Array<[AlarmDraft, PendingWrite]> = [];
      for (const item of this.pending) {
        batch.push(item);
        if (batch.length >= this.maxBatch) break;
      }
      for (const [draft] of batch) this.pending.delete(draft);
      if (batch.length === 1) {
        if (!(await this.writeOne(batch[0][0], batch[0][1]))) return;
        continue;
      }
      let rows: Array<Selectable<AlarmsTable> | undefined>;
      try {
        // one transaction: one commit for many alarms (an alarm storm is written as fast as it comes)
        rows = await this.db.transaction().execute(async (trx) => {
          const out: Array<Selectable<AlarmsTable> | undefined> = [];
          for (const [draft] of batch) out.push(await this.writeRow(trx, draft));
          await this.commitHook?.(trx, batch.flatMap(([, entry]) => entry.origins));
          return out;
        });
      } catch {
        // nothing of the batch was written: write its drafts one by one, isolating the one that fails
        for (const [draft, entry] of batch) if (!(await this.writeOne(draft, entry))) return;
        continue;
      }
      this.succeeded();
      batch.forEach(([draft, entry], i) => this.persisted(draft, entry, rows[i]));
    }
  }

  /** Writes one draft; a failure goes through {@link failed}. @returns whether to go on draining */
  private async writeOne(draft: AlarmDraft, entry: PendingWrite): Promise<boolean> {
    let row: Selectable<AlarmsTable> | undefined;
    try {
      const hook = this.commitHook;
      row = hook
        ? await this.db.transaction().execute(async (trx) => {
            const written = await this.writeRow(trx, draft);
            await hook(trx, entry.origins);
            return written;
          })
        : await this.writeRow(this.db, draft);
    } catch (err) {
      return this.failed(draft, entry, err);
    }
    this.succeeded();
    this.persisted(draft, entry, row);
    return true;
  }

  private succeeded(): void {
    this.retryDelayMs = 0;
    this.lastSuccessMs = this.now();
  }

  /** After the commit: mirrors the row into the engine's draft, settles its waiters, pushes the alarm. */
  private persisted(draft: AlarmDraft, entry: PendingWrite, row: Selectable<AlarmsTable> | undefined): void {
    for (const w of entry.waiters) w('stored');
    if (!row) {
      this.log.warn({ alarm: draft }, 'alarm row vanished (deleted by hand?) or closed meanwhile; change not written');
      return;
    }
    const alarm = toAlarm(row);
    // a handled alarm whose condition came back was written as a new row (writeRow): the draft becomes it
    const reopened = draft.alarmId !== null && alarm.alarmId !== draft.alarmId;
    draft.alarmId = alarm.alarmId;
    draft.dealStatus = alarm.dealStatus;
    draft.dealRemark = alarm.dealRemark;
    draft.dealtBy = alarm.dealtBy;
    draft.dealtAtMs = alarm.dealtAtMs;
    draft.ackedBy = alarm.ackedBy;
    draft.ackedAtMs = alarm.ackedAtMs;
    draft.raisedAtMs = alarm.raisedAtMs;
    draft.firstSeenMs = alarm.firstSeenMs;
    // Otherwise the draft's count stays: repeats counted while this write was in flight are queued for the
    // next write (their PUBACKs wait for it), and taking the row's older count back would lose them.
    if (reopened) draft.repeatCount = alarm.repeatCount;
    try {
      this.onPersisted(alarm);
    } catch (err) {
      this.log.error({ err }, 'alarm push failed');
    }
  }

  /** @returns whether to go on draining (false: closed while the database is unavailable) */
  private async failed(draft: AlarmDraft, entry: PendingWrite, err: unknown): Promise<boolean> {
    const nowMs = this.now();
    if (entry.failures === 0) entry.firstFailureMs = nowMs;
    entry.failures++;
    const othersSucceed = entry.failures >= MAX_ATTEMPTS_WHILE_OTHERS_SUCCEED && this.lastSuccessMs > entry.firstFailureMs;
    if (!isRetryableWriteError(err) || othersSucceed) {
      const origins = entry.origins.length > 0 ? entry.origins : [undefined];
      this.deadLettered += origins.length;
      this.log.error({ err, alarm: draft }, 'alarm write refused for a data reason: dead-lettered, not retried');
      for (const origin of origins) {
        try {
          await this.deadLetter(draft, err, origin);
        } catch (sinkErr) {
          this.log.error({ err: sinkErr }, 'dead-letter sink failed');
        }
      }
      for (const w of entry.waiters) w('dead-letter');
      return true;
    }
    // to the back of the queue, merged with a newer change of the same draft queued meanwhile
    const newer = this.pending.get(draft);
    if (newer) {
      this.pending.delete(draft);
      entry.waiters.push(...newer.waiters);
      addOrigins(entry, newer.origins);
    }
    this.pending.set(draft, entry);
    if (this.stopped) return false;
    this.retryDelayMs = Math.min(RETRY_MAX_DELAY_MS, this.retryDelayMs === 0 ? RETRY_FIRST_DELAY_MS : this.retryDelayMs * 2);
    this.log.error({ err, alarm: draft, attempt: entry.failures, retryInMs: this.retryDelayMs }, 'alarm write failed; will retry');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.retryDelayMs);
      timer.unref();
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = null;
    return !this.stopped;
  }

  /**
   * INSERTs or UPDATEs one draft through `db` (the database or a transaction); the draft is not touched,
   * so a rolled-back transaction leaves it as it was. @returns the row as written, or undefined when the
   * row to update no longer exists
   */
  private async writeRow(db: Kysely<Database>, draft: AlarmDraft): Promise<Selectable<AlarmsTable> | undefined> {
    if (draft.alarmId === null) return await this.insertRow(db, draft);
    const row = await db
      .updateTable('alarms')
      .set({
        level: draft.level,
        value: draft.value,
        threshold: draft.threshold,
        unit: draft.unit,
        state: draft.state,
        cleared_at_ms: draft.clearedAtMs,
        repeat_count: draft.repeatCount,
        last_seen_ms: draft.lastSeenMs,
        peak_value: draft.peakValue,
        peak_level: draft.peakLevel,
        pic_url: draft.picUrl,
        limit_source: draft.limitSource ?? null,
      })
      .where('alarm_id', '=', draft.alarmId)
      // a closed alarm (handled, no longer active) never changes again
      .where((eb) => eb.or([eb('deal_status', '=', 0), eb('state', '=', 'active')]))
      .returningAll()
      .executeTakeFirst();
    if (row || draft.state !== 'active') return row;
    // handled meanwhile through REST, and the condition is back before the engine heard of it: this
    // crossing opens a new alarm (docs/api.md "Alarm lifecycle")
    const closed = await db.selectFrom('alarms').select('alarm_id').where('alarm_id', '=', draft.alarmId).executeTakeFirst();
    if (!closed) return undefined;
    return await this.insertRow(db, { ...draft, raisedAtMs: draft.lastSeenMs, firstSeenMs: draft.lastSeenMs, repeatCount: 1, dealStatus: 0, dealRemark: null, dealtBy: null, dealtAtMs: null, ackedBy: null, ackedAtMs: null, peakValue: draft.value, peakLevel: draft.level });
  }

  private async insertRow(db: Kysely<Database>, draft: AlarmDraft): Promise<Selectable<AlarmsTable>> {
    return await db
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
        side: draft.side,
        repeat_count: draft.repeatCount,
        first_seen_ms: draft.firstSeenMs,
        last_seen_ms: draft.lastSeenMs,
        peak_value: draft.peakValue,
        peak_level: draft.peakLevel,
        acked_by: draft.ackedBy,
        acked_at_ms: draft.ackedAtMs,
        limit_source: draft.limitSource ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
