import { action, makeObservable, observable, observableRef, reaction, runInAction, type IReactionDisposer } from 'mobx';
import { isPersonTagKind, type Alarm, type DeviceInfo, type EquipmentFleet, type TelemetryHistory, type TunnelInfo, type TunnelPlan, type TunnelProgressAt } from '../../protocol';
import type { CycleSource } from './cycles';
import type { AttendanceSource } from './attendance';
import type { PortalSource } from './portalCounts';
import type { HomeSource } from './home';
import type { EnvironmentSource } from './environment';
import type { HistoryService, ReadingAt } from '../../workers/telemetry/History';
import { MAX_ACTIVITY_BUCKETS } from '../../workers/telemetry/HistoryImpl';
import { ALARM_CAPACITY, type DeviceStore, type TunnelStore } from '../stores';
import { alarmsAsOf, statusAsOf } from './alarmsAsOf';
import { frameScheduler, type FrameScheduler } from './FrameScheduler';
import { tracksFailed, type HistoryFetcher } from './history';
import { ReplayClock } from './ReplayClock';
import { quietAdvance } from './quiet';
import { replayPlan, REPLAY_LOOKBACK_MS, REPLAY_RAW_DAYS, type ReplayPlan } from './replayTier';
import type { AlarmFeedState, ChartWindow, PanelDataSource, PersonnelFrame, PersonnelRequest, SeriesFrame, TelemetryTopic, WindowRequest } from './types';

/** Alarms raised this long before the range still show when active at its start (ms). */
export const REPLAY_ALARM_LOOKBACK_MS = 24 * 60 * 60_000;
/** How often, at most, latest values and the alarm feed follow a moving instant (ms of real time). */
export const REPLAY_STATE_MS = 250;
/** Default length of the trails behind people on the personnel map in replay (ms): 5 minutes. */
export const REPLAY_TRAIL_MS = 5 * 60_000;
/** Bucket of the activity map that "skip quiet stretches" reads (ms): one minute (longer for long ranges, see activityBucketMs). */
export const ACTIVITY_BUCKET_MS = 60_000;

/**
 * The activity bucket of a range of `spanMs`: ACTIVITY_BUCKET_MS, or whole minutes enough to keep the
 * map within the worker's MAX_ACTIVITY_BUCKETS (100 000 minutes, about 69 days; a year has 6-minute buckets).
 */
export function activityBucketMs(spanMs: number): number {
  return Math.max(ACTIVITY_BUCKET_MS, Math.ceil(spanMs / MAX_ACTIVITY_BUCKETS / ACTIVITY_BUCKET_MS) * ACTIVITY_BUCKET_MS);
}
/** A beacon moving more than this between two fixes counts as activity (m): more than positioning noise. */
export const ACTIVITY_MOVE_M = 2;

