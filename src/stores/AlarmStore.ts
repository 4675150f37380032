import { action, makeObservable, observable, runInAction, observableRef } from 'mobx';
import { alarmDealBody, ALARMS, alarmShelveBody, type Alarm, type DealStatus } from '../../protocol';
import { BusinessError, type RequestFn } from '../api/request';

/** Alarms kept in the browser, newest first; older ones drop off (a board runs 24/7). */
export const ALARM_CAPACITY = 200;

/**
 * Least time between two applications of pushed alarm changes (ms): however fast `alarm.changed` arrives
 * (a flood), the feed and the banner re-render at most 4 times a second. A new SOS or alarm-level alarm
 * is applied at once when the last application is at least this old.
 */
export const ALARM_BATCH_MS = 250;

/**
 * The alarm feed of the current project. Server truth (docs/architecture.md): the list comes from alarm/list,
 * live `alarm.changed` events are upserted by alarmId, and after a reconnect the store re-reads the
 * newest page, which brings both the alarms raised while away and the current state (cleared, handled)
 * of every alarm it holds.
 */
export class AlarmStore {
  /**
   * Newest first (by alarmId, which grows with raise time): the newest `capacity`, then up to `capacity`
   * older ones that are still active and untreated.
   */
  alarms: Alarm[] = [];
  loading = false;
  /** Highest alarmId seen, from the list or live; 0 before anything arrived. */
  maxSeenId = 0;
  /**
   * Ids that arrived live (not with the first load): the feed flashes them once. A plain set, pruned
   * with the list, so it never outgrows it.
   */
  readonly arrivedLive = new Set<number>();

  private projectId: string | null = null;
  /** Pushed changes not applied yet, by alarmId (the newest version of each); bounded by {@link flushAt}. */
  private readonly pending = new Map<number, Alarm>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushMs = Number.NEGATIVE_INFINITY;
  /** The latest load, settled either way (catchUp waits for it). */
  private loaded: Promise<void> = Promise.resolve();

  constructor(
    private readonly request: RequestFn,
    readonly capacity: number = ALARM_CAPACITY,
    private readonly now: () => number = () => Date.now(),
  ) {
    makeObservable(this, { alarms: observableRef, loading: observable, maxSeenId: observable, upsertMany: action, reset: action });
  }

  /** Loads the newest alarms of a project (replaces the list). Throws BusinessError on failure. */
  async load(projectId: string): Promise<void> {
    this.reset();
    this.projectId = projectId;
    runInAction(() => (this.loading = true));
    const loaded = (async () => {
      const list = await this.fetchWindow(projectId);
      if (this.projectId === projectId) this.upsertMany(list, false);
    })();
    this.loaded = loaded.catch(() => undefined);
    try {
      await loaded;
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /**
   * Catches up once the server has joined this page to the project's alarm room (the first connect, which
   * may come after the load read the list, and every reconnect), after any load still running. Re-reads the newest `capacity` alarms rather than only those
   * with alarmId > maxSeenId: the list holds exactly that window, so one request also brings clears and
   * handling of alarms it already shows, which `afterId` alone would miss. New ones flash as live.
   */
  async catchUp(): Promise<void> {
    // After a load still running (the first join of a page races its load): its alarms are not news.
    await this.loaded;
    const projectId = this.projectId;
    if (!projectId) return;
    const list = await this.fetchWindow(projectId);
    if (this.projectId === projectId) this.upsertMany(list, true);
  }

  /**
   * The newest `capacity` alarms plus every alarm still active and untreated (up to `capacity` of them):
   * an SOS raised hours ago stays one alarm with a repeat count, so it may be older than the newest
   * window, yet a board must keep showing it until it is handled.
   */
  private async fetchWindow(projectId: string): Promise<Alarm[]> {
    const [newest, open] = await Promise.all([
      this.request(ALARMS.alarmList, { projectId, page: 1, pageSize: this.capacity }),
      this.request(ALARMS.alarmList, { projectId, state: 'active', dealStatus: 0, page: 1, pageSize: this.capacity }),
    ]);
    return [...newest.list, ...open.list];
  }

  /** Applies one live `alarm.changed` (raised, cleared or handled) at once. */
  upsert(alarm: Alarm): void {
    this.upsertMany([alarm], true);
  }

  /**
   * Takes one pushed `alarm.changed` and applies pushed changes in batches, at most one batch per
   * ALARM_BATCH_MS (the newest version of each alarm wins), so a flood of thousands of changes a second
   * costs the screens a few renders. A new SOS or alarm-level alarm, or a pending batch as large as the
   * store, is applied at once when the previous batch is at least ALARM_BATCH_MS old.
   */
  receive(alarm: Alarm): void {
    if (this.projectId && alarm.projectId !== this.projectId) return;
    this.pending.set(alarm.alarmId, alarm);
    const urgent = this.pending.size >= this.capacity || (!this.alarms.some((a) => a.alarmId === alarm.alarmId) && (alarm.kind === 'sos' || alarm.level === 'alarm'));
    const wait = this.lastFlushMs + ALARM_BATCH_MS - this.now();
    if (urgent && wait <= 0) {
      this.flush();
      return;
    }
    // one timer, due when the last batch is ALARM_BATCH_MS old (changes within one task always coalesce)
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, wait));
  }

