import { DEVICE_KIND_REGISTRY, type Alarm, type AlarmRecord, type DeviceMessage, type Zone } from '../../protocol';
import { DeviceMonitor } from './deviceMonitor';
import type { FaultSettings } from './sensorFaults';
import type { AlarmDraft, DeviceConfig, DeviceSnapshot, Effects, StatusChange, ZoneStats } from './types';
import { ZoneRules, type PortalCrossingRecord, type ZoneRulesOptions, type ZoneWearer } from './zoneRules';
import type { PortalCountsOfDay } from './portalCounts';

/**
 * The site's rule settings (ServerConfig): personnel zone limits (`zones`, ServerConfig.personnelRules), sensor
 * faults (`faults`, ServerConfig.sensorFaults), and the report periods a device not heard since a start or a
 * broker reconnect may stay silent before it is offline (`offlineGracePeriods`, OFFLINE_GRACE_PERIODS; 0: the
 * kind's own rule).
 */
export interface RulesOptions {
  zones?: ZoneRulesOptions;
  faults?: FaultSettings;
  offlineGracePeriods?: number;
}

/** The rules of every known device, per project. Pure in-memory logic: time is passed in. */
export class RulesEngine {
  private readonly projects = new Map<string, Map<string, DeviceMonitor>>();
  /** Personnel zone rules per project (server/rules/zoneRules.ts); a project without zones has none. */
  private readonly zoneRules = new Map<string, ZoneRules>();

  private readonly zoneOptions: ZoneRulesOptions;
  private readonly faultSettings: FaultSettings;
  private readonly offlineGracePeriods: number;

  /**
   * @param startedAtMs server start (ms); silence is measured from here at the earliest.
   * @param opts the site's rule settings; each absent one takes its default.
   */
  constructor(
    private readonly startedAtMs: number,
    opts: RulesOptions = {},
  ) {
    this.zoneOptions = opts.zones ?? {};
    this.faultSettings = opts.faults ?? {};
    this.offlineGracePeriods = opts.offlineGracePeriods ?? 0;
  }

  /**
   * Replaces the device list of a project (start, or REST changed devices/thresholds). Devices that
   * stay keep their live state; removed devices are dropped with their alarms cleared; new ones start
   * from their snapshot.
   */
  setDevices(projectId: string, devices: Array<{ config: DeviceConfig; snapshot: DeviceSnapshot }>, nowMs: number): Effects {
    const effects: Effects = { alarms: [], statuses: [] };
    const previous = this.projects.get(projectId) ?? new Map<string, DeviceMonitor>();
    const next = new Map<string, DeviceMonitor>();
    for (const { config, snapshot } of devices) {
      const existing = previous.get(config.sn);
      if (existing && existing.config.kind === config.kind) {
        effects.alarms.push(...existing.reconfigure(config, nowMs));
        next.set(config.sn, existing);
        this.collectStatus(existing, nowMs, effects.statuses);
        collectUnconfigured(existing, effects);
      } else {
        const monitor = new DeviceMonitor(config, snapshot, this.startedAtMs, DEVICE_KIND_REGISTRY, this.faultSettings);
        if (this.offlineGracePeriods > 0) monitor.restarted(this.startedAtMs, this.offlineGracePeriods);
        next.set(config.sn, monitor);
        collectUnconfigured(monitor, effects);
      }
    }
    for (const [sn, monitor] of previous) {
      if (next.get(sn) !== monitor) effects.alarms.push(...monitor.retire(nowMs));
    }
    if (next.size > 0) this.projects.set(projectId, next);
    else this.projects.delete(projectId);
    return effects;
  }

  /** Project ids with at least one device. */
  projectIds(): string[] {
    return [...this.projects.keys()];
  }

  /** The device, or undefined when it is not known in that project (unknown devices are never created). */
  device(projectId: string, sn: string): DeviceMonitor | undefined {
    return this.projects.get(projectId)?.get(sn);
  }

  /** Devices of a project (empty when unknown). */
  devices(projectId: string): ReadonlyMap<string, DeviceMonitor> {
    return this.projects.get(projectId) ?? new Map();
  }

  /**
   * Re-adopts an open alarm from the database (active, or cleared and unhandled; call after setDevices,
   * before the first message, in alarm id order). An active alarm of a device that no longer exists is
   * cleared.
   * @returns alarms to write as cleared
   */
  restoreAlarm(alarm: AlarmRecord, nowMs: number): AlarmDraft[] {
    if (alarm.kind === 'zone') {
      this.zonesOf(alarm.projectId).restore(alarm);
      return [];
    }
    const monitor = this.device(alarm.projectId, alarm.deviceSn);
    if (monitor) return monitor.restore(alarm, nowMs);
    return alarm.state === 'active' ? [{ ...alarm, state: 'cleared', clearedAtMs: nowMs }] : [];
  }

  /**
   * Applies an accepted message of a known device, received at `nowMs`; `values` are its flattened metrics
   * when the caller has them (see DeviceMonitor.accept).
   */
  accept(projectId: string, sn: string, message: DeviceMessage, nowMs: number, values?: Record<string, number>): Effects {
    const monitor = this.device(projectId, sn);
    const effects: Effects = { alarms: [], statuses: [] };
    if (!monitor) return effects;
    effects.alarms = monitor.accept(message, nowMs, values);
    // positioned kinds (the descriptor's position fields) feed the project's zone rules
    const position = DEVICE_KIND_REGISTRY.get(monitor.config.kind)?.position;
    const zones = this.zoneRules.get(projectId);
    if (position && zones) {
      const msg = message.msg as unknown as Record<string, unknown>;
      const tunnelId = msg[position.tunnelIdField];
      const chainageM = msg[position.chainageMField];
      if (typeof tunnelId === 'string' && typeof chainageM === 'number') {
        const worn = typeof msg.worn === 'boolean' ? msg.worn : undefined; // beacon worn sensor (optional)
        effects.alarms.push(...zones.fix(sn, { name: monitor.config.name, kind: monitor.config.kind }, tunnelId, chainageM, nowMs, worn));
      }
    }
    this.collectStatus(monitor, nowMs, effects.statuses);
    collectUnconfigured(monitor, effects);
    return effects;
  }

