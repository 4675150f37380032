import { DEVICE_KIND_REGISTRY, flattenMetrics, type Alarm, type AlarmKind, type AlarmLevel, type AnyKindDescriptor, type DeviceKind, type KindRegistry, type DeviceMessage, type DeviceStatus, type Threshold } from '../../protocol';
import { deriveStatus, isSilent, VIOLATION_WINDOW_MS } from './status';
import { crossedLimit, evaluateMetric, levelOf, NORMAL_STATE, sideOf, stateFromAlarm, type MetricState } from './thresholdState';
import type { AlarmDraft, DeviceConfig, DeviceSnapshot } from './types';

/**
 * Kinds whose silence raises an `offline` alarm (level warning): those whose descriptor's offline policy
 * says so (protocol/kinds, `offline.raisesAlarm`, with the reason for each kind).
 */
export const OFFLINE_ALARM_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => d.offline.raisesAlarm).map((d) => d.kind);

/** At most this many active AI alarms are tracked per camera; older ones are cleared early. */
export const MAX_ACTIVE_AI_PER_CAMERA = 50;

/**
 * Numeric values of a message by metric key (booleans as 0/1); these feed thresholds, `latest` and the
 * telemetry history. The kind's descriptor says where they are (protocol/kinds `metricFields`); event-driven
 * kinds (cameras) have none.
 */
export function metricValues(message: DeviceMessage): Record<string, number> {
  return DEVICE_KIND_REGISTRY.flatten(message.kind, message.msg);
}

interface MetricEntry {
  state: MetricState;
  alarm: AlarmDraft | null;
}

/**
 * Live state and rules of one device: per-metric threshold state machines with hysteresis, status
 * episodes (a beacon's SOS), events (AI violations), silence and the resulting status, all as the kind's
 * descriptor (protocol/kinds) declares them. Pure in-memory logic: time is passed in,
 * persistence happens outside (the returned drafts are written, then pushed).
 */
export class DeviceMonitor {
  config: DeviceConfig;
  lastSeenMs: number | null;
  latest: Record<string, number> | null;
  status: DeviceStatus;
  private silenceFromMs: number | null;
  private offline = false;
  private offlineAlarm: AlarmDraft | null = null;
  /** Active status episodes (a beacon's SOS) by status key. */
  private readonly statusAlarms = new Map<string, AlarmDraft>();
  /** The descriptor of config.kind (a monitor never changes kind: the engine replaces it). */
  private readonly descriptor: AnyKindDescriptor;
  private readonly metrics = new Map<string, MetricEntry>();
  /** Active AI alarms, oldest first. */
  private aiAlarms: AlarmDraft[] = [];

  /**
   * @param snapshot state remembered in the database
   * @param startedAtMs server start: silence is measured from here at the earliest, so a restart of the
   *   server does not turn every device offline before it had a chance to reconnect.
   * @param kinds where config.kind is described (the app's registry; tests pass their own)
   * @throws Error when config.kind is not a registered kind
   */
  constructor(config: DeviceConfig, snapshot: DeviceSnapshot, startedAtMs: number, kinds: KindRegistry = DEVICE_KIND_REGISTRY) {
    this.config = config;
    this.descriptor = kinds.require(config.kind);
    this.lastSeenMs = snapshot.lastSeenMs;
    this.latest = snapshot.latest;
    this.status = snapshot.status;
    this.silenceFromMs = snapshot.lastSeenMs === null ? null : Math.max(snapshot.lastSeenMs, startedAtMs);
  }

  /**
   * Re-adopts an active alarm read from the database so that hysteresis and episodes survive a restart.
   * @returns alarms to clear: a duplicate active episode (the older one), or a threshold alarm whose
   *   threshold no longer exists
   */
  restore(alarm: Alarm, nowMs: number): AlarmDraft[] {
    const draft: AlarmDraft = { ...alarm };
    const superseded = (previous: AlarmDraft | null | undefined) => (previous ? [this.clear(previous, nowMs)] : []);
    switch (alarm.kind) {
      case 'threshold': {
        const t = this.threshold(alarm.metric);
        if (!t) return [this.clear(draft, nowMs)];
        const previous = this.metrics.get(alarm.metric)?.alarm;
        this.metrics.set(alarm.metric, { state: stateFromAlarm(t, alarm.level, alarm.threshold, alarm.value), alarm: draft });
        return superseded(previous);
      }
      case 'sos': {
        const previous = this.statusAlarms.get(alarm.metric);
        this.statusAlarms.set(alarm.metric, draft);
        return superseded(previous);
      }
      case 'offline': {
        const previous = this.offlineAlarm;
        this.offline = true;
        this.offlineAlarm = draft;
        return superseded(previous);
      }
      case 'ai':
        this.aiAlarms.push(draft);
        this.aiAlarms.sort((a, b) => a.raisedAtMs - b.raisedAtMs);
        return [];
    }
  }

