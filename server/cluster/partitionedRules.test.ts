import { describe, expect, it } from 'vitest';
import type { AlarmRecord } from '../../protocol';
import { makeAlarm, T0 } from '../../tests/helpers/alarms';
import type { LoadedDevice } from '../rules/deviceStore';
import { PartitionedRules } from './partitionedRules';
import { partitionOf } from './partitions';

const P = 4;
const PROJECT = 'demo-tunnel';

function gas(sn: string): LoadedDevice {
  return {
    config: { projectId: PROJECT, sn, kind: 'gas', name: sn, reportPeriodS: 10, thresholds: [] },
    snapshot: { status: 'online', lastSeenMs: T0, latest: null },
  };
}

/** Gas stations spread so that partitions 0 and 1 both have some. */
const DEVICES = Array.from({ length: 24 }, (_, i) => gas(`GAS-${i + 1}`));
const inPartition = (k: number) => DEVICES.filter((d) => partitionOf(PROJECT, 'gas', d.config.sn, P) === k);

function openAlarmOf(sn: string, alarmId: number): AlarmRecord {
  return makeAlarm({ alarmId, projectId: PROJECT, deviceSn: sn, kind: 'offline', metric: 'offline', level: 'warning', value: null, threshold: null, unit: null, side: null });
}

describe('PartitionedRules', () => {
  it('holds only the devices of the partitions it adopted, and their open alarms', () => {
    const rules = new PartitionedRules(P);
    const [mine, other] = [inPartition(0)[0], inPartition(1)[0]];
    expect(mine && other).toBeTruthy();
    rules.adopt(0, new Map([[PROJECT, DEVICES]]), [openAlarmOf(mine.config.sn, 1), openAlarmOf(other.config.sn, 2)], T0);
    expect(rules.owned()).toEqual([0]);
    expect(rules.device(PROJECT, mine.config.sn)).toBeDefined();
    expect(rules.device(PROJECT, other.config.sn)).toBeUndefined();
    expect([...rules.devices(PROJECT).keys()].sort()).toEqual(inPartition(0).map((d) => d.config.sn).sort());
    expect(rules.filters(0)).toContain(`zhgd/${PROJECT}/gas/${mine.config.sn}/+`);
    expect(rules.filters(1)).toEqual([]);
  });

  it('runs the offline timers of its own devices only, and forgets a dropped partition without touching its alarms', () => {
    const rules = new PartitionedRules(P);
    const all = new Map([[PROJECT, DEVICES]]);
    rules.adopt(1, all, [], T0);
    // silence beyond 3 report periods: every device of partition 1 goes offline, no other
    const later = T0 + 10 * 60_000;
    const statuses = rules.tick(later).statuses;
    expect(new Set(statuses.map((s) => s.sn))).toEqual(new Set(inPartition(1).map((d) => d.config.sn)));

    rules.drop(1);
    expect(rules.owned()).toEqual([]);
    expect(rules.tick(later + 60_000)).toEqual({ alarms: [], statuses: [] });
    expect(rules.device(PROJECT, inPartition(1)[0].config.sn)).toBeUndefined();
  });

  it('hands device changes to the engines of owned partitions only', () => {
    const rules = new PartitionedRules(P);
    rules.adopt(2, new Map([[PROJECT, DEVICES]]), [], T0);
    const added = Array.from({ length: 40 }, (_, i) => gas(`NEW-${i}`));
    rules.setDevices(PROJECT, [...DEVICES, ...added], T0 + 1);
    const expected = [...DEVICES, ...added].filter((d) => partitionOf(PROJECT, 'gas', d.config.sn, P) === 2).map((d) => d.config.sn);
    expect([...rules.devices(PROJECT).keys()].sort()).toEqual(expected.sort());
  });

  it('keeps every beacon of a project, and its zone rules, in the project partition', () => {
    const beacons: LoadedDevice[] = Array.from({ length: 20 }, (_, i) => ({
      config: { projectId: PROJECT, sn: `BC${i}`, kind: 'beacon', name: `BC${i}`, reportPeriodS: 1, thresholds: [] },
      snapshot: { status: 'online', lastSeenMs: T0, latest: null },
    }));
    const all = new Map([[PROJECT, [...DEVICES, ...beacons]]]);
    const zoneK = new PartitionedRules(P).zonePartitionOf(PROJECT);
    for (let k = 0; k < P; k++) {
      const rules = new PartitionedRules(P);
      rules.adopt(k, all, [], T0);
      const held = [...rules.devices(PROJECT).values()].filter((m) => m.config.kind === 'beacon').length;
      expect(held).toBe(k === zoneK ? beacons.length : 0);
    }
  });
});
