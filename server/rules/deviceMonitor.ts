import { newAlarmDraft } from './newAlarm';
import { DEVICE_KIND_REGISTRY, flattenMetrics, type Alarm, type AlarmKind, type AlarmLevel, type AlarmRecord, type AlarmSide, type AnyKindDescriptor, type DeviceKind, type KindRegistry, type DeviceMessage, type DeviceStatus, type Threshold } from '../../protocol';
import { deriveStatus, isSilent, VIOLATION_WINDOW_MS } from './status';
import { crossedLimit, evaluateMetric, levelOf, NORMAL_STATE, sideOf, stateFromAlarm, type MetricState, type Side } from './thresholdState';
import type { AlarmDraft, DeviceConfig, DeviceSnapshot } from './types';
import { isClosed, mirrorHandling } from './alarmDraft';
import { SensorFaults, type FaultCondition, type FaultSettings } from './sensorFaults';

/**
 * Kinds whose silence raises an `offline` alarm (level warning): those whose descriptor's offline policy
 * says so (protocol/kinds, `offline.raisesAlarm`, with the reason for each kind).
 */
export const OFFLINE_ALARM_KINDS: readonly DeviceKind[] = DEVICE_KIND_REGISTRY.descriptors.filter((d) => d.offline.raisesAlarm).map((d) => d.kind);

/** At most this many open AI alarms (one per AI metric) are tracked per camera; beyond it the oldest is forgotten (it stays open in the database). */
export const MAX_ACTIVE_AI_PER_CAMERA = 50;

/**
 * Numeric values of a message by metric key (booleans as 0/1); these feed thresholds, `latest` and the
 * telemetry history. The kind's descriptor says where they are (protocol/kinds `metricFields`); event-driven
 * kinds (cameras) have none.
 */
export function metricValues(message: DeviceMessage): Record<string, number> {
  return DEVICE_KIND_REGISTRY.flatten(message.kind, message.msg);
}

/**
 * An open alarm's latest reading, last-seen time and peak are written at most this often (ms) while
 * nothing else about it changes, so a gas station in alarm reporting every second does not turn into one
 * database write and one push per reading. Raising, escalation, clearing and re-activation are written at
 * once. Our choice: a wall screen a few seconds behind on a figure that is already in alarm loses nothing.
 */
export const ALARM_REFRESH_MS = 10_000;

/** The side of a threshold state machine as the alarm names it. */
function alarmSide(side: Side): AlarmSide {
  return side === 'high' ? 'over' : 'below';
}

const LEVEL_RANK: Record<AlarmLevel, number> = { warning: 1, alarm: 2 };

/** The key under which one alarm at most is open: device (implicit), kind, metric and side. */
function openKey(kind: AlarmKind, metric: string, side: AlarmSide | null): string {
  return `${kind}\u0000${metric}\u0000${side ?? ''}`;
}

/**
 * Live state and rules of one device: per-metric threshold state machines with hysteresis, status
 * episodes (a beacon's SOS), events (AI violations), silence and the resulting status, all as the kind's
 * descriptor (protocol/kinds) declares them. Pure in-memory logic: time is passed in,
 * persistence happens outside (the returned drafts are written, then pushed).
 *
 * Alarm lifecycle (docs/api.md "Alarm lifecycle"): one alarm at most is open (unhandled) per kind,
 * metric and side; it is kept here until it is closed (handled and cleared). A return to normal clears
 * it; a new crossing while it is still unhandled re-activates it (repeatCount + 1) instead of raising
 * another. SOS and AI alarms never clear by themselves; handling clears them.
 */
