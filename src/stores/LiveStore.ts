import { action, makeObservable, observable, runInAction } from 'mobx';
import type { Subscription } from 'rxjs';
import { DEVICE_KIND_REGISTRY, frameBatch, frameSns, ROUTES, type LiveTopic, type TelemetryFrame, type TelemetryHistory } from '../../protocol';
import type { RequestFn } from '../api/request';
import type { TelemetryService } from '../../workers/telemetry/Telemetry';
import type { PersonnelFrame, PersonnelTunnelFrame, SeriesFrame, TelemetryApi } from '../../workers/telemetry/types';
import type { AlarmStore } from './AlarmStore';
import type { DeviceStore } from './DeviceStore';
import type { LiveFeeds, LiveFeedsFactory, TelemetryTopic } from './feeds';

export type { PersonnelFrame, PersonnelTunnelFrame, SeriesFrame };
export type WindowRequest = Parameters<TelemetryApi['window']>[0];
export type PersonnelRequest = Parameters<TelemetryApi['personnel']>[0];

/** A chart's time window on one device: history is loaded on open and again after every reconnect. */
export interface ChartWindow {
  sn: string;
  metrics: string[];
  /** Length of the window ending now, in ms. */
  windowMs: number;
}

/** Most per-device version counters kept (one per device with data; a project has a few hundred). */
const MAX_VERSIONS = 10_000;

export interface LiveStoreDeps {
  request: RequestFn;
  createFeeds: LiveFeedsFactory;
  createTelemetry: () => TelemetryService;
  devices: DeviceStore;
  alarms: AlarmStore;
  now?: () => number;
}

/**
 * The live pipeline of one project: owns the one socket connection (through LiveFeeds) and the telemetry
 * worker. Binary telemetry frames go to the worker (decoded there into ring buffers, M4) and, throttled,
 * to DeviceStore; status
 * batches to DeviceStore, alarms to AlarmStore. Per-device version counters tell charts when to fetch a
 * new window, so points never pass through MobX or React. After every reconnect it catches up alarms,
 * device statuses and the history of every open chart window.
 */
export class LiveStore {
  /** null before the first connect, then whether the socket is up. */
  connected: boolean | null = null;
  /** Reconnects since start. */
  reconnects = 0;
  /** Project being streamed, or null when stopped. */
  projectId: string | null = null;
  /**
   * Grows with every start. Subscriptions and chart windows belong to one run of the pipeline, so
   * components re-register when it changes (a stop and start of the same project included).
   */
  epoch = 0;
  /** Bumped for every frame of a `positions` kind (beacons): personnel maps fetch in the next animation frame. Not observable: read per frame. */
  beaconVersion = 0;
  /**
   * Telemetry topics the server refused for good in this run (TopicRefusedError message by topic): the
   * panels holding them show it instead of going silently stale. Cleared by the next start.
   */
  readonly refused = observable.map<LiveTopic, string>({}, { deep: false });

  private feeds: LiveFeeds | null = null;
  private telemetry: TelemetryService | null = null;
  private readonly subs: Subscription[] = [];
  /** The holders' subscriptions of this run (not a count: the hub counts), ended by stop(). */
  private readonly holds = new Set<Subscription>();
  private readonly versions = new Map<string, number>();
  private readonly windows = new Set<ChartWindow>();
  private readonly now: () => number;

  constructor(private readonly deps: LiveStoreDeps) {
    this.now = deps.now ?? Date.now;
    makeObservable<LiveStore, 'setConnected' | 'setRefused'>(this, {
      connected: observable,
      reconnects: observable,
      projectId: observable,
      epoch: observable,
      setConnected: action,
      setRefused: action,
      start: action,
      stop: action,
    });
  }

  /** Starts streaming `projectId` (stops a different project first; a no-op for the same one). */
  start(projectId: string): void {
    if (this.projectId === projectId && this.feeds) return;
    this.stop();
    this.projectId = projectId;
    this.epoch++;
    this.telemetry = this.deps.createTelemetry();
    const feeds = this.deps.createFeeds(projectId);
    this.feeds = feeds;
    this.subs.push(
      feeds.connected$.subscribe((up) => this.setConnected(up)),
      feeds.telemetryFrames$.subscribe((f) => this.handleFrame(f)),
      feeds.reconnected$.subscribe(() => void this.handleReconnect()),
      feeds.deviceStatus$().subscribe({ next: (batch) => this.deps.devices.applyStatus(batch), error: this.refusedHandler(feeds, 'deviceStatus') }),
      feeds.alarms$().subscribe({ next: (alarm) => this.deps.alarms.upsert(alarm), error: this.refusedHandler(feeds, 'alarm') }),
    );
  }

  /** Closes the socket, the worker and every subscription. Safe to call twice. */
  stop(): void {
    for (const s of this.subs.splice(0)) s.unsubscribe();
    for (const s of this.holds) s.unsubscribe();
    this.holds.clear();
    this.refused.clear();
    this.feeds?.close();
    this.feeds = null;
    this.telemetry?.terminate();
    this.telemetry = null;
    this.versions.clear();
    this.windows.clear();
    this.projectId = null;
    this.connected = null;
  }

