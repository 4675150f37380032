/**
 * Device status and alarm vocabulary (SPEC §4, DOMAIN.md "Alarm levels").
 */

/** Device status shown to users. */
export const DEVICE_STATUSES = ['unknown', 'online', 'offline', 'warning', 'alarm', 'violation'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * Precedence when several conditions hold: alarm > violation > warning > online > offline > unknown
 * (DOMAIN.md). Higher number wins.
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

/** What raised an alarm. */
export type AlarmKind = 'threshold' | 'sos' | 'offline' | 'ai';

/** AI alarm handling state (SPEC §4): 0 untreated, 1 processed, 2 misinformation (false alarm). */
export type DealStatus = 0 | 1 | 2;

/**
 * A persisted alarm as the API and the socket carry it.
 * `state` is `active` until the condition clears (with hysteresis), then `cleared`; handling
 * (`dealStatus`) is independent of clearing.
 */
export interface Alarm {
  alarmId: number;
  projectId: string;
  deviceSn: string;
  deviceKind: string;
  deviceName: string;
  kind: AlarmKind;
  level: AlarmLevel;
  /** Metric key, e.g. a GasCode, `momentPct`, `windSpeedMps`, `sos`, an AlgType. */
  metric: string;
  /** Reading that raised it, in `unit`; null where none applies (offline, AI). */
  value: number | null;
  /** The limit that was crossed, in `unit`. */
  threshold: number | null;
  unit: string | null;
  raisedAtMs: number;
  clearedAtMs: number | null;
  state: 'active' | 'cleared';
  dealStatus: DealStatus;
  dealRemark: string | null;
  dealtBy: string | null;
  dealtAtMs: number | null;
  /** AI capture picture, for `kind: 'ai'`. */
  picUrl: string | null;
}
