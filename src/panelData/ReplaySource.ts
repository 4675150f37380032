import { action, makeObservable, observable, observableRef, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { Alarm, DeviceInfo, TunnelInfo } from '../../protocol';
import type { HistoryService, ReadingAt } from '../../workers/telemetry/History';
import { ALARM_CAPACITY, type DeviceStore, type TunnelStore } from '../stores';
import { alarmsAsOf, statusAsOf } from './alarmsAsOf';
import { frameScheduler, type FrameScheduler } from './FrameScheduler';
import type { HistoryFetcher } from './history';
import { ReplayClock } from './ReplayClock';
import type { AlarmFeedState, ChartWindow, PanelDataSource, PersonnelFrame, PersonnelRequest, SeriesFrame, TelemetryTopic, WindowRequest } from './types';

/**
 * History loaded before the range's start, so that the first instants have a "last reading" and charts a
 * full window (ms): one hour, the longest default chart window.
 */
export const REPLAY_LOOKBACK_MS = 60 * 60_000;
/** Alarms raised this long before the range still show when active at its start (ms). */
export const REPLAY_ALARM_LOOKBACK_MS = 24 * 60 * 60_000;
/** How often, at most, latest values and the alarm feed follow a moving instant (ms of real time). */
export const REPLAY_STATE_MS = 250;

/** What a replay reads besides its history: the project's device and tunnel lists (metadata). */
export interface ReplayDeps {
  projectId: string;
  history: HistoryFetcher;
  /** The replay worker (createHistory) or its in-process twin in tests (createInProcessHistory). */
  createHistory: () => HistoryService;
  devices: DeviceStore;
  tunnels: TunnelStore;
  /** Default: the page's one frame scheduler. */
  scheduler?: FrameScheduler;
}

/** A replay range: [fromMs, toMs] (ms since epoch), the start instant and the speed (× real time). */
export interface ReplayRange {
  fromMs: number;
  toMs: number;
  atMs?: number;
  speed?: number;
}

const NO_FRESH: ReadonlySet<number> = new Set();

/**
 * The replay panel-data source: loads the history of every device of the project over the range (plus
 * REPLAY_LOOKBACK_MS) and the alarms raised in it through a {@link HistoryFetcher} into the replay
 * worker, and answers panels as of its {@link ReplayClock}: series windows ending at the instant, the
 * last reading at or before it, everyone's position at it (interpolated in the worker), the alarm feed
 * as it stood then. Latest values and the feed follow the instant at most every REPLAY_STATE_MS.
 * `start()` begins loading; `ready` settles when the first load is done; `stop()` ends everything.
 */
export class ReplaySource implements PanelDataSource {
  readonly mode = 'replay' as const;
  readonly clock: ReplayClock;
  epoch = 0;
  /** True while history is being loaded. */
  loading = false;
  /** The last load's error message, or null. */
  error: string | null = null;
  /** The alarm feed as of the last state update. */
  feed: readonly Alarm[] = [];
  /** Last reading per sn as of the last state update. */
  readonly readings = observable.map<string, ReadingAt>({}, { deep: false });
  /** Settles (never rejects) once the first history load is done. */
  readonly ready: Promise<void>;

  private history: HistoryService | null = null;
  /** Every alarm loaded for the range, any order. */
  allAlarms: readonly Alarm[] = [];
  private loadedSns = new Set<string>();
  private version = 0;
  /** The instant the latest values and the feed are as of (ms since epoch); NaN before the first load. */
  stateAtMs = NaN;
  private lastStateAt = NaN;
  private lastStateFrame = -Infinity;
  private stateInflight = false;
  private disposers: Array<IReactionDisposer | (() => void)> = [];
  private resolveReady: () => void = () => {};
  private readonly deviceCache = new Map<string, { meta: DeviceInfo; reading: ReadingAt | undefined; status: DeviceInfo['status']; out: DeviceInfo }>();

  constructor(
    private readonly deps: ReplayDeps,
    range: ReplayRange,
  ) {
    this.clock = new ReplayClock(range);
    this.ready = new Promise<void>((r) => (this.resolveReady = r));
    makeObservable<ReplaySource, 'applyState'>(this, {
      epoch: observable,
      loading: observable,
      error: observable,
      feed: observableRef,
      allAlarms: observableRef,
      stateAtMs: observable,
      applyState: action,
    });
  }

  /** Starts the worker and loads history for the devices listed now and any listed later. Idempotent. */
  start(): void {
    if (this.history) return;
    this.history = this.deps.createHistory();
    runInAction(() => this.epoch++);
    this.disposers.push(
      reaction(
        () => this.deps.devices.all.map((d) => d.sn).join('\n'),
        () => void this.load(),
        { fireImmediately: true },
      ),
      (this.deps.scheduler ?? frameScheduler).register({ run: (frameMs) => this.followInstant(frameMs) }),
    );
  }

  /** Stops the worker, the state updates and the clock. Safe to call twice. */
  stop(): void {
    for (const d of this.disposers.splice(0)) d();
    this.history?.terminate();
    this.history = null;
    this.clock.pause();
    this.loadedSns.clear();
    this.resolveReady();
  }

  devices(): readonly DeviceInfo[] {
    return this.deps.devices.all.map((d) => this.asOf(d));
  }

  /** Bumped after each history load: positions asked for before it (an empty bore) must be asked again. */
  positionsVersion(): number {
    return this.version;
  }

  device(sn: string): DeviceInfo | undefined {
    const d = this.deps.devices.get(sn);
    return d ? this.asOf(d) : undefined;
  }

  devicesLoading(): boolean {
    return this.deps.devices.loading || this.loading;
  }

  tunnels(): readonly TunnelInfo[] {
    return this.deps.tunnels.tunnels;
  }

  tunnelsLoaded(): boolean {
    return this.deps.tunnels.loaded;
  }

  hold(_topic: TelemetryTopic): () => void {
    return () => {};
  }

  refusal(_topic: TelemetryTopic): string | null {
    return null;
  }

  openSeries(_w: ChartWindow): () => void {
    return () => {};
  }

  seriesVersion(_sn: string): number {
    return this.version;
  }

  window(req: WindowRequest): Promise<SeriesFrame> {
    if (!this.history) return Promise.reject(new Error('replay stopped'));
    return this.history.window(req);
  }

  personnel(req: PersonnelRequest): Promise<PersonnelFrame> {
    if (!this.history) return Promise.reject(new Error('replay stopped'));
    return this.history.personnel(req);
  }

  alarmFeed(): AlarmFeedState {
    return { alarms: this.feed, loading: this.loading, fresh: NO_FRESH, deal: null };
  }

  alarmsInRange(fromMs: number, toMs: number): readonly Alarm[] {
    return this.allAlarms.filter((a) => a.raisedAtMs >= fromMs && a.raisedAtMs <= toMs).sort((x, y) => y.alarmId - x.alarmId);
  }

  /** Loads history of devices not loaded yet, then the alarms of the range, then the state at the instant. */
  private async load(): Promise<void> {
    const history = this.history;
    const { projectId } = this.deps;
    const list = this.deps.devices.all.filter((d) => !this.loadedSns.has(d.sn));
    if (!history || (list.length === 0 && this.loadedSns.size > 0)) return;
    for (const d of list) this.loadedSns.add(d.sn);
    runInAction(() => {
      this.loading = true;
      this.error = null;
    });
    const { fromMs, toMs } = this.clock;
    try {
      const [telemetry, alarms] = await Promise.all([
        list.length ? this.deps.history.telemetry({ projectId, sns: list.map((d) => d.sn), fromMs: fromMs - REPLAY_LOOKBACK_MS, toMs }) : { series: [] },
        this.deps.history.alarms({ projectId, fromMs: fromMs - REPLAY_ALARM_LOOKBACK_MS, toMs }),
      ]);
      if (history !== this.history) return;
      const tunnelOf = new Map(list.map((d) => [d.sn, d.kind === 'beacon' ? d.tunnelId : null]));
      for (const s of telemetry.series) {
        // Stored beacon fixes keep numbers only: a beacon's tunnel comes from its device record.
        await history.load(s.sn, { ts: s.ts, values: s.values }, tunnelOf.get(s.sn) ?? null);
      }
      runInAction(() => (this.allAlarms = alarms.filter((a) => a.projectId === projectId)));
      this.version++;
      this.lastStateAt = NaN;
      await this.updateState(this.clock.now());
    } catch (e) {
      runInAction(() => (this.error = e instanceof Error ? e.message : String(e)));
    } finally {
      runInAction(() => (this.loading = false));
      this.resolveReady();
    }
  }

  /** Per frame: when the instant moved, refresh latest values and the feed (at most every REPLAY_STATE_MS). */
  private followInstant(frameMs: number): void {
    const at = this.clock.now();
    if (at === this.lastStateAt || this.stateInflight || frameMs - this.lastStateFrame < REPLAY_STATE_MS) return;
    this.lastStateFrame = frameMs;
    void this.updateState(at);
  }

  private async updateState(atMs: number): Promise<void> {
    const history = this.history;
    if (!history) return;
    this.stateInflight = true;
    try {
      const readings = await history.latestAt({ sns: [...this.loadedSns], atMs });
      if (history === this.history) this.applyState(atMs, readings);
    } catch {
      // the worker is stopping; the next frame asks again
    } finally {
      this.stateInflight = false;
    }
  }

  private applyState(atMs: number, readings: Record<string, ReadingAt>): void {
    this.lastStateAt = atMs;
    this.stateAtMs = atMs;
    for (const sn of [...this.readings.keys()]) if (!(sn in readings)) this.readings.delete(sn);
    for (const [sn, r] of Object.entries(readings)) {
      const prev = this.readings.get(sn);
      if (!prev || prev.tsMs !== r.tsMs) this.readings.set(sn, r);
    }
    const next = alarmsAsOf(this.allAlarms, atMs, ALARM_CAPACITY);
    const key = (l: readonly Alarm[]) => l.map((a) => `${a.alarmId}:${a.state}:${a.dealStatus}`).join(',');
    if (key(next) !== key(this.feed)) this.feed = next;
  }

  /** A device record as of the instant: latest and lastSeenMs from the last reading, status from alarms then. */
  private asOf(meta: DeviceInfo): DeviceInfo {
    const reading = this.readings.get(meta.sn);
    const status = statusAsOf(meta, this.feed, reading?.tsMs ?? null, this.stateAtMs);
    const cached = this.deviceCache.get(meta.sn);
    if (cached && cached.meta === meta && cached.reading === reading && cached.status === status) return cached.out;
    const out: DeviceInfo = { ...meta, latest: reading ? reading.values : null, lastSeenMs: reading ? reading.tsMs : null, status };
    this.deviceCache.set(meta.sn, { meta, reading, status, out });
    return out;
  }
}
