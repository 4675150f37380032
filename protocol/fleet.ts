import { z } from 'zod';
import { DEVICE_KIND_REGISTRY, TOPIC_SEGMENT, type KindRegistry, type MetricDescriptor } from './kinds';
import { thresholdSchema, type Threshold } from './thresholds';

/**
 * Equipment fleet API (docs/api.md "Thresholds"): editable thresholds per device and per kind of a project,
 * with an audit trail: bodies and answers; the routes are the contracts of protocol/contracts/equipment.ts.
 */

/** Most audit entries one page returns. */
export const MAX_AUDIT_PAGE = 200;

const projectIdField = z.string().min(1).max(64);
const segment = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });

/**
 * What a threshold route acts on: one device (`sn`) or the defaults of one kind in the project (`kind`,
 * which new devices of the kind get and which devices of the kind follow unless a person edited theirs).
 */
export const thresholdTargetSchema = z.union([z.strictObject({ sn: segment }), z.strictObject({ kind: segment })]);
export type ThresholdTarget = z.infer<typeof thresholdTargetSchema>;

export const thresholdGetBody = z.strictObject({ projectId: projectIdField, target: thresholdTargetSchema });
export const thresholdSetBody = z.strictObject({
  projectId: projectIdField,
  target: thresholdTargetSchema,
  /** One entry per metric to change; other metrics keep theirs. */
  thresholds: z.array(thresholdSchema).min(1).max(64),
});
export type ThresholdSetBody = z.input<typeof thresholdSetBody>;
export const thresholdResetBody = z.strictObject({
  projectId: projectIdField,
  target: thresholdTargetSchema,
  /** Metrics to reset; absent resets every metric of the target. */
  metrics: z.array(z.string().min(1).max(64)).min(1).max(64).optional(),
});
export const thresholdAuditBody = z.strictObject({
  projectId: projectIdField,
  /** Only the changes of this device / this kind's defaults; absent lists all of the project. */
  target: thresholdTargetSchema.optional(),
  /** Entries with an id below this one (the next page); absent starts at the newest. */
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(MAX_AUDIT_PAGE).default(50),
});

/** One metric's threshold as thresholdGet answers it. */
export interface ThresholdEntry {
  /** In force now. */
  threshold: Threshold;
  /** What a reset gives: for a device, its kind's default in the project; for a kind, the standard default (protocol/kinds). */
  defaultThreshold: Threshold | null;
  /** A person set this value (defaults changed later do not overwrite it). */
  edited: boolean;
}

/** Answer of thresholdGet, set and reset (the target afterwards), entries in the kind's metric order. */
export interface ThresholdView {
  projectId: string;
  target: ThresholdTarget;
  kind: string;
  entries: ThresholdEntry[];
}

/** One audited change. `oldThreshold` null: the metric had none; `newThreshold` null: it was removed. */
export interface ThresholdAuditEntry {
  auditId: number;
  projectId: string;
  target: ThresholdTarget;
  kind: string;
  metric: string;
  action: 'set' | 'reset';
  oldThreshold: Threshold | null;
  newThreshold: Threshold | null;
  changedBy: string;
  changedAtMs: number;
}

/** Answer of thresholdAudit: a page, newest first; `nextBeforeId` asks for the next page (null at the end). */
export interface ThresholdAuditPage {
  entries: ThresholdAuditEntry[];
  nextBeforeId: number | null;
}

function inRange(m: MetricDescriptor, v: number | null, field: string, out: string[]): void {
  if (v !== null && (v < m.range.min || v > m.range.max)) out.push(`${m.key}.${field}: ${v} is outside ${m.range.min}…${m.range.max} ${m.unit}`.trimEnd());
}

/**
 * Checks a threshold against the metric it limits (the kind's descriptor): the metric exists; the unit is
 * the metric's; every limit lies in the metric's valid range; at least one limit is set; on the high side
 * the warning comes before the alarm (warnHigh < alarmHigh), on the low side too (warnLow > alarmLow);
 * every low limit is below every high limit; `clearLow` only with a low limit, not below it, and in range.
 * `clearRatio` in (0, 1] is the schema's (protocol/thresholds.ts).
 * @returns human-readable problems, each starting with the metric key; empty when the threshold is valid
 */
export function thresholdProblems(kind: string, t: Threshold, kinds: KindRegistry = DEVICE_KIND_REGISTRY): string[] {
  const m = kinds.metric(kind, t.metric);
  if (!m) return [`${t.metric}: not a metric of ${kind}`];
  const out: string[] = [];
  if (t.unit !== m.unit) out.push(`${m.key}.unit: must be "${m.unit}", not "${t.unit}"`);
  const { warnHigh, alarmHigh, warnLow, alarmLow, clearLow } = t;
  inRange(m, warnHigh, 'warnHigh', out);
  inRange(m, alarmHigh, 'alarmHigh', out);
  inRange(m, warnLow, 'warnLow', out);
  inRange(m, alarmLow, 'alarmLow', out);
  inRange(m, clearLow, 'clearLow', out);
  if (warnHigh === null && alarmHigh === null && warnLow === null && alarmLow === null) out.push(`${m.key}: set at least one limit`);
  if (warnHigh !== null && alarmHigh !== null && !(warnHigh < alarmHigh)) out.push(`${m.key}.warnHigh: the warning (${warnHigh}) must be below the alarm (${alarmHigh})`);
  if (warnLow !== null && alarmLow !== null && !(warnLow > alarmLow)) out.push(`${m.key}.warnLow: the warning (${warnLow}) must be above the alarm (${alarmLow})`);
  const lows = [warnLow, alarmLow].filter((v): v is number => v !== null);
  const highs = [warnHigh, alarmHigh].filter((v): v is number => v !== null);
  if (lows.length > 0 && highs.length > 0 && Math.max(...lows) >= Math.min(...highs)) out.push(`${m.key}: low limits must be below high limits`);
  if (clearLow !== null) {
    if (lows.length === 0) out.push(`${m.key}.clearLow: needs a low limit`);
    else if (clearLow < Math.max(...lows)) out.push(`${m.key}.clearLow: must not be below the low limits`);
  }
  return out;
}

export const workRecordListBody = z.strictObject({
  projectId: projectIdField,
  /** Only this device's lifts. */
  sn: segment.optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});

/**
 * A lift or an elevator trip detected from telemetry: device times (ms), duration (s), peak load (t), peak
 * moment (% of rated; for gantry cranes, girder erectors and elevators the load as % of rated), alarms
 * raised during it; for elevator trips also the cage and the floors (null for lifts).
 */
export interface WorkRecord {
  recordId: number;
  projectId: string;
  sn: string;
  kind: string;
  startedAtMs: number;
  endedAtMs: number;
  durationS: number;
  peakLoadT: number;
  peakMomentPct: number;
  /** Alarms of the device raised (server time) between start and end (device time: assumes a set device clock). */
  alarms: number;
  /** Elevator trips: the cage that travelled; null for lifts. */
  cage: 'left' | 'right' | null;
  /** Elevator trips: the floor the cage left; null for lifts. */
  startFloor: number | null;
  /** Elevator trips: the floor it stopped at with the door open; null for lifts. */
  endFloor: number | null;
}

/** A page of work records, newest first. */
export interface WorkRecordPage {
  total: number;
  page: number;
  pageSize: number;
  list: WorkRecord[];
}