  /**
   * A message of a known device refused for a reading outside a metric's physical range, received at
   * `nowMs` (docs/domain.md "Sensor faults": the streak raises a `fault` warning).
   */
  refusedReading(projectId: string, sn: string, nowMs: number): Effects {
    const monitor = this.device(projectId, sn);
    const effects: Effects = { alarms: [], statuses: [] };
    if (!monitor) return effects;
    effects.alarms = monitor.refusedReading(nowMs);
    this.collectStatus(monitor, nowMs, effects.statuses);
    return effects;
  }

  /**
   * Replaces a project's zones and the registry's wearers (start, or after an edit); changed zone alarms
   * are returned to write. `portal`: today's portal counts stored before a restart (server/rules/portalCounts.ts).
   */
  setZones(projectId: string, zones: readonly Zone[], wearers: ReadonlyMap<string, ZoneWearer>, nowMs: number, portal?: PortalCountsOfDay): Effects {
    const rules = this.zonesOf(projectId);
    rules.forget(new Set(this.devices(projectId).keys()));
    const alarms = rules.configure(zones, wearers, nowMs);
    if (portal) rules.restorePortalCounts(portal, nowMs);
    return { alarms, statuses: [] };
  }

  /**
   * Adds today's portal crossings counted before this engine started (the demo backfill, server/simulator/
   * backfillRules.ts) to the project's live counts; another day's counts are ignored.
   */
  addPortalCounts(projectId: string, day: PortalCountsOfDay, nowMs: number): void {
    this.zonesOf(projectId).addPortalCounts(day, nowMs);
  }

  /** The portal crossings every project's zone rules counted since the last call, oldest first per project. */
  takeCrossings(): PortalCrossingRecord[] {
    return [...this.zoneRules.values()].flatMap((r) => r.takeCrossings());
  }

  /** What the zone rules of a project know now (people screens, docs/api.md "People and zones"). */
  zoneStats(projectId: string, nowMs: number): ZoneStats {
    const rules = this.zonesOf(projectId);
    return { headcount: rules.headcounts(nowMs), portal: rules.portalCounts(nowMs), position: (sn) => rules.position(sn) };
  }

  /** The zone rules of a project (created empty on first use). */
  private zonesOf(projectId: string): ZoneRules {
    let rules = this.zoneRules.get(projectId);
    if (!rules) {
      rules = new ZoneRules(projectId, this.zoneOptions);
      this.zoneRules.set(projectId, rules);
    }
    return rules;
  }

  /**
   * The MQTT broker came back at `nowMs` (the server's connection to an external broker was re-established):
   * every device reconnects, so each gets the same grace as after a server start (DeviceMonitor.restarted).
   */
  brokerRestarted(nowMs: number): void {
    for (const devices of this.projects.values()) for (const monitor of devices.values()) monitor.restarted(nowMs, this.offlineGracePeriods);
  }

  /** Time passing for every device (offline detection, end of the AI violation window). O(devices). */
  tick(nowMs: number): Effects {
    const effects: Effects = { alarms: [], statuses: [] };
    for (const devices of this.projects.values()) {
      for (const monitor of devices.values()) {
        effects.alarms.push(...monitor.tick(nowMs));
        this.collectStatus(monitor, nowMs, effects.statuses);
      }
    }
    for (const rules of this.zoneRules.values()) effects.alarms.push(...rules.tick(nowMs));
    return effects;
  }

  /** An alarm was handled or acknowledged through REST: mirror it (a handled AI alarm no longer makes a violation, a handled SOS no longer an alarm). */
  alarmDealt(alarm: Alarm, nowMs: number): StatusChange[] {
    if (alarm.kind === 'zone') {
      this.zoneRules.get(alarm.projectId)?.dealt(alarm);
      return [];
    }
    const monitor = this.device(alarm.projectId, alarm.deviceSn);
    const statuses: StatusChange[] = [];
    if (!monitor) return statuses;
    monitor.dealt(alarm);
    this.collectStatus(monitor, nowMs, statuses);
    return statuses;
  }

  private collectStatus(monitor: DeviceMonitor, nowMs: number, out: StatusChange[]): void {
    const status = monitor.updateStatus(nowMs);
    const flipped = monitor.takeOnlineChange();
    if (status !== null || flipped) out.push({ projectId: monitor.config.projectId, sn: monitor.config.sn, status: monitor.status, online: monitor.online, atMs: nowMs });
  }
}

/** Adds the device's unconfigured metrics to `effects` when they changed (docs/domain.md "Unconfigured metrics"). */
function collectUnconfigured(monitor: DeviceMonitor, effects: Effects): void {
  if (!monitor.takeUnconfiguredChange()) return;
  (effects.unconfigured ??= []).push({ projectId: monitor.config.projectId, sn: monitor.config.sn, metrics: monitor.unconfiguredMetrics });
}
