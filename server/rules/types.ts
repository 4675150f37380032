import type { AlarmRecord, DeviceKind, DeviceStatus, Threshold } from '../../protocol';

/** A device as the rules need it (from the `devices` table). */
export interface DeviceConfig {
  projectId: string;
  sn: string;
  kind: DeviceKind;
  name: string;
  /** Expected reporting period in seconds; 0 = event-driven, never offline. */
  reportPeriodS: number;
  thresholds: Threshold[];
  /**
   * The kind's defaults in the project (protocol/kinds defaults overridden by `kind_thresholds`): a metric
   * the device reports without a threshold of its own is judged on these (docs/domain.md "Unconfigured
   * metrics"). Absent: the descriptor's defaults.
   */
  kindDefaults?: readonly Threshold[];
}

/** What the database remembers of a device's live state (restored at start). */
export interface DeviceSnapshot {
  status: DeviceStatus;
  lastSeenMs: number | null;
  latest: Record<string, number> | null;
  /** Metrics reported with no threshold of the device's own, flagged until configured (absent: none). */
  unconfiguredMetrics?: readonly string[];
}

/**
 * An alarm as the rules engine holds it: the protocol Alarm with its lifecycle fields, with `alarmId` null until the INSERT has
 * returned. The engine mutates a draft in place (level change, clear) and hands it to the persister,
 * which writes its current state and fills `alarmId`. Handling fields (`deal*`) belong to REST; the
 * engine only mirrors them.
 */
export type AlarmDraft = Omit<AlarmRecord, 'alarmId'> & { alarmId: number | null };

/** A device status change to fan out. `atMs` is server time (ms since epoch). */
export interface StatusChange {
  projectId: string;
  sn: string;
  status: DeviceStatus;
  /** The offline rule (DeviceMonitor.online): a change of it alone is a status change too (a silent device in warning). */
  online: boolean;
  atMs: number;
}

/** A device's set of unconfigured metrics changed (docs/domain.md "Unconfigured metrics"): persist it. */
export interface UnconfiguredChange {
  projectId: string;
  sn: string;
  /** Every metric now flagged, in first-seen order (empty: the flag is gone). */
  metrics: string[];
}

/** What an engine step changed: alarms to persist (then push), device status changes, and unconfigured-metric flags to persist. */
export interface Effects {
  alarms: AlarmDraft[];
  statuses: StatusChange[];
  unconfigured?: UnconfiguredChange[];
}

/** What a project's zone rules know now (server/rules/zoneRules.ts): headcount and portal counts per zone id. */
export interface ZoneStats {
  headcount: Map<string, number>;
  portal: Map<string, { in: number; out: number }>;
  position(sn: string): { tunnelId: string; chainageM: number; lastFixMs: number; zoneIds: string[] } | undefined;
}

/** The zone figures of a project nobody here holds (another cluster node owns its partition): nothing counted. */
export const NO_ZONE_STATS: ZoneStats = { headcount: new Map(), portal: new Map(), position: () => undefined };
