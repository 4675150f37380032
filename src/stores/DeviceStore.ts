import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import {
  DEVICE_KIND_REGISTRY,
  DEVICES,
  type DeviceInfo,
  type DeviceKind,
  type DeviceStatusBatch,
  type MetricFields,
  type TelemetryBatch,
  type Threshold,
} from '../../protocol';
import type { RequestFn } from '../api/request';

/** Default pace at which live readings reach the UI: at most once per second per device. */
export const DEVICE_FLUSH_MS = 1000;

/**
 * Most devices kept. A demo project has a few hundred, a large site a few thousand tags (the real-server
 * bench registers 5,500); this bounds a misbehaving server without cutting a real project.
 */
const MAX_DEVICES = 20_000;

interface Pending {
  tsMs: number;
  values: Record<string, number>;
}

/**
 * Numeric readings of one telemetry item, from the metric fields its kind names (protocol/kinds: the item
 * itself without `sn`/`ts`, or nested gas readings); booleans as 0/1.
 */
function readingsOf(item: Record<string, unknown>, metricFields: MetricFields): Record<string, number> {
  const src = metricFields.of(item) ?? {};
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(src)) {
    if (metricFields.skip.has(k)) continue;
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    else if (typeof v === 'boolean') out[k] = v ? 1 : 0;
  }
  return out;
}

/**
 * Devices of the current project: the list from device/list, status changes from `device.status`, and
 * latest readings from telemetry batches applied at human speed: readings are collected in a plain map and
 * written to the observable devices at most once per `flushMs`, so a 5 Hz device never re-renders a
 * panel 5 times a second. Beacon readings stay out (200 people at 1 Hz belong to the worker, not MobX).
 */
export class DeviceStore {
  /** Devices by sn. Entries are replaced, never mutated, so an observer of one device sees only its changes. */
  readonly bySn = observable.map<string, DeviceInfo>({}, { deep: false });
  loading = false;

  private readonly pending = new Map<string, Pending>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private projectId: string | null = null;

  constructor(
    private readonly request: RequestFn,
    private readonly flushMs: number = DEVICE_FLUSH_MS,
  ) {
    makeObservable<DeviceStore, 'flush'>(this, {
      loading: observable,
      all: computed,
      replaceAll: action,
      applyStatus: action,
      flush: action,
    });
  }

  /** All devices, in list order. */
  get all(): DeviceInfo[] {
    return [...this.bySn.values()];
  }

  /** Devices of one kind, in list order. */
  ofKind(kind: DeviceKind): DeviceInfo[] {
    return this.all.filter((d) => d.kind === kind);
  }

  get(sn: string): DeviceInfo | undefined {
    return this.bySn.get(sn);
  }

  /** The threshold rule of `metric` on device `sn`, if any. */
  threshold(sn: string, metric: string): Threshold | undefined {
    return this.bySn.get(sn)?.thresholds.find((t) => t.metric === metric);
  }

  /** Loads the device list of a project (replaces what was there). Throws BusinessError on failure. */
  async load(projectId: string): Promise<void> {
    this.projectId = projectId;
    runInAction(() => (this.loading = true));
    try {
      const list = await this.request(DEVICES.deviceList, { projectId });
      if (this.projectId === projectId) this.replaceAll(Array.isArray(list) ? list : []);
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Reloads the current project's list (after a reconnect: statuses may have changed meanwhile). */
  async refresh(): Promise<void> {
    if (this.projectId) await this.load(this.projectId);
  }

  replaceAll(list: DeviceInfo[]): void {
    this.pending.clear();
    this.bySn.replace(list.slice(0, MAX_DEVICES).map((d) => [d.sn, d]));
  }

  /** Applies a `device.status` batch at once (status changes are rare and matter immediately). */
  applyStatus(batch: DeviceStatusBatch): void {
    for (const { sn, status, atMs, online } of batch.items) {
      const d = this.bySn.get(sn);
      if (!d) continue;
      // `online` is the offline rule (a silent device keeps a warning in `status`); older servers send status only
      const reporting = online ?? (status === 'offline' ? false : d.online);
      this.bySn.set(sn, { ...d, status, online: reporting, lastSeenMs: reporting === false ? d.lastSeenMs : Math.max(d.lastSeenMs ?? 0, atMs) });
    }
  }

  /**
   * Takes the latest readings of a batch of a `series` kind (gas, tower crane; protocol/kinds `live.store`);
   * they reach the observable devices on the next flush (at most one per `flushMs`). Readings of unknown
   * devices are dropped; `positions` kinds (beacons) stay out.
   */
  applyTelemetry(batch: TelemetryBatch): void {
    const kind = DEVICE_KIND_REGISTRY.byLiveTopic(batch.topic);
    if (kind?.live?.store !== 'series') return;
    for (const item of batch.items as Array<{ sn: string; ts: number } & Record<string, unknown>>) {
      if (!this.bySn.has(item.sn)) continue;
      const prev = this.pending.get(item.sn);
      if (prev && prev.tsMs > item.ts) continue; // late message: keep the newer one
      this.pending.set(item.sn, { tsMs: item.ts, values: { ...prev?.values, ...readingsOf(item, kind.metricFields) } });
    }
    if (this.pending.size > 0 && this.flushTimer === null) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        this.flush();
      }, this.flushMs);
    }
  }

  private flush(): void {
    for (const [sn, p] of this.pending) {
      const d = this.bySn.get(sn);
      if (!d) continue;
      this.bySn.set(sn, { ...d, latest: { ...d.latest, ...p.values }, lastSeenMs: Math.max(d.lastSeenMs ?? 0, p.tsMs) });
    }
    this.pending.clear();
  }

  /** Stops the flush timer; pending readings are dropped. */
  dispose(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pending.clear();
  }
}
