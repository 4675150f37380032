import type { Alarm, AlarmRecord, DeviceMessage } from '../../protocol';
import type { DeviceMonitor } from '../rules/deviceMonitor';
import type { LoadedDevice } from '../rules/deviceStore';
import { RulesEngine } from '../rules/engine';
import type { Effects, StatusChange, ZoneStats } from '../rules/types';
import type { Zone } from '../../protocol';
import type { ZoneWearer } from '../rules/zoneRules';
import { deviceFilter, partitionOf } from './partitions';

/** What the live pipeline asks of its rules: {@link RulesEngine} on one node, {@link PartitionedRules} in a cluster. */
export type Rules = Pick<RulesEngine, 'setDevices' | 'projectIds' | 'device' | 'devices' | 'restoreAlarm' | 'accept' | 'tick' | 'alarmDealt' | 'setZones' | 'zoneStats'>;

/**
 * The rules of the partitions this node owns in a cluster (docs/operations.md "Cluster"): one
 * {@link RulesEngine} per owned partition, holding only that partition's devices. A device of a partition
 * owned elsewhere is unknown here (its messages never arrive here, its offline timer does not run here).
 * Adopting a partition builds its state from the database (devices, then open alarms, as a restart does);
 * dropping it forgets that state without any effect, since the next owner reads it back.
 */
export class PartitionedRules implements Rules {
  private readonly engines = new Map<number, RulesEngine>();
  /** The latest zones of each project, given to partitions adopted later. */
  private readonly zoneConfig = new Map<string, { zones: readonly Zone[]; wearers: ReadonlyMap<string, ZoneWearer> }>();

  /** @param count CLUSTER_PARTITIONS */
  constructor(readonly count: number) {}

  /** The partition of a device. */
  partitionOf(projectId: string, sn: string): number {
    return partitionOf(projectId, sn, this.count);
  }

  /** Partitions owned now, ascending. */
  owned(): number[] {
    return [...this.engines.keys()].sort((a, b) => a - b);
  }

  /**
   * Takes partition `k` over: a fresh engine started at `nowMs` with the partition's devices of `devices`
   * (every project, from loadDevices) and its open alarms of `openAlarms` (in alarm id order).
   * @returns the alarm writes restoring them asks for (e.g. an active duplicate cleared)
   */
  adopt(k: number, devices: ReadonlyMap<string, LoadedDevice[]>, openAlarms: readonly AlarmRecord[], nowMs: number): Effects {
    const engine = new RulesEngine(nowMs);
    const effects: Effects = { alarms: [], statuses: [] };
    for (const [projectId, list] of devices) {
      const mine = list.filter((d) => this.partitionOf(projectId, d.config.sn) === k);
      if (mine.length > 0) merge(effects, engine.setDevices(projectId, mine, nowMs));
    }
    for (const alarm of openAlarms) {
      if (this.partitionOf(alarm.projectId, alarm.deviceSn) === k) effects.alarms.push(...engine.restoreAlarm(alarm, nowMs));
    }
    for (const [projectId, c] of this.zoneConfig) merge(effects, engine.setZones(projectId, c.zones, c.wearers, nowMs));
    this.engines.set(k, engine);
    return effects;
  }

  /** Forgets partition `k` (handed over or lost): no alarm is cleared, the next owner restores them. */
  drop(k: number): void {
    this.engines.delete(k);
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
      merge(effects, engine.setDevices(projectId, devices.filter((d) => this.partitionOf(projectId, d.config.sn) === k), nowMs));
    }
    return effects;
  }

  projectIds(): string[] {
    const ids = new Set<string>();
    for (const engine of this.engines.values()) for (const id of engine.projectIds()) ids.add(id);
    return [...ids];
  }

  device(projectId: string, sn: string): DeviceMonitor | undefined {
    return this.engines.get(this.partitionOf(projectId, sn))?.device(projectId, sn);
  }

  devices(projectId: string): ReadonlyMap<string, DeviceMonitor> {
    const out = new Map<string, DeviceMonitor>();
    for (const engine of this.engines.values()) for (const [sn, m] of engine.devices(projectId)) out.set(sn, m);
    return out;
  }

  /** Restores an open alarm of an owned partition; one of a partition owned elsewhere is left to its owner. */
  restoreAlarm(alarm: AlarmRecord, nowMs: number) {
    return this.engines.get(this.partitionOf(alarm.projectId, alarm.deviceSn))?.restoreAlarm(alarm, nowMs) ?? [];
  }

  accept(projectId: string, sn: string, message: DeviceMessage, nowMs: number): Effects {
    return this.engines.get(this.partitionOf(projectId, sn))?.accept(projectId, sn, message, nowMs) ?? { alarms: [], statuses: [] };
  }

  tick(nowMs: number): Effects {
    const effects: Effects = { alarms: [], statuses: [] };
    for (const engine of this.engines.values()) merge(effects, engine.tick(nowMs));
    return effects;
  }

  /**
   * Zones apply in every owned partition, each to the beacons it owns. Known limit (docs/operations.md
   * "Cluster"): headcount rules count one partition's beacons, so over-headcount in a cluster is per partition.
   */
  setZones(projectId: string, zones: readonly Zone[], wearers: ReadonlyMap<string, ZoneWearer>, nowMs: number): Effects {
    this.zoneConfig.set(projectId, { zones, wearers });
    const effects: Effects = { alarms: [], statuses: [] };
    for (const engine of this.engines.values()) merge(effects, engine.setZones(projectId, zones, wearers, nowMs));
    return effects;
  }

  /** Zone figures summed over the owned partitions. */
  zoneStats(projectId: string, nowMs: number): ZoneStats {
    const all = [...this.engines.values()].map((e) => e.zoneStats(projectId, nowMs));
    const headcount = new Map<string, number>();
    const portal = new Map<string, { in: number; out: number }>();
    for (const s of all) {
      for (const [id, n] of s.headcount) headcount.set(id, (headcount.get(id) ?? 0) + n);
      for (const [id, c] of s.portal) {
        const sum = portal.get(id) ?? { in: 0, out: 0 };
        portal.set(id, { in: sum.in + c.in, out: sum.out + c.out });
      }
    }
    return { headcount, portal, position: (sn) => all.map((s) => s.position(sn)).find((p) => p !== undefined) };
  }

  alarmDealt(alarm: Alarm, nowMs: number): StatusChange[] {
    return this.engines.get(this.partitionOf(alarm.projectId, alarm.deviceSn))?.alarmDealt(alarm, nowMs) ?? [];
  }
}

function merge(into: Effects, from: Effects): void {
  into.alarms.push(...from.alarms);
  into.statuses.push(...from.statuses);
}
