import type { Alarm } from '../../../protocol';

/**
 * Open alarms per device: alarms still active, or cleared but not yet handled (dealStatus 0), counted by
 * device sn. Input as the alarm feed gives it (newest first, bounded), so this is O(alarms).
 */
export function openAlarmsBySn(alarms: readonly Alarm[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of alarms) {
    if (a.state !== 'active' && a.dealStatus !== 0) continue;
    out.set(a.deviceSn, (out.get(a.deviceSn) ?? 0) + 1);
  }
  return out;
}
