import { isEquipmentKind } from './equipment';

/**
 * Alarm groups of the alarm center's analysis (docs/api.md "alarm/analysis"): what an alarm is about, for a
 * control room's count and share per area of work. `deviceHealth` is a device gone quiet (an `offline`
 * alarm of any kind); `environment` the site's noise and dust; `other` anything not named here.
 */
export const ALARM_GROUPS = ['personnel', 'gas', 'lifting', 'aiVideo', 'environment', 'deviceHealth', 'other'] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];

/**
 * The group of an alarm from its kind (protocol/status.ts AlarmKind) and device kind: offline → device
 * health; AI → AI video; beacons and the personnel rules' zones and bores (`zone`, `tunnel`) → personnel
 * safety; gas detectors → gas; lifting equipment (EQUIPMENT_KINDS) → lifting; noise meters → environment.
 */
export function alarmGroupOf(kind: string, deviceKind: string): AlarmGroup {
  if (kind === 'offline') return 'deviceHealth';
  if (kind === 'ai' || deviceKind === 'camera') return 'aiVideo';
  if (kind === 'zone' || kind === 'sos' || deviceKind === 'beacon') return 'personnel';
  if (deviceKind === 'gas') return 'gas';
  if (isEquipmentKind(deviceKind)) return 'lifting';
  if (deviceKind === 'noiseMeter') return 'environment';
  return 'other';
}
