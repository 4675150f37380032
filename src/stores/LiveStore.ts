import { action, makeObservable, observable, runInAction } from 'mobx';
import { HISTORY, type LiveTopic } from '../../protocol';
import type { RequestFn } from '../api/request';
import { decodeSns, type LiveEvent, type LiveLink, type LiveLinkFactory, type PersonnelWatch } from '../../workers/telemetry/Live';
import type { PersonnelFrame, PersonnelTunnelFrame, SeriesFrame, TelemetryApi } from '../../workers/telemetry/types';
import type { AlarmStore } from './AlarmStore';
import type { DeviceStore } from './DeviceStore';
import type { TelemetryTopic } from './feeds';

export type { PersonnelFrame, PersonnelTunnelFrame, PersonnelWatch, SeriesFrame };
export type WindowRequest = Parameters<TelemetryApi['window']>[0];
export type PersonnelRequest = Parameters<TelemetryApi['personnel']>[0];

/** A chart's time window on one device: history is loaded on open and again after every reconnect. */
export interface ChartWindow {
  sn: string;
  metrics: string[];
  /** Length of the window ending now, in ms. */
  windowMs: number;
}

/** Least time between two device-list refreshes asked by new SOS alarms (ms). */
const SOS_REFRESH_MS = 5_000;

/** Most per-device version counters kept (one per charted device; a board has a few dozen). */
const MAX_VERSIONS = 10_000;

export interface LiveStoreDeps {
  request: RequestFn;
  /** Opens the link to the live host: the worker in production (Live.ts workerLiveLink), in process in tests. */
  createLink: LiveLinkFactory;
  devices: DeviceStore;
  alarms: AlarmStore;
  now?: () => number;
}