export class DeviceMonitor {
  config: DeviceConfig;
  lastSeenMs: number | null;
  latest: Record<string, number> | null;
  status: DeviceStatus;
  private silenceFromMs: number | null;
  /**
   * Report periods of silence after which the device goes offline while it has not been heard since the
   * last restart of the server or its broker ({@link restarted}); 0 when it has been (the kind's rule applies).
   */
  private gracePeriods = 0;
  private offline = false;
  /** The descriptor of config.kind (a monitor never changes kind: the engine replaces it). */
  private readonly descriptor: AnyKindDescriptor;
  /** Threshold state machines of metrics that are not normal. */
  private readonly metrics = new Map<string, MetricState>();
  /** Status keys (a beacon's SOS) that were on in the last message: a new SOS is an off → on edge. */
  private readonly statusOn = new Set<string>();
  /** Alarms not closed yet (unhandled, or handled but still active), by openKey, oldest first. */
  private readonly open = new Map<string, AlarmDraft>();
  /** When each open alarm was last handed out for writing (ms), for ALARM_REFRESH_MS. */
  private readonly queuedAtMs = new WeakMap<AlarmDraft, number>();
  /** Metrics reported with no threshold of the device's own (judged on the kind's defaults), first seen first. */
  private readonly unconfigured = new Set<string>();
  /** The unconfigured set changed since {@link takeUnconfiguredChange} last asked. */
  private unconfiguredChanged = false;
  /** `online` as last handed out by {@link takeOnlineChange}. */
  private reportedOnline: boolean;
  /** Stuck readings, out-of-range streak, clock skew (server/rules/sensorFaults.ts). */
  private readonly faults: SensorFaults;
  /** The data-flag metric of each metric that has one (descriptor `validityFlag`). */
  private readonly validityFlags: ReadonlyMap<string, string>;

  /**
   * @param snapshot state remembered in the database
   * @param startedAtMs server start: silence is measured from here at the earliest, so a restart of the
   *   server does not turn every device offline before it had a chance to reconnect.
   * @param kinds where config.kind is described (the app's registry; tests pass their own)
   * @param faultSettings the site's overrides of the kind's sensor-fault defaults (ServerConfig.sensorFaults)
   * @throws Error when config.kind is not a registered kind
   */
  constructor(
    config: DeviceConfig,
    snapshot: DeviceSnapshot,
    startedAtMs: number,
    kinds: KindRegistry = DEVICE_KIND_REGISTRY,
    faultSettings: FaultSettings = {},
  ) {
    this.config = config;
    this.descriptor = kinds.require(config.kind);
    this.faults = new SensorFaults(this.descriptor, faultSettings);
    this.validityFlags = validityFlagsOf(this.descriptor);
    this.lastSeenMs = snapshot.lastSeenMs;
    this.latest = snapshot.latest;
    this.status = snapshot.status;
    this.silenceFromMs = snapshot.lastSeenMs === null ? null : Math.max(snapshot.lastSeenMs, startedAtMs);
    this.reportedOnline = this.online;
    for (const m of snapshot.unconfiguredMetrics ?? []) if (!this.threshold(m)) this.unconfigured.add(m);
    this.unconfiguredChanged = this.unconfigured.size !== (snapshot.unconfiguredMetrics ?? []).length;
  }

  /** Seen and not silent beyond the kind's offline rule: what "Online" means wherever it is shown (docs/domain.md). */
  get online(): boolean {
    return this.lastSeenMs !== null && !this.offline;
  }

  /**
   * Metrics the device reports with no threshold of its own, judged on the kind's defaults
   * (docs/domain.md "Unconfigured metrics"), in first-seen order.
   */
  get unconfiguredMetrics(): string[] {
    return [...this.unconfigured];
  }

  /** True once after {@link online} changed (the caller pushes it: the status alone may not have changed). */
  takeOnlineChange(): boolean {
    if (this.online === this.reportedOnline) return false;
    this.reportedOnline = this.online;
    return true;
  }

  /** True once after the unconfigured metrics changed (the caller persists {@link unconfiguredMetrics}). */
  takeUnconfiguredChange(): boolean {
    const changed = this.unconfiguredChanged;
    this.unconfiguredChanged = false;
    return changed;
  }

