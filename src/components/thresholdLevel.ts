import type { AlarmLevel, Threshold } from '../../protocol';

/**
 * Where a reading stands against its threshold rule: 'alarm', 'warning' or null (normal / no rule / no
 * value). High limits fire at value >= limit, low limits at value <= limit (protocol/thresholds.ts).
 * Display only: the server's alarm state machine (with hysteresis) is the truth for alarms.
 */
export function thresholdLevel(value: number | null | undefined, t: Threshold | undefined): AlarmLevel | null {
  if (value == null || !Number.isFinite(value) || !t) return null;
  if ((t.alarmHigh !== null && value >= t.alarmHigh) || (t.alarmLow !== null && value <= t.alarmLow)) return 'alarm';
  if ((t.warnHigh !== null && value >= t.warnHigh) || (t.warnLow !== null && value <= t.warnLow)) return 'warning';
  return null;
}
