import type { Alarm, AlarmRecord, DeviceMessage } from '../../protocol';
import type { DeviceMonitor } from '../rules/deviceMonitor';
import type { LoadedDevice } from '../rules/deviceStore';
import { RulesEngine } from '../rules/engine';
import type { Effects, StatusChange } from '../rules/types';
import { deviceFilter, partitionOf } from './partitions';

/** What the live pipeline asks of its rules: {@link RulesEngine} on one node, {@link PartitionedRules} in a cluster. */
export type Rules = Pick<RulesEngine, 'setDevices' | 'projectIds' | 'device' | 'devices' | 'restoreAlarm' | 'accept' | 'tick' | 'alarmDealt'>;

/**
 * The rules of the partitions this node owns in a cluster (docs/operations.md "Cluster"): one
 * {@link RulesEngine} per owned partition, holding only that partition's devices. A device of a partition
 * owned elsewhere is unknown here (its messages never arrive here, its offline timer does not run here).
 * Adopting a partition builds its state from the database (devices, then open alarms, as a restart does);
 * dropping it forgets that state without any effect, since the next owner reads it back.
 */
export class PartitionedRules implements Rules {
  private readonly engines = new Map<number, RulesEngine>();

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

  alarmDealt(alarm: Alarm, nowMs: number): StatusChange[] {
    return this.engines.get(this.partitionOf(alarm.projectId, alarm.deviceSn))?.alarmDealt(alarm, nowMs) ?? [];
  }
}

function merge(into: Effects, from: Effects): void {
  into.alarms.push(...from.alarms);
  into.statuses.push(...from.statuses);
}
