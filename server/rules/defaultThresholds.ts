import { BEACON_THRESHOLD_DEFAULTS, DEVICE_KIND_REGISTRY, TOWER_CRANE_THRESHOLD_DEFAULTS, type Threshold } from '../../protocol';

/**
 * Seeded default thresholds. These are data: stored per device at seed time and editable afterwards;
 * nothing in the rules engine hard-codes a limit. The values and their sources live with each kind's
 * descriptor (protocol/kinds/*.ts, `thresholds`); this module keeps the names the server used before.
 */

/** Gas limits per gas (protocol/kinds/gas.ts GAS_THRESHOLD_DEFAULTS has the sources). */
export { DEFAULT_GAS_THRESHOLDS } from '../../protocol';

/** Tower crane limits (protocol/kinds/towerCrane.ts TOWER_CRANE_THRESHOLD_DEFAULTS has the sources). */
export const DEFAULT_TOWER_CRANE_THRESHOLDS: Threshold[] = TOWER_CRANE_THRESHOLD_DEFAULTS.map((d) => d.threshold);

/** Beacon vitals and battery (protocol/kinds/beacon.ts BEACON_THRESHOLD_DEFAULTS has the sources). */
export const DEFAULT_BEACON_THRESHOLDS: Threshold[] = BEACON_THRESHOLD_DEFAULTS.map((d) => d.threshold);

/**
 * Default thresholds for a new device of `kind` (empty for an unknown kind); `measured` lists what the
 * device measures, for kinds that seed only those (a gas station's gases, in that order).
 */
export function defaultThresholdsFor(kind: string, measured: readonly string[] = []): Threshold[] {
  return DEVICE_KIND_REGISTRY.defaultThresholds(kind, measured);
}
