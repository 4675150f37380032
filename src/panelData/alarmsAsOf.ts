import { DEFAULT_OFFLINE_PERIODS, type Alarm, type DeviceInfo, type DeviceStatus } from '../../protocol';

/**
 * The alarm feed as it stood at `atMs`: alarms raised up to then, newest first (alarmId descending), at
 * most `limit`, each with its state then: cleared only when clearedAtMs ≤ atMs, handled (dealStatus,
 * remark, by, at) only when dealtAtMs ≤ atMs.
 */
export function alarmsAsOf(alarms: readonly Alarm[], atMs: number, limit: number): Alarm[] {
  const out: Alarm[] = [];
  for (const a of alarms) {
    if (a.raisedAtMs > atMs) continue;
    const cleared = a.clearedAtMs !== null && a.clearedAtMs <= atMs;
    const dealt = a.dealtAtMs !== null && a.dealtAtMs <= atMs;
    out.push(
      cleared === (a.state === 'cleared') && dealt === (a.dealStatus !== 0)
        ? a
        : {
            ...a,
            state: cleared ? 'cleared' : 'active',
            clearedAtMs: cleared ? a.clearedAtMs : null,
            dealStatus: dealt ? a.dealStatus : 0,
            dealRemark: dealt ? a.dealRemark : null,
            dealtBy: dealt ? a.dealtBy : null,
            dealtAtMs: dealt ? a.dealtAtMs : null,
          },
    );
  }
  out.sort((x, y) => y.alarmId - x.alarmId);
  return out.slice(0, limit);
}

/**
 * A device's status at an instant from what replay knows: the worst active alarm of the device then
 * (`offline` alarms → offline), else online when its last reading is within 3 report periods (the
 * offline rule of docs/device-protocol.md), offline when older, unknown without any reading.
 */
export function statusAsOf(device: Pick<DeviceInfo, 'sn' | 'reportPeriodS'>, activeAlarms: readonly Alarm[], lastReadingMs: number | null, atMs: number): DeviceStatus {
  let level: 'warning' | 'alarm' | null = null;
  for (const a of activeAlarms) {
    if (a.deviceSn !== device.sn || a.state !== 'active') continue;
    if (a.kind === 'offline') return 'offline';
    if (a.level === 'alarm') level = 'alarm';
    else if (level === null) level = 'warning';
  }
  if (level) return level;
  if (lastReadingMs === null) return 'unknown';
  return atMs - lastReadingMs <= DEFAULT_OFFLINE_PERIODS * device.reportPeriodS * 1000 ? 'online' : 'offline';
}