  /**
   * Re-adopts an open alarm read from the database (active, or cleared and unhandled) so that hysteresis,
   * episodes and repeat counting survive a restart. Call in alarm id order.
   * @returns alarms to write as cleared: an older active duplicate of the same key (the newer one is
   *   kept), or an active threshold alarm whose threshold no longer exists
   */
  restore(alarm: AlarmRecord, nowMs: number): AlarmDraft[] {
    const draft: AlarmDraft = { ...alarm };
    if (isClosed(draft)) return [];
    const out: AlarmDraft[] = [];
    // a threshold alarm is judged on the limit it was held under when last seen (a night noise alarm on
    // the night limit, protocol/kinds judgedOn), not on the one of the restart's hour
    const limit = draft.kind === 'threshold' ? this.limitOf(this.descriptor.judgedOn?.(draft.metric, draft.lastSeenMs) ?? draft.metric) : undefined;
    if (draft.kind === 'threshold' && !limit) return draft.state === 'active' ? [this.clear(draft, nowMs)] : [];
    const key = openKey(draft.kind, draft.metric, draft.side);
    const previous = this.open.get(key);
    if (previous) {
      this.open.delete(key);
      if (previous.state === 'active') out.push(this.clear(previous, nowMs));
    }
    this.open.set(key, draft);
    this.queuedAtMs.set(draft, nowMs);
    if (draft.state !== 'active') return out;
    switch (draft.kind) {
      case 'threshold': {
        const t = limit!.threshold;
        const restored = stateFromAlarm(t, draft.level, draft.threshold, draft.value, draft.side === null ? undefined : draft.side === 'over' ? 'high' : 'low');
        const current = this.metrics.get(draft.metric) ?? NORMAL_STATE;
        this.metrics.set(draft.metric, { high: restored.high !== 'normal' ? restored.high : current.high, low: restored.low !== 'normal' ? restored.low : current.low });
        break;
      }
      case 'sos':
        this.statusOn.add(draft.metric);
        break;
      case 'offline':
        this.offline = true;
        break;
      case 'fault':
        this.faults.restore(draft.metric, draft.value, draft.firstSeenMs);
        break;
      case 'ai':
      case 'zone':
        break;
    }
    return out;
  }

  /** Active threshold alarms whose condition cannot hold any more after a configuration change. */
  reconfigure(config: DeviceConfig, nowMs: number): AlarmDraft[] {
    this.config = config;
    const cleared: AlarmDraft[] = [];
    for (const m of [...this.unconfigured]) {
      if (!this.threshold(m)) continue;
      this.unconfigured.delete(m); // configured now (confirmed or edited)
      this.unconfiguredChanged = true;
    }
    for (const metric of [...this.metrics.keys()]) {
      if (this.limitOf(metric)) continue;
      this.metrics.delete(metric);
      for (const a of this.openOf('threshold', metric)) if (a.state === 'active') cleared.push(this.clear(a, nowMs));
    }
    if (!this.silenceMatters(config.reportPeriodS) && this.offline) {
      this.offline = false;
      for (const a of this.openOf('offline', 'offline')) if (a.state === 'active') cleared.push(this.clear(a, nowMs));
    }
    return cleared;
  }

  /** The device was removed (or changed kind): clears every active alarm it holds and forgets them all. */
  retire(nowMs: number): AlarmDraft[] {
    const active = [...this.open.values()].filter((a) => a.state === 'active');
    this.metrics.clear();
    this.statusOn.clear();
    this.unconfigured.clear();
    this.open.clear();
    this.offline = false;
    return active.map((a) => this.clear(a, nowMs));
  }

