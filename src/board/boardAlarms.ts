import { formatChainage, isPersonTagKind, type Alarm, type DeviceInfo, type TunnelInfo } from '../../protocol';
import { compareAlarms, compareSeverity, isOpenActive, isShelved, priorityClass } from '../components';

/**
 * What a board announces and how it folds a flood (docs/product.md "Alarm display"). Pure functions over
 * the alarms a board holds, so the banner, the sound and the header colour agree, live and in replay.
 */

/** The flood window of ISA-18.2: new alarms are counted over the last 10 minutes (ms). */
export const FLOOD_WINDOW_MS = 10 * 60_000;


/** Active, untreated and not shelved: an alarm the board must shout about (banner, sound, header colour). */
export function isAnnounced(a: Alarm, nowMs: number): boolean {
  return isOpenActive(a) && !isShelved(a, nowMs);
}

/** SOS, a fall, gas and crane/equipment overload: listed one by one above every flood group, never folded. */
export function isCritical(a: Pick<Alarm, 'kind' | 'deviceKind' | 'metric'>): boolean {
  const c = priorityClass(a);
  return c === 'sos' || c === 'person' || c === 'gas' || c === 'equipment';
}

/**
 * New alarms raised within (nowMs − FLOOD_WINDOW_MS, nowMs], of any state: the alarm rate an operator
 * faced. A flood when it is above the board's rate (Layout.alarmFloodPer10Min).
 */
export function recentAlarmCount(alarms: readonly Alarm[], nowMs: number): number {
  let n = 0;
  for (const a of alarms) if (a.raisedAtMs > nowMs - FLOOD_WINDOW_MS && a.raisedAtMs <= nowMs) n++;
  return n;
}

/** Non-critical alarms of one kind (kind, metric, side) in one bore, folded into one banner line. */
export interface FloodGroup {
  /** Stable key: kind, metric, side and bore. */
  key: string;
  /** The group's worst alarm (names the group: title, level colour). */
  worst: Alarm;
  /** Worst first (compareAlarms). */
  alarms: Alarm[];
  /** Distinct devices (people, for beacons) in the group. */
  devices: number;
  /** Whether the devices are beacons (a count of people). */
  people: boolean;
  /** Bore name, or null when the devices are not in a bore. */
  bore: string | null;
  /** "K13+100" or "K13+100–K13+180": the chainages of the group's devices, or null when none is known. */
  chainage: string | null;
}

/** The banner's lines in a flood: critical alarms one by one, the others in groups, worst first. */
export interface FloodView {
  critical: Alarm[];
  groups: FloodGroup[];
}

/**
 * Folds announced alarms for a flood: SOS, gas and equipment-overload alarms stay single (worst first);
 * every other alarm joins the group of its kind, metric, side and its device's bore. Groups are ordered
 * by their worst alarm's severity, then size. `deviceOf` and `tunnels` give bore and chainage (a beacon's `latest.chainageM`).
 */
export function foldFlood(open: readonly Alarm[], deviceOf: (sn: string) => DeviceInfo | undefined, tunnels: readonly TunnelInfo[]): FloodView {
  const critical: Alarm[] = [];
  const byKey = new Map<string, { alarms: Alarm[]; tunnelId: string | null }>();
  for (const a of open) {
    if (isCritical(a)) {
      critical.push(a);
      continue;
    }
    const tunnelId = deviceOf(a.deviceSn)?.tunnelId ?? null;
    const key = `${a.kind}|${a.metric}|${a.side ?? ''}|${tunnelId ?? ''}`;
    const g = byKey.get(key) ?? { alarms: [], tunnelId };
    g.alarms.push(a);
    byKey.set(key, g);
  }
  const groups: FloodGroup[] = [];
  for (const [key, g] of byKey) {
    g.alarms.sort(compareAlarms);
    const tunnel = g.tunnelId ? tunnels.find((t) => t.tunnelId === g.tunnelId) : undefined;
    const sns = new Set(g.alarms.map((a) => a.deviceSn));
    let lo = Infinity;
    let hi = -Infinity;
    for (const sn of sns) {
      const m = deviceOf(sn)?.latest?.chainageM;
      if (typeof m === 'number' && m >= 0) (lo = Math.min(lo, m)), (hi = Math.max(hi, m));
    }
    const at = (m: number) => formatChainage((tunnel?.startChainageM ?? 0) + m);
    const chainage = tunnel && lo <= hi ? (at(lo) === at(hi) ? at(lo) : `${at(lo)}–${at(hi)}`) : null;
    groups.push({ key, worst: g.alarms[0], alarms: g.alarms, devices: sns.size, people: isPersonTagKind(g.alarms[0].deviceKind), bore: tunnel?.name ?? g.tunnelId, chainage });
  }
  critical.sort(compareAlarms);
  // the worst kind first; among groups as bad, the largest, then the most recent
  groups.sort((x, y) => compareSeverity(x.worst, y.worst) || y.devices - x.devices || compareAlarms(x.worst, y.worst));
  return { critical, groups };
}

/** The earliest shelvedUntilMs after `nowMs` among `alarms` (when the next shelved alarm comes back), or null. */
export function nextUnshelveMs(alarms: readonly Alarm[], nowMs: number): number | null {
  let next: number | null = null;
  for (const a of alarms) if (isShelved(a, nowMs) && (next === null || a.shelvedUntilMs! < next)) next = a.shelvedUntilMs!;
  return next;
}
