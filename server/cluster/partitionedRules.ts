import type { Alarm, AlarmRecord, DeviceMessage, Zone } from '../../protocol';
import type { DeviceMonitor } from '../rules/deviceMonitor';
import type { LoadedDevice } from '../rules/deviceStore';
import { RulesEngine, type RulesOptions } from '../rules/engine';
import { NO_ZONE_STATS, type Effects, type StatusChange, type ZoneStats } from '../rules/types';
import type { PortalCrossingRecord, ZoneWearer } from '../rules/zoneRules';
import { deviceFilter, partitionOf } from './partitions';

/** What the live pipeline asks of its rules: {@link RulesEngine} on one node, {@link PartitionedRules} in a cluster. */
export type Rules = Pick<RulesEngine, 'setDevices' | 'projectIds' | 'device' | 'devices' | 'restoreAlarm' | 'accept' | 'refusedReading' | 'tick' | 'alarmDealt' | 'setZones' | 'zoneStats' | 'takeCrossings'>;


/**
 * The rules of the partitions this node owns in a cluster (docs/operations.md "Cluster"): one
 * {@link RulesEngine} per owned partition, holding only that partition's devices. A device of a partition
 * owned elsewhere is unknown here (its messages never arrive here, its offline timer does not run here).
 * Adopting a partition builds its state from the database (devices, then open alarms, as a restart does);
 * dropping it forgets that state without any effect, since the next owner reads it back.
 *
 * Zones span a project: every positioned device of a project (beacons) and the project's zone rules live
 * in one partition, the project partition (server/cluster/partitions.ts `projectWideKind`), so headcount,
 * over-headcount and portal counts see all of the project's people, on the one node that owns it.
 */
export class PartitionedRules implements Rules {
  private readonly engines = new Map<number, RulesEngine>();
  /** The engine holding each known device, by project then sn: the per-message lookup, without hashing. */
  private readonly located = new Map<string, Map<string, RulesEngine>>();
  /** The latest zones of each project, given to its project partition when adopted later. */
  private readonly zoneConfig = new Map<string, { zones: readonly Zone[]; wearers: ReadonlyMap<string, ZoneWearer> }>();

  /**
   * @param count CLUSTER_PARTITIONS
   * @param rules the site's rule settings of every partition's engine (RulesEngine); a partition taken over is
   *   a restart for its devices (offline grace)
   */
  constructor(
    readonly count: number,
    private readonly rules: RulesOptions = {},
  ) {}

  /** The partition of a device of `kind` (or of an alarm, with `zone` for zone alarms). */
  partitionOf(projectId: string, kind: string, sn: string): number {
    return partitionOf(projectId, kind, sn, this.count);
  }

  /** The partition holding a project's zone rules (and its positioned devices). */
  zonePartitionOf(projectId: string): number {
    return partitionOf(projectId, 'zone', '', this.count);
  }

  /** Whether this node owns the project partition of `projectId` (its zone rules and beacons). */
  ownsZonesOf(projectId: string): boolean {
    return this.engines.has(this.zonePartitionOf(projectId));
  }

  /** Partitions owned now, ascending. */
  owned(): number[] {
    return [...this.engines.keys()].sort((a, b) => a - b);
  }

  /**
   * Takes partition `k` over: a fresh engine started at `nowMs` with the partition's devices of `devices`
   * (those of other partitions are skipped, so the caller may pass more) and its open alarms of `openAlarms`
   * (in alarm id order); the zones of the projects whose project partition is `k`.
   * @returns the alarm writes restoring them asks for (e.g. an active duplicate cleared)
   */
  adopt(k: number, devices: ReadonlyMap<string, LoadedDevice[]>, openAlarms: readonly AlarmRecord[], nowMs: number): Effects {
    const engine = new RulesEngine(nowMs, this.rules);
    const effects: Effects = { alarms: [], statuses: [] };
    for (const [projectId, list] of devices) {
      const mine = list.filter((d) => this.partitionOf(projectId, d.config.kind, d.config.sn) === k);
      if (mine.length > 0) merge(effects, engine.setDevices(projectId, mine, nowMs));
    }
    for (const [projectId, c] of this.zoneConfig) {
      if (this.zonePartitionOf(projectId) === k) merge(effects, engine.setZones(projectId, c.zones, c.wearers, nowMs));
    }
    for (const alarm of openAlarms) {
      if (this.alarmPartition(alarm) === k) effects.alarms.push(...engine.restoreAlarm(alarm, nowMs));
    }
    this.engines.set(k, engine);
    for (const projectId of engine.projectIds()) this.locate(projectId);
    return effects;
  }