/** What the personnel map's heat strip sums in replay: the instant, the last `heatWindowMs`, or the whole range up to the instant. */
export type ReplayHeatMode = 'instant' | 'window' | 'range';

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
  /** Days of raw readings the server keeps (default REPLAY_RAW_DAYS): where positions end and the hour tier starts. */
  rawDays?: number;
  /** The wall clock the plan is made at (default Date.now). */
  now?: () => number;
  /** The equipment fleet of a project as of an instant (equipment/fleet with `atMs`); absent, {@link ReplaySource.fleet} rejects. */
  fleet?: (projectId: string, atMs: number) => Promise<EquipmentFleet>;
  /** The bores' progress as of an instant (tunnel/progress/figures with `atMs`); absent, {@link ReplaySource.tunnelProgress} rejects. */
  tunnelProgress?: (projectId: string, atMs: number) => Promise<TunnelProgressAt[]>;
  /** Drill-and-blast cycles as of the replay instant (cycles.ts); absent, the process panels say they cannot load. */
  cycles?: CycleSource;
  /** The plan view's alignments and zones (tunnel/plan); absent, the plan draws every bore straight. */
  tunnelPlan?: (projectId: string) => Promise<TunnelPlan>;
  /** Labour attendance as of the replay instant (attendance.ts); absent, the attendance panels say they cannot load. */
  attendance?: AttendanceSource;
  /** Portal counts as of the replay instant (portalCounts.ts); absent, the portal-count panel says it cannot load. */
  portals?: PortalSource;
  /** The project home's figures as of the replay instant (home.ts); absent, the home panels say they cannot load. */
  home?: HomeSource;
  /** Site environment as of the replay instant (environment.ts, no spray list); absent, the environment panels say they cannot load. */
  siteEnvironment?: EnvironmentSource;
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
  /** The beacon whose track the personnel map follows, or null. */
  followSn: string | null = null;
  /** Trails behind people on the personnel map (ms; 0 draws none). */
  trailMs = REPLAY_TRAIL_MS;
  /** What the heat strip sums (see ReplayHeatMode). */
  heatMode: ReplayHeatMode = 'instant';
  /** The window of heatMode 'window' (ms). */
  heatWindowMs = 30 * 60_000;
  /**
   * While playing, play QUIET_BOOST times faster through stretches where nobody moves and no alarm is
   * raised, back to the chosen speed QUIET_LEAD_MS before the next activity (src/panelData/quiet.ts).
   */
  skipQuiet = false;
  /**
   * Per activityBucketMs bucket of the range, 1 where someone moved or an alarm was raised (loaded with
   * the history; empty before).
   */
  activity: Uint8Array = new Uint8Array(0);
  /** The bucket of `activity` (ms): activityBucketMs of the range. */
  readonly activityBucketMs: number;
  /** Which tier the series play from and where positions exist (src/panelData/replayTier.ts), fixed at construction. */
  readonly plan: ReplayPlan;

  private history: HistoryService | null = null;
  /** Every alarm loaded for the range, any order. */
  allAlarms: readonly Alarm[] = [];
  private loadedSns = new Set<string>();
  /** Whether the compact tracks of the project's beacons were asked for (once per replay). */
  private tracksLoaded = false;
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
    this.plan = replayPlan(range, (deps.now ?? Date.now)(), deps.rawDays ?? REPLAY_RAW_DAYS);
    this.activityBucketMs = activityBucketMs(this.clock.toMs - this.clock.fromMs);
    this.ready = new Promise<void>((r) => (this.resolveReady = r));
    makeObservable<ReplaySource, 'applyState'>(this, {
      epoch: observable,
      loading: observable,
      error: observable,
      feed: observableRef,
      allAlarms: observableRef,
      stateAtMs: observable,
      followSn: observable,
      trailMs: observable,
      heatMode: observable,
      heatWindowMs: observable,
      skipQuiet: observable,
      activity: observableRef,
      applyState: action,
      setFollow: action,
      setSkipQuiet: action,
      setHeatMode: action,
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
      reaction(
        () => [this.skipQuiet, this.activity] as const,
        ([on, activity]) =>
          this.clock.setAdvance(on && activity.length > 0 ? (at, real, speed) => quietAdvance(activity, this.clock.fromMs, this.activityBucketMs, at, real, speed) : null),
        { fireImmediately: true },
      ),
    );
  }

  /** Stops the worker, the state updates and the clock. Safe to call twice. */
  stop(): void {
    for (const d of this.disposers.splice(0)) d();
    this.history?.terminate();
    this.history = null;
    this.clock.pause();
    this.loadedSns.clear();
    this.tracksLoaded = false;
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

  /**
   * Positions at req.nowMs, with the replay's extras: trails over the last trailMs, the heat strip as
   * heatMode says, and the followed person's track from the range start.
   */
  personnel(req: PersonnelRequest): Promise<PersonnelFrame> {
    if (!this.history) return Promise.reject(new Error('replay stopped'));
    const heatFromMs = this.heatMode === 'range' ? this.clock.fromMs : this.heatMode === 'window' ? req.nowMs - this.heatWindowMs : undefined;
    return this.history.personnel({
      ...req,
      trailMs: this.trailMs,
      heatFromMs,
      followSn: this.followSn ?? undefined,
      trackFromMs: this.clock.fromMs - REPLAY_LOOKBACK_MS,
    });
  }

  /** Follows one beacon's track on the personnel map (null: nobody). Bumps positionsVersion so maps redraw. */
  setFollow(sn: string | null): void {
    this.followSn = sn;
    this.version++;
  }

  /** Turns "skip quiet stretches" on or off. */
  setSkipQuiet(on: boolean): void {
    this.skipQuiet = on;
  }

  /** Sets what the heat strip sums. Bumps positionsVersion so maps redraw. */
  setHeatMode(mode: ReplayHeatMode): void {
    this.heatMode = mode;
    this.version++;
  }

  /** The beacons of the project (people to follow: devices of a positioned kind), by name. */
  people(): DeviceInfo[] {
    return this.deps.devices.all.filter((d) => isPersonTagKind(d.kind)).sort((a, b) => a.name.localeCompare(b.name));
  }

  alarmFeed(): AlarmFeedState {
    return { alarms: this.feed, loading: this.loading, fresh: NO_FRESH, deal: null };
  }

  /** The plan view's design data (ReplayDeps.tunnelPlan): the same as live. */
  get tunnelPlan(): ((projectId: string) => Promise<TunnelPlan>) | undefined {
    return this.deps.tunnelPlan;
  }

  /** Site environment asked as of the replay instant (ReplayDeps.siteEnvironment). */
  get siteEnvironment(): EnvironmentSource | undefined {
    return this.deps.siteEnvironment;
  }

  /** Portal counts asked as of the replay instant (ReplayDeps.portals). */
  get portals(): PortalSource | undefined {
    return this.deps.portals;
  }

  /** Labour attendance asked as of the replay instant (ReplayDeps.attendance). */
  get attendance(): AttendanceSource | undefined {
    return this.deps.attendance;
  }

  /** The project home's figures asked as of the replay instant (ReplayDeps.home). */
  get home(): HomeSource | undefined {
    return this.deps.home;
  }

  /** Drill-and-blast cycles asked as of the replay instant (ReplayDeps.cycles). */
  get cycles(): CycleSource | undefined {
    return this.deps.cycles;
  }

  /** The fleet as of `atMs` (the replay instant the caller read), asked from the server (ReplayDeps.fleet). */
  fleet(projectId: string, atMs: number): Promise<EquipmentFleet> {
    return this.deps.fleet ? this.deps.fleet(projectId, atMs) : Promise.reject(new Error('no fleet source in this replay'));
  }

  /** The bores' progress as of `atMs` (the replay instant), from the time-stamped progress record (ReplayDeps.tunnelProgress). */
  tunnelProgress(projectId: string, atMs: number): Promise<TunnelProgressAt[]> {
    return this.deps.tunnelProgress ? this.deps.tunnelProgress(projectId, atMs) : Promise.reject(new Error('no tunnel progress source in this replay'));
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
    // beacons come as compact tracks (all of the project's at once, the first load only) when the
    // fetcher has them; other devices, and beacons listed later, through telemetry/history. Long ranges
    // read the hour tier; positions only where raw beacon fixes are kept (this.plan).
    const { positions } = this.plan;
    const hourly = this.plan.tier === 'hour' && this.deps.history.hourly ? this.deps.history.hourly.bind(this.deps.history) : null;
    const fetchTracks = this.deps.history.tracks && !this.tracksLoaded && positions ? this.deps.history.tracks.bind(this.deps.history) : null;
    // hour means of a beacon's chainage are no position: beacons play from their raw fixes only
    const byHistory = fetchTracks || hourly ? list.filter((d) => !isPersonTagKind(d.kind)) : list;
    const rawBeacons = (sns: string[]) =>
      positions && sns.length ? this.deps.history.telemetry({ projectId, sns, fromMs: positions.readFromMs, toMs: positions.toMs }).then((t) => t.series) : Promise.resolve([]);
    this.tracksLoaded ||= fetchTracks !== null;
    try {
      const series = (sns: string[]) => (hourly ?? this.deps.history.telemetry.bind(this.deps.history))({ projectId, sns, fromMs: fromMs - REPLAY_LOOKBACK_MS, toMs });
      const [telemetry, alarms, tracks] = await Promise.all([
        byHistory.length ? series(byHistory.map((d) => d.sn)) : { series: [] as TelemetryHistory['series'] },
        this.deps.history.alarms({ projectId, fromMs: fromMs - REPLAY_ALARM_LOOKBACK_MS, toMs }),
        // refused (a role without people.view) or failed: the beacons come through telemetry/history below
        fetchTracks && positions ? fetchTracks({ projectId, fromMs: positions.readFromMs, toMs: positions.toMs }).catch(tracksFailed) : null,
      ]);
      if (history !== this.history) return;
      if (tracks) await history.loadTracks(tracks);
      else if (fetchTracks || hourly) {
        telemetry.series.push(...(await rawBeacons(list.filter((d) => isPersonTagKind(d.kind)).map((d) => d.sn))));
        if (history !== this.history) return;
      }
      const tunnelOf = new Map(list.map((d) => [d.sn, isPersonTagKind(d.kind) ? d.tunnelId : null]));
      for (const s of telemetry.series) {
        // Stored beacon fixes keep numbers only: a beacon's tunnel comes from its device record.
        await history.load(s.sn, { ts: s.ts, values: s.values }, tunnelOf.get(s.sn) ?? null);
      }
      runInAction(() => (this.allAlarms = alarms.filter((a) => a.projectId === projectId)));
      await this.loadActivity(history);
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

  /** Where someone moved (from the worker) or an alarm was raised, per activityBucketMs bucket of the range. */
  private async loadActivity(history: HistoryService): Promise<void> {
    const { fromMs, toMs } = this.clock;
    const moved = await history.activity({ fromMs, toMs, bucketMs: this.activityBucketMs, moveM: ACTIVITY_MOVE_M });
    for (const a of this.allAlarms) {
      const i = Math.floor((a.raisedAtMs - fromMs) / this.activityBucketMs);
      if (i >= 0 && i < moved.length) moved[i] = 1;
    }
    runInAction(() => (this.activity = moved));
  }

  /**
   * Per frame: when the instant moved, refreshes latest values and the feed (at most every REPLAY_STATE_MS).
   */
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