  /**
   * Applies an accepted message received at `nowMs` (server time).
   * @param values the message's metrics as {@link flattenMetrics} gives them (computed when omitted; the
   *   ingest path passes the ones it already has, not to flatten each message twice)
   * @returns the alarms raised, changed or cleared by it
   */
  accept(message: DeviceMessage, nowMs: number, values: Record<string, number> = flattenMetrics(this.descriptor, message.msg)): AlarmDraft[] {
    const changed: AlarmDraft[] = [];
    this.lastSeenMs = nowMs;
    this.silenceFromMs = nowMs;
    this.gracePeriods = 0;
    if (this.offline) {
      this.offline = false;
      this.faults.forgetReadings();
      for (const a of this.openOf('offline', 'offline')) if (a.state === 'active') changed.push(this.clear(a, nowMs));
    }
    const d = this.descriptor;
    for (const c of this.faults.accepted(values, message.msg.ts, nowMs)) this.applyFault(c, nowMs, changed);
    if (d.readings) this.latest = { ...this.latest, ...values };
    for (const metric in values) {
      const flag = this.validityFlags.get(metric);
      // a reading flagged anything but valid (an HJ 212 `-Flag` other than N) is stored, never judged
      if (flag !== undefined && values[flag] !== undefined && values[flag] !== 0) continue;
      const limitMetric = d.judgedOn ? d.judgedOn(metric, nowMs) : metric;
      const limit = this.limitOf(limitMetric);
      if (!limit) continue;
      if (limit.source === 'default' && !this.unconfigured.has(limitMetric)) {
        this.unconfigured.add(limitMetric);
        this.unconfiguredChanged = true;
      }
      const t = limitMetric === metric ? limit.threshold : { ...limit.threshold, metric };
      changed.push(...this.evaluate(t, values[metric], nowMs, limit.source));
    }
    for (const status of d.statuses) {
      const on = status.decode(message.msg);
      const wasOn = this.statusOn.has(status.key);
      if (on && !wasOn) {
        this.statusOn.add(status.key);
        changed.push(this.occur(status.alarm.kind, status.alarm.level, status.key, null, nowMs, { value: 1 }));
      } else if (on) {
        const a = this.open.get(openKey(status.alarm.kind, status.key, null));
        if (a && a.state === 'active') this.seen(a, nowMs, changed);
      } else if (!on && wasOn) {
        // the beacon let go of SOS: the alarm stays active until it is handled (it never clears by itself)
        this.statusOn.delete(status.key);
      }
    }
    if (d.event) {
      const e = d.event.decode(message.msg);
      changed.push(this.occur(d.event.alarm.kind, d.event.alarm.level, e.metric, null, nowMs, { picUrl: e.picUrl }));
      const ai = [...this.open.values()].filter((a) => a.kind === 'ai');
      // bounded: distinct AI metrics per camera; the oldest is forgotten (it stays open in the database)
      for (let i = 0; i < ai.length - MAX_ACTIVE_AI_PER_CAMERA; i++) this.open.delete(openKey('ai', ai[i].metric, null));
    }
    return unique(changed);
  }

  /**
   * A message of this device refused for a reading outside a metric's physical range (ingest, received at
   * `nowMs`): the streak of such messages raises a `fault` warning at the kind's outOfRangeStreak.
   * @returns the alarms it raised or refreshed
   */
  refusedReading(nowMs: number): AlarmDraft[] {
    const changed: AlarmDraft[] = [];
    this.applyFault(this.faults.refused(), nowMs, changed);
    return changed;
  }

  /** A sensor-fault condition: raises, refreshes or clears the `fault` alarm of its metric. */
  private applyFault(c: FaultCondition, nowMs: number, out: AlarmDraft[]): void {
    const a = this.open.get(openKey('fault', c.metric, null));
    if (c.active) {
      if (a && a.state === 'active') {
        a.value = c.value;
        this.seen(a, nowMs, out);
      } else out.push(this.occur('fault', 'warning', c.metric, null, nowMs, { value: c.value, threshold: c.threshold, unit: c.unit }));
    } else if (a && a.state === 'active') out.push(this.clear(a, nowMs));
  }

  /**
   * The server or its MQTT broker (re)started at `atMs` (docs/domain.md "Offline after a restart"): devices
   * reconnect in a storm, so silence is measured from then at the earliest, and until the device is heard
   * again it goes offline (and raises its `offline` alarm) only after `gracePeriods` report periods of
   * silence when that is more than its kind's rule. A device already offline stays so.
   */
  restarted(atMs: number, gracePeriods: number): void {
    if (this.offline || this.silenceFromMs === null) return;
    this.silenceFromMs = Math.max(this.silenceFromMs, atMs);
    this.gracePeriods = gracePeriods;
  }

  /**
   * Whether this device's silence can make it offline: it reports every period (a period of 0 marks an
   * event-driven device), and its kind is not one that only sends events (descriptor `offline.eventOnly`:
   * a camera or gate added with a period still sees nothing for hours).
   */
  private silenceMatters(reportPeriodS: number): boolean {
    return reportPeriodS > 0 && this.descriptor.offline.eventOnly !== true;
  }

  /**
   * Time passing: silence beyond the kind's offline periods (3) of reporting turns the device offline (and
   * raises, or re-activates, an `offline` alarm when its offline policy says so). AI alarms do not clear
   * with time; the camera's `violation` status ends VIOLATION_WINDOW_MS after the last event.
   */
  tick(nowMs: number): AlarmDraft[] {
    const changed: AlarmDraft[] = [];
    const periods = Math.max(this.descriptor.offline.periods, this.gracePeriods);
    if (!this.offline && this.silenceMatters(this.config.reportPeriodS) && isSilent(this.silenceFromMs, this.config.reportPeriodS, nowMs, periods)) {
      this.offline = true;
      if (this.descriptor.offline.raisesAlarm) changed.push(this.occur('offline', 'warning', 'offline', null, nowMs, {}));
    }
    return changed;
  }