/**
 * The main thread's side of the live pipeline of one project. The socket, the decoding of binary frames
 * and the ring buffers live in the live host (workers/telemetry/LiveHost.ts: a SharedWorker shared by
 * the browser's tabs, a dedicated worker where there is none); this store holds a session with it and
 * gets only what changes at human speed (connection, statuses to DeviceStore, alarms to AlarmStore,
 * latest values to DeviceStore a few times a second), version bumps of the devices its charts show, and
 * personnel frames of its maps. Points never pass through MobX or React: charts fetch M4 frames per
 * animation frame when their device's version moved. After every reconnect it catches up alarms, device
 * statuses and the history of every open chart window (REST from this thread, filled into the host).
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
  /**
   * Telemetry topics the server refused for good in this run (TopicRefusedError message by topic): the
   * panels holding them show it instead of going silently stale. Cleared by the next start.
   */
  readonly refused = observable.map<LiveTopic, string>({}, { deep: false });

  private link: LiveLink | null = null;
  private nextId = 1;
  private readonly versions = new Map<string, number>();
  private readonly windows = new Set<ChartWindow>();
  private readonly personnelWatchers = new Map<number, (frame: PersonnelFrame) => void>();
  private readonly dataListeners = new Set<() => void>();
  /** The session's sn table (code → sn) of pushed personnel frames (LiveHost encodeSns); one per link. */
  private snTable: string[] = [];
  private readonly now: () => number;
  /** Wall time of the last device-list refresh asked by a new SOS (ms), for SOS_REFRESH_MS. */
  private sosRefreshAt = Number.NEGATIVE_INFINITY;

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
    if (this.projectId === projectId && this.link) return;
    this.stop();
    this.projectId = projectId;
    this.epoch++;
    let link: LiveLink | null = null;
    link = this.deps.createLink((event) => {
      if (link !== null && this.link === link) this.handleEvent(event);
    });
    this.link = link;
    this.snTable = [];
    link.start(projectId);
  }

  /** Ends the session with the live host (the host closes the socket with its last session). Safe to call twice. */
  stop(): void {
    this.link?.close();
    this.link = null;
    this.refused.clear();
    this.versions.clear();
    this.windows.clear();
    this.personnelWatchers.clear();
    this.projectId = null;
    this.connected = null;
  }

  /**
   * Keeps a telemetry topic subscribed while at least one caller holds it. The host's topic hub counts the
   * holders (one server subscription per topic whatever the number of panels and tabs). A refusal for good
   * lands in `refused`, never as an uncaught error. Returns the release function. Holds only for the
   * current run: call again when `epoch` changes (a no-op returning a no-op while stopped).
   */
  retainTelemetry(topic: TelemetryTopic): () => void {
    const link = this.link;
    if (!link) return () => {};
    const id = this.nextId++;
    link.hold(id, topic);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (this.link === link) link.release(id);
    };
  }

  /**
   * Calls `listener` whenever a charted device's {@link versionOf} grew (new points, history loaded), so a
   * frame loop that sleeps while nothing changes can wake. Returns the function that removes it.
   */
  onData(listener: () => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  /** Data version of device `sn`: grows whenever new points for it reached the worker. */
  versionOf(sn: string): number {
    return this.versions.get(sn) ?? 0;
  }

  /**
   * Opens a chart window: its device's new points bump {@link versionOf}, and its history is loaded into the
   * host now and again after each reconnect, until the returned function is called or the pipeline stops
   * (call again when `epoch` changes).
   */
  openWindow(w: ChartWindow): () => void {
    const entry = { ...w, metrics: [...w.metrics] };
    const link = this.link;
    const id = this.nextId++;
    this.windows.add(entry);
    link?.openSeries(id, entry.sn);
    void this.loadHistory(entry);
    return () => {
      this.windows.delete(entry);
      if (link && this.link === link) link.closeSeries(id);
    };
  }

  /** An M4-downsampled frame of one device (see TelemetryApi.window). Rejects when stopped. */
  window(req: WindowRequest): Promise<SeriesFrame> {
    if (!this.link) return Promise.reject(new Error('live pipeline stopped'));
    return this.link.window(req);
  }

  /** Latest positions of people per tunnel with heat bins (see TelemetryApi.personnel). Rejects when stopped. */
  personnel(req: PersonnelRequest): Promise<PersonnelFrame> {
    if (!this.link) return Promise.reject(new Error('live pipeline stopped'));
    return this.link.personnel(req);
  }

  /**
   * Has the host push personnel frames for `watch` to `onFrame`: after every beacon frame and at least every
   * LIVE_PERSONNEL_MS (workers/telemetry/LiveHost.ts), typed arrays transferred. Returns the function that
   * stops it; a no-op while stopped (call again when `epoch` changes).
   */
  watchPersonnel(watch: PersonnelWatch, onFrame: (frame: PersonnelFrame) => void): () => void {
    const link = this.link;
    if (!link) return () => {};
    const id = this.nextId++;
    this.personnelWatchers.set(id, onFrame);
    link.watchPersonnel(id, { staleMs: watch.staleMs, binM: watch.binM, tunnels: watch.tunnels.map((t) => ({ tunnelId: t.tunnelId, lengthM: t.lengthM })), everyMs: watch.everyMs });
    return () => {
      this.personnelWatchers.delete(id);
      if (this.link === link) link.unwatchPersonnel(id);
    };
  }

  private setRefused(topic: LiveTopic, message: string): void {
    this.refused.set(topic, message);
  }

  private setConnected(up: boolean): void {
    this.connected = up;
  }

  /** One event of the host (LiveEvent), in order. */
  private handleEvent(event: LiveEvent): void {
    switch (event.type) {
      case 'connected':
        this.setConnected(event.up);
        return;
      case 'reconnected':
        void this.handleReconnect();
        return;
      case 'status':
        this.deps.devices.applyStatus(event.batch);
        return;
      case 'alarmsJoined':
        // Errors are shown by the request wrapper; the next join (reconnect) tries again.
        void this.deps.alarms.catchUp().catch(() => undefined);
        return;
      case 'alarm':
        this.refreshOnNewSos(event.alarm);
        this.deps.alarms.receive(event.alarm);
        return;
      case 'refused':
        this.setRefused(event.topic, event.message);
        return;
      case 'versions':
        for (const sn of event.sns) this.bump(sn);
        this.dataListeners.forEach((fn) => fn());
        return;
      case 'latest':
        this.deps.devices.applyTelemetry(event.batch);
        return;
      case 'personnel':
        // Decoded even without a watcher (one stopped meanwhile): later frames' codes build on this one.
        decodeSns(this.snTable, event.frame, event.sns);
        this.personnelWatchers.get(event.id)?.(event.frame);
        return;
    }
  }

  /**
   * A new SOS re-reads the device list (at most every SOS_REFRESH_MS): the server knows the person's last
   * fix even when this screen was not following beacons (a replay, a page without a map), so the map can
   * mark them at once, and keep them there if their tag falls silent (docs/product.md "Alarm display").
   */
  private refreshOnNewSos(alarm: { kind: string; alarmId: number; dealStatus: number }): void {
    if (alarm.kind !== 'sos' || alarm.dealStatus !== 0 || alarm.alarmId <= this.deps.alarms.maxSeenId) return;
    const now = this.now();
    if (now - this.sosRefreshAt < SOS_REFRESH_MS) return;
    this.sosRefreshAt = now;
    void this.deps.devices.refresh().catch(() => undefined);
  }

  private bump(sn: string): void {
    if (!this.versions.has(sn) && this.versions.size >= MAX_VERSIONS) this.versions.clear();
    this.versions.set(sn, (this.versions.get(sn) ?? 0) + 1);
  }

  private async handleReconnect(): Promise<void> {
    runInAction(() => this.reconnects++);
    // Errors are shown by the request wrapper; a failed catch-up is retried at the next reconnect. Alarms
    // catch up when the server has joined this page to the alarm room again ('alarmsJoined'), not here: a
    // read before the join could miss an alarm raised in between.
    await Promise.allSettled([
      this.deps.devices.refresh(),
      ...[...this.windows].map((w) => this.loadHistory(w)),
    ]);
  }

  private async loadHistory(w: ChartWindow): Promise<void> {
    const projectId = this.projectId;
    const link = this.link;
    if (!projectId || !link) return;
    const toMs = this.now();
    try {
      const hist = await this.deps.request(HISTORY.telemetryHistory, {
        projectId,
        sns: [w.sn],
        fromMs: Math.floor(toMs - w.windowMs),
        toMs: Math.ceil(toMs),
        metrics: w.metrics,
      });
      const series = hist?.series?.find((s) => s.sn === w.sn);
      if (!series || link !== this.link) return;
      await link.fill(w.sn, { ts: series.ts, values: series.values });
      this.bump(w.sn);
      this.dataListeners.forEach((fn) => fn());
    } catch {
      // shown by the request wrapper; the chart still draws live points
    }
  }
}