  /** Forgets partition `k` (handed over or lost): no alarm is cleared, the next owner restores them. */
  drop(k: number): void {
    const engine = this.engines.get(k);
    if (!engine) return;
    this.engines.delete(k);
    for (const projectId of engine.projectIds()) this.locate(projectId);
  }

  /** MQTT topic filters of partition `k`'s devices (empty when not owned). */
  filters(k: number): string[] {
    const engine = this.engines.get(k);
    if (!engine) return [];
    const out: string[] = [];
    for (const projectId of engine.projectIds()) {
      for (const [sn, m] of engine.devices(projectId)) out.push(deviceFilter(projectId, m.config.kind, sn));
    }
    return out;
  }

  setDevices(projectId: string, devices: LoadedDevice[], nowMs: number): Effects {
    const effects: Effects = { alarms: [], statuses: [] };
    for (const [k, engine] of this.engines) {
      merge(effects, engine.setDevices(projectId, devices.filter((d) => this.partitionOf(projectId, d.config.kind, d.config.sn) === k), nowMs));
    }
    this.locate(projectId);
    return effects;
  }

  projectIds(): string[] {
    return [...this.located.keys()];
  }

  device(projectId: string, sn: string): DeviceMonitor | undefined {
    return this.located.get(projectId)?.get(sn)?.device(projectId, sn);
  }

  devices(projectId: string): ReadonlyMap<string, DeviceMonitor> {
    const out = new Map<string, DeviceMonitor>();
    for (const engine of this.engines.values()) for (const [sn, m] of engine.devices(projectId)) out.set(sn, m);
    return out;
  }

  /** Restores an open alarm of an owned partition; one of a partition owned elsewhere is left to its owner. */
  restoreAlarm(alarm: AlarmRecord, nowMs: number) {
    return this.engines.get(this.alarmPartition(alarm))?.restoreAlarm(alarm, nowMs) ?? [];
  }

  accept(projectId: string, sn: string, message: DeviceMessage, nowMs: number, values?: Record<string, number>): Effects {
    return this.located.get(projectId)?.get(sn)?.accept(projectId, sn, message, nowMs, values) ?? { alarms: [], statuses: [] };
  }

  refusedReading(projectId: string, sn: string, nowMs: number): Effects {
    return this.located.get(projectId)?.get(sn)?.refusedReading(projectId, sn, nowMs) ?? { alarms: [], statuses: [] };
  }

  tick(nowMs: number): Effects {
    const effects: Effects = { alarms: [], statuses: [] };
    for (const engine of this.engines.values()) merge(effects, engine.tick(nowMs));
    return effects;
  }

  /** A project's zones apply in its project partition only (when owned here), which holds all of its beacons. */
  setZones(projectId: string, zones: readonly Zone[], wearers: ReadonlyMap<string, ZoneWearer>, nowMs: number): Effects {
    this.zoneConfig.set(projectId, { zones, wearers });
    return this.engines.get(this.zonePartitionOf(projectId))?.setZones(projectId, zones, wearers, nowMs) ?? { alarms: [], statuses: [] };
  }

  /**
   * Zone figures of the project partition when this node owns it; none otherwise (docs/operations.md
   * "Cluster": live zone figures are read on the node owning the project partition).
   */
  zoneStats(projectId: string, nowMs: number): ZoneStats {
    return this.engines.get(this.zonePartitionOf(projectId))?.zoneStats(projectId, nowMs) ?? NO_ZONE_STATS;
  }

  /** The crossings of the projects whose partition this node owns (each counted on one node only). */
  takeCrossings(): PortalCrossingRecord[] {
    return [...this.engines.values()].flatMap((e) => e.takeCrossings());
  }

  alarmDealt(alarm: Alarm, nowMs: number): StatusChange[] {
    return this.engines.get(this.alarmPartition(alarm))?.alarmDealt(alarm, nowMs) ?? [];
  }

  /** The partition an alarm belongs to: zone alarms to the project partition, the others to their device's. */
  private alarmPartition(alarm: Pick<Alarm, 'projectId' | 'kind' | 'deviceKind' | 'deviceSn'>): number {
    return this.partitionOf(alarm.projectId, alarm.kind === 'zone' ? 'zone' : alarm.deviceKind, alarm.deviceSn);
  }

  /** Rebuilds the device index of one project from the owned engines. */
  private locate(projectId: string): void {
    const index = new Map<string, RulesEngine>();
    for (const engine of this.engines.values()) for (const sn of engine.devices(projectId).keys()) index.set(sn, engine);
    if (index.size > 0) this.located.set(projectId, index);
    else this.located.delete(projectId);
  }
}

function merge(into: Effects, from: Effects): void {
  into.alarms.push(...from.alarms);
  into.statuses.push(...from.statuses);
  if (from.unconfigured) (into.unconfigured ??= []).push(...from.unconfigured);
}