  /**
   * Mirrors a handling or acknowledgement made through REST into the engine's copy (the database row is
   * the truth: REST wrote it first). A handled alarm that is cleared is closed and forgotten; a handled
   * threshold or offline alarm that is still active is kept until its condition clears.
   */
  dealt(alarm: Alarm): void {
    for (const [key, mine] of this.open) {
      if (mine.alarmId !== alarm.alarmId) continue;
      mirrorHandling(mine, alarm);
      if (alarm.state === 'cleared' && mine.state === 'active' && (mine.kind === 'sos' || mine.kind === 'ai')) {
        // handling cleared it (SOS and AI alarms never clear by themselves)
        mine.state = 'cleared';
        mine.clearedAtMs = alarm.clearedAtMs;
      }
      if (isClosed(mine)) this.open.delete(key);
      return;
    }
  }

  /** Alarms this device holds open (unhandled, or handled and still active), oldest first. */
  openAlarms(): AlarmDraft[] {
    return [...this.open.values()];
  }

  /** Recomputes the status; returns it when it changed, else null. */
  updateStatus(nowMs?: number): DeviceStatus | null {
    const levels = [...this.metrics.values()].map((m) => levelOf(m));
    let violation = false;
    for (const a of this.open.values()) {
      if ((a.kind === 'sos' || a.kind === 'fault') && a.state === 'active') levels.push(a.level);
      if (a.kind === 'ai' && a.dealStatus === 0 && (nowMs === undefined || nowMs - a.lastSeenMs < VIOLATION_WINDOW_MS)) violation = true;
    }
    const next = deriveStatus({ seen: this.lastSeenMs !== null, offline: this.offline, levels, violation });
    if (next === this.status) return null;
    this.status = next;
    return next;
  }

  /** Current level of a metric (`normal` when it never fired). */
  levelOf(metric: string): 'normal' | AlarmLevel {
    const state = this.metrics.get(metric);
    return state ? levelOf(state) : 'normal';
  }

  private threshold(metric: string): Threshold | undefined {
    return this.config.thresholds.find((t) => t.metric === metric);
  }

  /**
   * The limit a reading of `metric` is judged on: the device's own threshold, else the kind's default in
   * the project (config.kindDefaults, else the descriptor's); undefined when neither has one.
   */
  private limitOf(metric: string): { threshold: Threshold; source: 'device' | 'default' } | undefined {
    const own = this.threshold(metric);
    if (own) return { threshold: own, source: 'device' };
    const def = this.config.kindDefaults
      ? this.config.kindDefaults.find((t) => t.metric === metric)
      : this.descriptor.thresholds.find((d) => d.threshold.metric === metric)?.threshold;
    return def ? { threshold: def, source: 'default' } : undefined;
  }

  private openOf(kind: AlarmKind, metric: string): AlarmDraft[] {
    return [...this.open.values()].filter((a) => a.kind === kind && a.metric === metric);
  }

  /** Runs one metric's state machine; returns the alarm drafts it changed. */
  private evaluate(t: Threshold, value: number, nowMs: number, limitSource: 'device' | 'default'): AlarmDraft[] {
    const prev = this.metrics.get(t.metric) ?? NORMAL_STATE;
    const prevLevel = levelOf(prev);
    const prevSide = sideOf(prev);
    const state = evaluateMetric(t, prev, value);
    const level = levelOf(state);
    const side = sideOf(state);
    if (level === 'normal') this.metrics.delete(t.metric);
    else this.metrics.set(t.metric, state);

    const changed: AlarmDraft[] = [];
    if (level === prevLevel && side === prevSide) {
      if (side === null) return changed;
      const a = this.open.get(openKey('threshold', t.metric, alarmSide(side)));
      if (a && a.state === 'active') {
        a.value = value;
        a.limitSource = limitSource;
        this.seen(a, nowMs, changed);
      }
      return changed;
    }
    if (prevSide !== null && (level === 'normal' || side !== prevSide)) {
      // back to normal, or crossed from hypoxia straight to hyperoxia: the old side clears
      const a = this.open.get(openKey('threshold', t.metric, alarmSide(prevSide)));
      if (a && a.state === 'active') changed.push(this.clear(a, nowMs));
    }
    if (side === null || level === 'normal') return changed;
    changed.push(this.occur('threshold', level, t.metric, alarmSide(side), nowMs, { value, threshold: crossedLimit(t, state), unit: t.unit, limitSource }));
    return changed;
  }

