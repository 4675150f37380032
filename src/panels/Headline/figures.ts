import { thresholdLevel } from '../../components';
import { EQUIPMENT_KINDS, equipmentRoleOf, kindArea, type DeviceInfo, type Threshold, type TunnelInfo } from '../../../protocol';

/** Device kinds counted as cranes in the headline: lifting equipment whose descriptor says `equipment.crane` (not the elevator). */
export const CRANE_KINDS: ReadonlySet<string> = new Set(EQUIPMENT_KINDS.filter((k) => equipmentRoleOf(k)?.crane));

/** A device is reporting when it is neither offline nor never seen. */
function reporting(d: DeviceInfo): boolean {
  return d.status !== 'offline' && d.status !== 'unknown';
}

/** People underground in one bore. */
export interface BoreCount {
  tunnelId: string;
  name: string;
  count: number;
}

/**
 * People underground per bore in the project's tunnel order, every bore listed (an empty one with 0), from
 * the headcount rule's counts by tunnelId (panelData/underground.ts: the same people the tunnel
 * personnel map draws).
 */
export function peopleByBore(counts: ReadonlyMap<string, number>, tunnels: readonly TunnelInfo[]): BoreCount[] {
  return tunnels.map((t) => ({ tunnelId: t.tunnelId, name: t.name, count: counts.get(t.tunnelId) ?? 0 }));
}

/** The gas reading closest to (or furthest past) its alarm limit. */
export interface WorstGas {
  device: DeviceInfo;
  metric: string;
  value: number;
  /** The alarm limit it is measured against (alarmHigh, or alarmLow for a low limit such as O2), in `unit`. */
  limit: number;
  side: 'over' | 'below';
  unit: string;
  /** value / limit for a high limit, limit / value for a low one: 1 at the limit, above 1 past it. */
  ratio: number;
  level: 'warning' | 'alarm' | null;
}

function ratioOf(v: number, t: Threshold): { ratio: number; limit: number; side: 'over' | 'below'; level: WorstGas['level'] } | null {
  let best: { ratio: number; limit: number; side: 'over' | 'below'; level: WorstGas['level'] } | null = null;
  const level = thresholdLevel(v, t); // a reading crosses one side at most
  if (t.alarmHigh !== null && t.alarmHigh > 0) {
    best = { ratio: v / t.alarmHigh, limit: t.alarmHigh, side: 'over', level };
  }
  if (t.alarmLow !== null && t.alarmLow > 0) {
    const r = { ratio: v > 0 ? t.alarmLow / v : Number.POSITIVE_INFINITY, limit: t.alarmLow, side: 'below' as const, level };
    if (!best || r.ratio > best.ratio) best = r;
  }
  return best;
}

/**
 * The worst gas reading of the project against its limit (DOMAIN limits as the thresholds carry them,
 * docs/domain.md): over every reporting gas station and every gas with an alarm limit, the highest
 * value/limit ratio (limit/value for a low limit such as O2). null when no station reports.
 */
export function worstGas(devices: readonly DeviceInfo[]): WorstGas | null {
  let worst: WorstGas | null = null;
  for (const d of devices) {
    if (kindArea(d.kind) !== 'gasDetection' || !reporting(d) || !d.latest) continue;
    for (const t of d.thresholds) {
      const v = d.latest[t.metric];
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      const r = ratioOf(v, t);
      if (r && (!worst || r.ratio > worst.ratio)) worst = { device: d, metric: t.metric, value: v, unit: t.unit, ...r };
    }
  }
  return worst;
}

/** Cranes working: those reporting now, of all the project's cranes (CRANE_KINDS). */
export function cranesWorking(devices: readonly DeviceInfo[]): { working: number; total: number } {
  let working = 0;
  let total = 0;
  for (const d of devices) {
    if (!CRANE_KINDS.has(d.kind)) continue;
    total += 1;
    if (reporting(d)) working += 1;
  }
  return { working, total };
}
