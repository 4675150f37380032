import type { Alarm, AlarmRecord } from '../../protocol';

/** Alarm test data with realistic demo-project values (docs/domain.md), for server and browser tests. */

/** 10:00:00 Beijing time on a working day, ms since the epoch. */
export const T0 = Date.UTC(2025, 4, 12, 2, 0, 0);

/**
 * An active, untreated CO warning on the demo tunnel's LK-E face station (18.2 ppm over 17 ppm), raised
 * `alarmId` seconds after T0; `p` overrides any field.
 */
export function makeAlarm(p: Partial<Alarm> & { alarmId: number }): AlarmRecord {
  const raisedAtMs = p.raisedAtMs ?? T0 + p.alarmId * 1000;
  return {
    projectId: 'demo-tunnel',
    deviceSn: 'GAS-LK-E-F',
    deviceKind: 'gas',
    deviceName: 'LK-E face',
    kind: 'threshold',
    level: 'warning',
    metric: 'CO',
    value: 18.2,
    threshold: 17,
    unit: 'ppm',
    raisedAtMs: T0 + p.alarmId * 1000,
    clearedAtMs: null,
    state: 'active',
    dealStatus: 0,
    dealRemark: null,
    dealtBy: null,
    dealtAtMs: null,
    picUrl: null,
    side: 'over',
    repeatCount: 1,
    firstSeenMs: raisedAtMs,
    lastSeenMs: raisedAtMs,
    peakValue: p.value === undefined ? 18.2 : p.value,
    peakLevel: p.level ?? 'warning',
    ackedBy: null,
    ackedAtMs: null,
    ...p,
  } as AlarmRecord;
}
