import { z } from 'zod';

/**
 * Device status and alarm vocabulary (docs/product.md "States", docs/domain.md "Alarm levels").
 */

/** Device status shown to users. */
export const DEVICE_STATUSES = ['unknown', 'online', 'offline', 'warning', 'alarm', 'violation'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * Precedence when several conditions hold: alarm > violation > warning > online > offline > unknown
 * (docs/domain.md). Higher number wins.
 */
export const STATUS_PRECEDENCE: Record<DeviceStatus, number> = {
  unknown: 0,
  offline: 1,
  online: 2,
  warning: 3,
  violation: 4,
  alarm: 5,
};

/** The status that wins among `statuses` (unknown for an empty list). */
export function worstStatus(statuses: Iterable<DeviceStatus>): DeviceStatus {
  let best: DeviceStatus = 'unknown';
  for (const s of statuses) if (STATUS_PRECEDENCE[s] > STATUS_PRECEDENCE[best]) best = s;
  return best;
}

/** Two levels per metric (T/CI 1069-2025: warning at 75 % of limit, alarm at 100 %). */
export type AlarmLevel = 'warning' | 'alarm';

/**
 * What raised an alarm. `zone`: a personnel zone rule (protocol/people.ts ZONE_ALARM_METRICS: zone entry, stay
 * too long, over-headcount, no movement, signal lost), cleared when its condition ends like a threshold alarm.
 * `fault`: the device's own data is wrong (docs/domain.md "Sensor faults"): a stuck reading (metric = the
 * metric's key), readings outside the physical range (`outOfRange`) or a device clock off (`clockSkew`);
 * a warning, cleared when the data is right again.
 */
export const ALARM_KINDS = ['threshold', 'sos', 'offline', 'ai', 'zone', 'fault'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** AI alarm handling state (docs/product.md "States"): 0 untreated, 1 processed, 2 misinformation (false alarm). */
export type DealStatus = 0 | 1 | 2;

/**
 * Which limit a threshold alarm crossed: `below` a low limit (O2 hypoxia, a slow heart rate, a flat
 * battery) or `over` a high limit. Below and over are distinct alarms of one metric.
 */
export type AlarmSide = 'below' | 'over';

/**
 * The life of an alarm (docs/api.md "Alarm lifecycle"). An alarm is *open* until it is handled
 * (`dealStatus` 1 or 2): while open there is at most one alarm per device, kind, metric and side. A return
 * to normal marks it `cleared`; a new crossing while it is open re-activates the same alarm (`repeatCount`
 * + 1) instead of raising another. SOS and AI alarms never clear by themselves: handling clears them.
 * Every server since the alarm-lifecycle migration fills these fields; they are optional in the type only
 * so that alarms cached by an older client still type-check.
 */
export const alarmLifecycleSchema = z.object({
  /** Threshold alarms: which limit was crossed; null for SOS, offline and AI alarms. */
  side: z.enum(['below', 'over']).nullable(),
  /** Crossings (or SOS presses, AI events, offline spells) counted on this alarm: 1 when raised. */
  repeatCount: z.number(),
  /** First crossing (= raisedAtMs), server time, ms since epoch. */
  firstSeenMs: z.number(),
  /** Last time the condition was seen (a reading beyond the limit, an SOS, an AI event), ms. */
  lastSeenMs: z.number(),
  /** Worst reading while open (highest over a high limit, lowest under a low one), in `unit`; null where none applies. */
  peakValue: z.number().nullable(),
  /** Highest level reached while open (escalation is kept after the reading eases). */
  peakLevel: z.enum(['warning', 'alarm']),
  /** Who acknowledged it (silenced, not yet handled), and when (ms); null until acknowledged. */
  ackedBy: z.string().nullable(),
  ackedAtMs: z.number().nullable(),
});
export type AlarmLifecycle = z.infer<typeof alarmLifecycleSchema>;

/** dealStatus on the wire: 0 untreated, 1 processed, 2 misinformation. */
export const dealStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * A persisted alarm as the API and the socket carry it.
 * `state` is `active` while the condition holds (with hysteresis), then `cleared`; a re-crossing while
 * the alarm is still unhandled makes it `active` again. Handling (`dealStatus`) closes it.
 */
export const alarmSchema = z.object({
  ...alarmLifecycleSchema.partial().shape,
  alarmId: z.number(),
  projectId: z.string(),
  deviceSn: z.string(),
  deviceKind: z.string(),
  deviceName: z.string(),
  kind: z.enum(ALARM_KINDS),
  level: z.enum(['warning', 'alarm']),
  /** Metric key, e.g. a GasCode, `momentPct`, `windSpeedMps`, `sos`, an AlgType. */
  metric: z.string(),
  /** Latest reading beyond the limit while active (the one that raised it at first), in `unit`; null where none applies (offline, AI). */
  value: z.number().nullable(),
  /** The limit that was crossed at the current level, in `unit`. */
  threshold: z.number().nullable(),
  unit: z.string().nullable(),
  raisedAtMs: z.number(),
  clearedAtMs: z.number().nullable(),
  state: z.enum(['active', 'cleared']),
  dealStatus: dealStatusSchema,
  dealRemark: z.string().nullable(),
  dealtBy: z.string().nullable(),
  dealtAtMs: z.number().nullable(),
  /** AI capture picture, for `kind: 'ai'`. */
  picUrl: z.string().nullable(),
  /**
   * Shelved (EEMUA 191 "shelving"): the alarm stays listed and audited but is not announced (no banner, no
   * sound) until this time, ms since epoch; null or absent when not shelved. SOS alarms are never shelved.
   */
  shelvedUntilMs: z.number().nullable().optional(),
  /** Who shelved it and why (null when not shelved). */
  shelvedBy: z.string().nullable().optional(),
  shelveReason: z.string().nullable().optional(),
  /**
   * Threshold alarms: whose limit was crossed. `device` is the device's own threshold; `default` the kind's
   * default in the project, because the device has no threshold for that metric (docs/domain.md
   * "Unconfigured metrics"). Absent on alarms stored before it was recorded.
   */
  limitSource: z.enum(['device', 'default']).optional(),
});
export type Alarm = z.infer<typeof alarmSchema>;

/** An alarm as this server stores and sends it: every lifecycle field present. */
export const alarmRecordSchema = alarmSchema.extend(alarmLifecycleSchema.shape);
export type AlarmRecord = z.infer<typeof alarmRecordSchema>;