  /**
   * Keeps a telemetry topic subscribed while at least one caller holds it. The topic hub counts the
   * holders (one server subscription per topic whatever the number of panels) and batches reach the
   * worker once, through `telemetryBatches$`. A refusal for good lands in `refused`, never as an uncaught
   * error. Returns the release function. Holds only for the current run: call again when `epoch`
   * changes (a no-op returning a no-op while stopped).
   */
  retainTelemetry(topic: TelemetryTopic): () => void {
    const feeds = this.feeds;
    if (!feeds) return () => {};
    const sub = feeds.telemetry$(topic).subscribe({ error: this.refusedHandler(feeds, topic) });
    this.holds.add(sub);
    return () => {
      this.holds.delete(sub);
      sub.unsubscribe();
    };
  }

  /** Data version of device `sn`: grows whenever new points for it reached the worker. */
  versionOf(sn: string): number {
    return this.versions.get(sn) ?? 0;
  }

  /**
   * Opens a chart window: loads its history into the worker now and again after each reconnect, until
   * the returned function is called or the pipeline stops (call again when `epoch` changes).
   */
  openWindow(w: ChartWindow): () => void {
    const entry = { ...w, metrics: [...w.metrics] };
    this.windows.add(entry);
    void this.loadHistory(entry);
    return () => void this.windows.delete(entry);
  }

  /** An M4-downsampled frame of one device (see TelemetryApi.window). Rejects when stopped. */
  window(req: WindowRequest): Promise<SeriesFrame> {
    if (!this.telemetry) return Promise.reject(new Error('live pipeline stopped'));
    return this.telemetry.window(req);
  }

  /** Latest positions of people per tunnel with heat bins (see TelemetryApi.personnel). Rejects when stopped. */
  personnel(req: PersonnelRequest): Promise<PersonnelFrame> {
    if (!this.telemetry) return Promise.reject(new Error('live pipeline stopped'));
    return this.telemetry.personnel(req);
  }

  /** Records a topic's refusal (TopicRefusedError) for the run of `feeds`, instead of an uncaught error. */
  private refusedHandler(feeds: LiveFeeds, topic: LiveTopic): (e: unknown) => void {
    return (e) => {
      if (this.feeds === feeds) this.setRefused(topic, e instanceof Error ? e.message : String(e));
    };
  }

  private setRefused(topic: LiveTopic, message: string): void {
    this.refused.set(topic, message);
  }

  private setConnected(up: boolean): void {
    this.connected = up;
  }

  /**
   * A telemetry frame: its bytes go to the worker (decoded and folded there); a `series` kind's rows
   * also go to DeviceStore (latest readings at human speed) and bump the per-device versions. A
   * `positions` kind's frame (thousands of beacons at scale) is not read here at all: its string
   * dictionary is never decoded on this thread.
   */
  private handleFrame(frame: TelemetryFrame): void {
    this.telemetry?.ingestFrame(frame.bytes).catch(() => {
      // a frame the worker refuses changes nothing there; the next one carries on
    });
    const store = DEVICE_KIND_REGISTRY.byLiveTopic(frame.topic)?.live?.store;
    if (store === 'positions') {
      this.beaconVersion++;
      return;
    }
    if (store !== 'series') return;
    let batch: ReturnType<typeof frameBatch>;
    try {
      batch = frameBatch(frame);
    } catch {
      return; // a malformed string dictionary: the worker refuses the frame too
    }
    this.deps.devices.applyTelemetry(batch);
    for (const sn of frameSns(frame)) if (sn !== undefined) this.bump(sn);
  }

  private bump(sn: string): void {
    if (!this.versions.has(sn) && this.versions.size >= MAX_VERSIONS) this.versions.clear();
    this.versions.set(sn, (this.versions.get(sn) ?? 0) + 1);
  }

  private async handleReconnect(): Promise<void> {
    runInAction(() => this.reconnects++);
    // Errors are shown by the request wrapper; a failed catch-up is retried at the next reconnect.
    await Promise.allSettled([
      this.deps.alarms.catchUp(),
      this.deps.devices.refresh(),
      ...[...this.windows].map((w) => this.loadHistory(w)),
    ]);
  }

  private async loadHistory(w: ChartWindow): Promise<void> {
    const projectId = this.projectId;
    const telemetry = this.telemetry;
    if (!projectId || !telemetry) return;
    const toMs = this.now();
    try {
      const hist = await this.deps.request<TelemetryHistory>(ROUTES.telemetryHistory, {
        projectId,
        sns: [w.sn],
        fromMs: Math.floor(toMs - w.windowMs),
        toMs: Math.ceil(toMs),
        metrics: w.metrics,
      });
      const series = hist?.series?.find((s) => s.sn === w.sn);
      if (!series || telemetry !== this.telemetry) return;
      await telemetry.fill(w.sn, { ts: series.ts, values: series.values });
      this.bump(w.sn);
    } catch {
      // shown by the request wrapper; the chart still draws live points
    }
  }
}