  /** Active threshold/SOS alarms whose condition cannot hold any more after a configuration change. */
  reconfigure(config: DeviceConfig, nowMs: number): AlarmDraft[] {
    this.config = config;
    const cleared: AlarmDraft[] = [];
    for (const [metric, entry] of this.metrics) {
      if (this.threshold(metric)) continue;
      if (entry.alarm) cleared.push(this.clear(entry.alarm, nowMs));
      this.metrics.delete(metric);
    }
    if (config.reportPeriodS <= 0 && this.offlineAlarm) {
      cleared.push(this.clear(this.offlineAlarm, nowMs));
      this.offlineAlarm = null;
      this.offline = false;
    }
    return cleared;
  }

  /** The device was removed (or changed kind): clears every active alarm it holds. */
  retire(nowMs: number): AlarmDraft[] {
    const active = [...[...this.metrics.values()].map((m) => m.alarm), ...this.statusAlarms.values(), this.offlineAlarm, ...this.aiAlarms];
    this.metrics.clear();
    this.statusAlarms.clear();
    this.offlineAlarm = null;
    this.aiAlarms = [];
    return active.filter((a): a is AlarmDraft => a !== null).map((a) => this.clear(a, nowMs));
  }

  /**
   * Applies an accepted message received at `nowMs` (server time).
   * @returns the alarms raised, changed or cleared by it
   */
  accept(message: DeviceMessage, nowMs: number): AlarmDraft[] {
    const changed: AlarmDraft[] = [];
    this.lastSeenMs = nowMs;
    this.silenceFromMs = nowMs;
    if (this.offline) {
      this.offline = false;
      if (this.offlineAlarm) changed.push(this.clear(this.offlineAlarm, nowMs));
      this.offlineAlarm = null;
    }
    const d = this.descriptor;
    const values = flattenMetrics(d, message.msg);
    if (d.readings) this.latest = { ...this.latest, ...values };
    for (const [metric, value] of Object.entries(values)) {
      const t = this.threshold(metric);
      if (t) changed.push(...this.evaluate(t, value, nowMs));
    }
    for (const status of d.statuses) {
      const on = status.decode(message.msg);
      const active = this.statusAlarms.get(status.key);
      if (on && !active) {
        const raised = this.draft(status.alarm.kind, status.alarm.level, status.key, nowMs, { value: 1 });
        this.statusAlarms.set(status.key, raised);
        changed.push(raised);
      } else if (!on && active) {
        changed.push(this.clear(active, nowMs));
        this.statusAlarms.delete(status.key);
      }
    }
    if (d.event) {
      const e = d.event.decode(message.msg);
      const ai = this.draft(d.event.alarm.kind, d.event.alarm.level, e.metric, nowMs, { picUrl: e.picUrl });
      this.aiAlarms.push(ai);
      changed.push(ai);
      while (this.aiAlarms.length > MAX_ACTIVE_AI_PER_CAMERA) changed.push(this.clear(this.aiAlarms.shift()!, nowMs));
    }
    return changed;
  }

  /**
   * Time passing: silence beyond the kind's offline periods (3) of reporting turns the device offline (and
   * raises an `offline` alarm when its offline policy says so); AI alarms older than VIOLATION_WINDOW_MS
   * are cleared.
   */
  tick(nowMs: number): AlarmDraft[] {
    const changed: AlarmDraft[] = [];
    if (!this.offline && isSilent(this.silenceFromMs, this.config.reportPeriodS, nowMs, this.descriptor.offline.periods)) {
      this.offline = true;
      if (this.descriptor.offline.raisesAlarm) {
        this.offlineAlarm = this.draft('offline', 'warning', 'offline', nowMs, {});
        changed.push(this.offlineAlarm);
      }
    }
    while (this.aiAlarms.length > 0 && nowMs - this.aiAlarms[0].raisedAtMs >= VIOLATION_WINDOW_MS) {
      changed.push(this.clear(this.aiAlarms.shift()!, nowMs));
    }
    return changed;
  }