  /** Applies the pushed changes held back by {@link receive} now (one store update). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.lastFlushMs = this.now();
    this.upsertMany(batch, true);
  }

  /** Inserts or replaces alarms by id, keeps the list newest first and bounded. */
  upsertMany(incoming: Alarm[], live: boolean): void {
    if (incoming.length === 0) return;
    const byId = new Map(this.alarms.map((a) => [a.alarmId, a]));
    for (const a of incoming) {
      if (this.projectId && a.projectId !== this.projectId) continue;
      if (live && !byId.has(a.alarmId)) this.arrivedLive.add(a.alarmId);
      byId.set(a.alarmId, a);
      if (a.alarmId > this.maxSeenId) this.maxSeenId = a.alarmId;
    }
    const sorted = [...byId.values()].sort((x, y) => y.alarmId - x.alarmId);
    // the newest `capacity`, and beyond them the alarms still active and untreated (at most `capacity` more)
    const next = [...sorted.slice(0, this.capacity), ...sorted.slice(this.capacity).filter((a) => a.state === 'active' && a.dealStatus === 0).slice(0, this.capacity)];
    const kept = new Set(next.map((a) => a.alarmId));
    for (const id of this.arrivedLive) if (!kept.has(id)) this.arrivedLive.delete(id);
    this.alarms = next;
  }

  /**
   * Handles an alarm (docs/product.md "States", "Validation and display"): dealStatus 1 processed or 2 misinformation, with a required remark.
   * Validates like the server; throws BusinessError (errorCode VALIDATION, the message of docs/product.md "Validation and display") for bad input
   * or the server's error. Returns the handled alarm.
   */
  async deal(alarmId: number, dealStatus: DealStatus | null, dealRemark: string): Promise<Alarm> {
    const parsed = alarmDealBody.safeParse({ alarmId, dealStatus, dealRemark });
    if (!parsed.success) throw new BusinessError('VALIDATION', parsed.error.issues[0].message, 1);
    const data = await this.request(ALARMS.alarmDeal, parsed.data);
    const prev = this.alarms.find((a) => a.alarmId === alarmId);
    const updated: Alarm | undefined =
      data && typeof data === 'object' && typeof data.alarmId === 'number'
        ? data
        : prev && { ...prev, dealStatus: parsed.data.dealStatus, dealRemark: parsed.data.dealRemark, dealtAtMs: Date.now() };
    if (!updated) throw new BusinessError('NOT_FOUND', `alarm ${alarmId} is not in the list`);
    this.upsertMany([updated], false);
    return updated;
  }

  /**
   * Acknowledges an alarm (docs/api.md "alarm/ack": seen, being dealt with; silences the board's sound).
   * Throws BusinessError with the server's error (CONFLICT when already acknowledged or handled).
   */
  async ack(alarmId: number): Promise<Alarm> {
    const updated = await this.request(ALARMS.alarmAck, { alarmId });
    if (updated && typeof updated.alarmId === 'number') this.upsertMany([updated], false);
    return updated;
  }

  /**
   * Shelves alarms (EEMUA 191; docs/api.md "alarm/shelve"): still listed, not announced until `minutes`
   * from now. Validates like the server (1 to 500 ids, 1 minute to MAX_SHELVE_MINUTES, a reason); throws
   * BusinessError (VALIDATION, or the server's error, e.g. for an SOS). Returns the shelved alarms.
   */
  async shelve(alarmIds: number[], minutes: number, reason: string): Promise<Alarm[]> {
    const parsed = alarmShelveBody.safeParse({ alarmIds, minutes, reason });
    if (!parsed.success) throw new BusinessError('VALIDATION', parsed.error.issues[0].message, 1);
    const data = await this.request(ALARMS.alarmShelve, parsed.data);
    const updated = Array.isArray(data) ? data.filter((a) => a && typeof a.alarmId === 'number') : [];
    this.upsertMany(updated, false);
    return updated;
  }

  reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    this.alarms = [];
    this.maxSeenId = 0;
    this.arrivedLive.clear();
  }
}
