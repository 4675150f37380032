import { isPersonTagKind, kindArea, type Alarm, type AlarmLevel } from '../../protocol';

/**
 * How bad an alarm is, as one order shared by every screen that ranks alarms (the board's banner and its
 * header colour, the headline, the alarm feed, the SOS focus; docs/product.md "Alarm display"):
 * 1. level: the peak level reached while open (an escalation is kept after the reading eases);
 * 2. kind: SOS, a fall a tag reports, gas, crane/equipment overload, other thresholds, zone rules, AI
 *    violations, sensor faults, offline;
 * 3. how far past its limit: value / limit over a high limit, limit / value under a low one (CO 69.7 over
 *    24 ppm, 2.9×, before CO 36.8 over 24, 1.5×);
 * 4. the most recent (last seen), then the newest id, so the order is total and stable.
 */

/** Kinds in the order a control room acts on them; a lower number is worse. */
export const KIND_PRIORITY = { sos: 0, person: 1, gas: 2, equipment: 3, threshold: 4, zone: 5, ai: 6, fault: 7, offline: 8 } as const;

/** Beacon metrics that are a person's emergency (a fall the tag detected, docs/device-protocol.md "beacon"): ranked next to SOS. */
const PERSON_EMERGENCY_METRICS: ReadonlySet<string> = new Set(['fall']);

/** The priority class of an alarm (KIND_PRIORITY key). */
export type AlarmPriorityClass = keyof typeof KIND_PRIORITY;

/**
 * The priority class: a threshold alarm is split by what crossed it, from its device kind's descriptor
 * (protocol/kinds): a gas station (area `gasDetection`), a person's emergency on a tag (a positioned kind), a crane
 * or lift (area `lifting`).
 */
export function priorityClass(a: Pick<Alarm, 'kind' | 'deviceKind' | 'metric'>): AlarmPriorityClass {
  if (a.kind !== 'threshold') return a.kind;
  const area = kindArea(a.deviceKind);
  if (area === 'gasDetection') return 'gas';
  if (isPersonTagKind(a.deviceKind) && PERSON_EMERGENCY_METRICS.has(a.metric)) return 'person';
  return area === 'lifting' ? 'equipment' : 'threshold';
}

/** The level that counts: the peak reached while open. */
export function rankLevel(a: Pick<Alarm, 'level' | 'peakLevel'>): AlarmLevel {
  return a.peakLevel === 'alarm' || a.level === 'alarm' ? 'alarm' : 'warning';
}

/**
 * How far a threshold alarm's reading is past its limit, ≥ 1 when past it: value / limit over a high
 * limit, limit / value under a low one (a reading of 0 under a low limit is infinitely far). 0 when the
 * alarm has no reading or no usable limit (SOS, AI, offline, a limit of 0).
 */
export function limitRatio(a: Pick<Alarm, 'value' | 'threshold' | 'side'>): number {
  const v = a.value;
  const limit = a.threshold;
  if (v === null || limit === null || !Number.isFinite(v) || !Number.isFinite(limit) || limit === 0) return 0;
  if (a.side === 'below') return v > 0 ? limit / v : Number.POSITIVE_INFINITY;
  return v / limit;
}

const seen = (a: Alarm): number => a.lastSeenMs ?? a.raisedAtMs;

/**
 * The one alarm comparator (for Array.sort): negative when `x` is worse than `y`. Order: level, kind
 * priority, ratio to the limit, last seen, alarmId (see the module comment).
 */
export function compareAlarms(x: Alarm, y: Alarm): number {
  return compareSeverity(x, y) || seen(y) - seen(x) || y.alarmId - x.alarmId;
}

/** The first three keys of {@link compareAlarms} (level, kind priority, ratio to the limit), without time. */
export function compareSeverity(x: Alarm, y: Alarm): number {
  const lx = rankLevel(x) === 'alarm' ? 0 : 1;
  const ly = rankLevel(y) === 'alarm' ? 0 : 1;
  return lx - ly || KIND_PRIORITY[priorityClass(x)] - KIND_PRIORITY[priorityClass(y)] || limitRatio(y) - limitRatio(x);
}

/** The worst of `alarms` by {@link compareAlarms}, or null for none; one pass, no copy. */
export function worstAlarm<A extends Alarm>(alarms: readonly A[]): A | null {
  let worst: A | null = null;
  for (const a of alarms) if (!worst || compareAlarms(a, worst) < 0) worst = a;
  return worst;
}