  /**
   * Mirrors a handling change made through REST (dealStatus, remark) into the engine's copy, so an AI
   * alarm that was handled stops counting as a violation and later writes do not carry stale fields.
   */
  dealt(alarm: Alarm): void {
    const drafts = [...this.aiAlarms, ...this.statusAlarms.values(), this.offlineAlarm, ...[...this.metrics.values()].map((m) => m.alarm)];
    const mine = drafts.find((d) => d !== null && d.alarmId === alarm.alarmId);
    if (!mine) return;
    mine.dealStatus = alarm.dealStatus;
    mine.dealRemark = alarm.dealRemark;
    mine.dealtBy = alarm.dealtBy;
    mine.dealtAtMs = alarm.dealtAtMs;
  }

  /** Recomputes the status; returns it when it changed, else null. */
  updateStatus(): DeviceStatus | null {
    const levels = [...this.metrics.values()].map((m) => levelOf(m.state));
    for (const a of this.statusAlarms.values()) levels.push(a.level);
    const next = deriveStatus({
      seen: this.lastSeenMs !== null,
      offline: this.offline,
      levels,
      violation: this.aiAlarms.some((a) => a.dealStatus === 0),
    });
    if (next === this.status) return null;
    this.status = next;
    return next;
  }

  /** Current level of a metric (`normal` when it never fired). */
  levelOf(metric: string): 'normal' | AlarmLevel {
    const entry = this.metrics.get(metric);
    return entry ? levelOf(entry.state) : 'normal';
  }

  private threshold(metric: string): Threshold | undefined {
    return this.config.thresholds.find((t) => t.metric === metric);
  }

  /** Runs one metric's state machine; returns the alarm drafts it changed. */
  private evaluate(t: Threshold, value: number, nowMs: number): AlarmDraft[] {
    const entry = this.metrics.get(t.metric) ?? { state: NORMAL_STATE, alarm: null };
    const prevLevel = levelOf(entry.state);
    const prevSide = sideOf(entry.state);
    const state = evaluateMetric(t, entry.state, value);
    const level = levelOf(state);
    const side = sideOf(state);
    entry.state = state;
    if (level === 'normal') this.metrics.delete(t.metric);
    else this.metrics.set(t.metric, entry);
    if (level === prevLevel && side === prevSide) return [];

    const changed: AlarmDraft[] = [];
    if (entry.alarm && (level === 'normal' || side !== prevSide)) {
      // cleared, or crossed from hypoxia straight to hyperoxia: that is a new episode on the other side
      changed.push(this.clear(entry.alarm, nowMs));
      entry.alarm = null;
    }
    if (level === 'normal') return changed;
    const fields = { value, threshold: crossedLimit(t, state), unit: t.unit };
    if (entry.alarm) Object.assign(entry.alarm, { level }, fields);
    else entry.alarm = this.draft('threshold', level, t.metric, nowMs, fields);
    changed.push(entry.alarm);
    return changed;
  }

  private draft(kind: AlarmKind, level: AlarmLevel, metric: string, nowMs: number, extra: Partial<AlarmDraft>): AlarmDraft {
    return {
      alarmId: null,
      projectId: this.config.projectId,
      deviceSn: this.config.sn,
      deviceKind: this.config.kind,
      deviceName: this.config.name,
      kind,
      level,
      metric,
      value: null,
      threshold: null,
      unit: null,
      raisedAtMs: nowMs,
      clearedAtMs: null,
      state: 'active',
      dealStatus: 0,
      dealRemark: null,
      dealtBy: null,
      dealtAtMs: null,
      picUrl: null,
      ...extra,
    };
  }

  private clear(draft: AlarmDraft, nowMs: number): AlarmDraft {
    draft.state = 'cleared';
    draft.clearedAtMs = nowMs;
    return draft;
  }
}
