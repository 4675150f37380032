import { DEVICE_KIND_REGISTRY, type KindArea } from './kinds';

/**
 * Alarm groups of the alarm center's analysis (docs/api.md "alarm/analysis"): what an alarm is about, for a
 * control room's count and share per area of work. `deviceHealth` is a device gone quiet (an `offline`
 * alarm of any kind); `environment` the site's noise and dust; `other` anything not named here.
 */
export const ALARM_GROUPS = ['personnel', 'gas', 'lifting', 'aiVideo', 'environment', 'deviceHealth', 'other'] as const;
export type AlarmGroup = (typeof ALARM_GROUPS)[number];

/**
 * The group of an alarm from its kind (protocol/status.ts AlarmKind) and device kind: offline → device
 * health; AI → AI video; SOS and the personnel rules' zones and bores (`zone`, `tunnel`) → personnel
 * safety; otherwise the device kind's area (protocol/kinds `area`: gas detection → gas, lifting equipment
 * → lifting, tags → personnel, cameras → AI video, noise and dust meters → environment); `other` without one.
 */
export function alarmGroupOf(kind: string, deviceKind: string): AlarmGroup {
  if (kind === 'offline') return 'deviceHealth';
  if (kind === 'ai') return 'aiVideo';
  if (kind === 'zone' || kind === 'sos') return 'personnel';
  const area = DEVICE_KIND_REGISTRY.get(deviceKind)?.area;
  return area ? GROUP_OF_AREA[area] : 'other';
}

/** The alarm group of each area of work of a device kind (protocol/kinds `area`). */
const GROUP_OF_AREA: Readonly<Record<KindArea, AlarmGroup>> = {
  personnel: 'personnel',
  gasDetection: 'gas',
  lifting: 'lifting',
  aiVideo: 'aiVideo',
  environment: 'environment',
  // tunnel progress: a step distance behind the face (server/tunnel/progress.ts) is none of the groups above
  tunnelWorks: 'other',
  tunnelProcess: 'other',
  // vehicles: over-speed and a person too close to a moving vehicle are personnel safety
  vehicles: 'personnel',
};