  /**
   * The condition of (kind, metric, side) holds at `level`: escalates or refreshes the open alarm when it
   * is active, re-activates it (repeatCount + 1) when it was cleared and is still unhandled, else raises a
   * new one. @returns the alarm to write
   */
  private occur(kind: AlarmKind, level: AlarmLevel, metric: string, side: AlarmSide | null, nowMs: number, fields: Partial<AlarmDraft>): AlarmDraft {
    const key = openKey(kind, metric, side);
    const a = this.open.get(key);
    if (!a || isClosed(a)) {
      const raised = this.draft(kind, level, metric, side, nowMs, fields);
      this.open.delete(key);
      this.open.set(key, raised);
      this.queuedAtMs.set(raised, nowMs);
      return raised;
    }
    // an active alarm on an edge (SOS pressed again without handling, an AI event, an escalation)
    // or a cleared one coming back: counted once more unless it only changed level while active
    if (a.state === 'cleared' || kind === 'sos' || kind === 'ai' || kind === 'offline') a.repeatCount++;
    Object.assign(a, fields);
    a.level = level;
    if (LEVEL_RANK[level] > LEVEL_RANK[a.peakLevel]) a.peakLevel = level;
    a.state = 'active';
    a.clearedAtMs = null;
    a.lastSeenMs = nowMs;
    a.peakValue = worse(side, a.peakValue, a.value);
    this.queuedAtMs.set(a, nowMs);
    return a;
  }

  /** The condition of an active alarm is seen again unchanged: refreshes it, written at most every ALARM_REFRESH_MS. */
  private seen(a: AlarmDraft, nowMs: number, out: AlarmDraft[]): void {
    a.lastSeenMs = nowMs;
    a.peakValue = worse(a.side, a.peakValue, a.value);
    if (nowMs - (this.queuedAtMs.get(a) ?? 0) < ALARM_REFRESH_MS) return;
    this.queuedAtMs.set(a, nowMs);
    out.push(a);
  }

  private draft(kind: AlarmKind, level: AlarmLevel, metric: string, side: AlarmSide | null, nowMs: number, extra: Partial<AlarmDraft>): AlarmDraft {
    const d: AlarmDraft = {
      ...newAlarmDraft({ projectId: this.config.projectId, deviceSn: this.config.sn, deviceKind: this.config.kind, deviceName: this.config.name, kind, level, metric, side }, nowMs),
      ...extra,
    };
    d.peakValue = d.value;
    return d;
  }

  /** Marks an alarm cleared (its condition is over); a handled one is closed and forgotten. */
  private clear(draft: AlarmDraft, nowMs: number): AlarmDraft {
    draft.state = 'cleared';
    draft.clearedAtMs = nowMs;
    if (isClosed(draft)) {
      for (const [key, a] of this.open) if (a === draft) this.open.delete(key);
    }
    return draft;
  }
}

/** Data-flag metrics by the metric they qualify, per descriptor (computed once per kind, not per device). */
const VALIDITY_FLAGS = new WeakMap<AnyKindDescriptor, ReadonlyMap<string, string>>();
function validityFlagsOf(d: AnyKindDescriptor): ReadonlyMap<string, string> {
  let flags = VALIDITY_FLAGS.get(d);
  if (!flags) {
    flags = new Map(d.metrics.flatMap((m) => (m.validityFlag ? [[m.key, m.validityFlag] as const] : [])));
    VALIDITY_FLAGS.set(d, flags);
  }
  return flags;
}

/** The worse of two readings on a side: the higher over a high limit, the lower under a low one. */
function worse(side: AlarmSide | null, a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null || side === null) return a;
  return side === 'below' ? Math.min(a, b) : Math.max(a, b);
}

/** Drafts in order, each once (a draft changed twice by one message is written once with its last state). */
function unique(drafts: AlarmDraft[]): AlarmDraft[] {
  return [...new Set(drafts)];
}
