import { DEFAULT_OFFLINE_PERIODS, worstStatus, type DeviceStatus } from '../../protocol';
import type { Level } from './thresholdState';

/** A device is offline after this many reporting periods of silence (convention; protocol/kinds OfflinePolicy). */
export const OFFLINE_PERIODS = DEFAULT_OFFLINE_PERIODS;

/**
 * A camera shows `violation` while it has an untreated (dealStatus 0) AI alarm raised within this window
 * (ms). Our choice: long enough for a guard on a wall screen to notice, short enough that a camera does
 * not stay red for a whole shift because nobody handled one capture.
 */
export const VIOLATION_WINDOW_MS = 10 * 60_000;

/**
 * True when a device last seen at `lastSeenMs` has been silent for more than `periods` (default
 * OFFLINE_PERIODS; the kind's offline policy) × its reporting period at `nowMs`. A period of 0 (event-driven devices such as AI cameras) never goes
 * offline; a device never seen is `unknown`, not offline.
 */
export function isSilent(lastSeenMs: number | null, reportPeriodS: number, nowMs: number, periods = OFFLINE_PERIODS): boolean {
  if (lastSeenMs === null || reportPeriodS <= 0) return false;
  return nowMs - lastSeenMs > periods * reportPeriodS * 1000;
}

/** What the status of a device is derived from. */
export interface StatusInputs {
  /** At least one accepted message since the device was created. */
  seen: boolean;
  /** Silent for more than OFFLINE_PERIODS reporting periods. */
  offline: boolean;
  /** Current level of each metric with a threshold, plus `alarm` while an SOS is active. */
  levels: Iterable<Level>;
  /** An untreated AI alarm within VIOLATION_WINDOW_MS (cameras). */
  violation: boolean;
}

/**
 * Device status with docs/domain.md precedence alarm > violation > warning > online > offline > unknown.
 * A silent device keeps a threshold alarm it last reported (it was over the limit when it fell silent,
 * and nothing says the air got better), so `alarm` still wins over `offline`.
 */
export function deriveStatus(inputs: StatusInputs): DeviceStatus {
  if (!inputs.seen) return 'unknown';
  const candidates: DeviceStatus[] = [inputs.offline ? 'offline' : 'online'];
  for (const level of inputs.levels) if (level !== 'normal') candidates.push(level);
  if (inputs.violation) candidates.push('violation');
  return worstStatus(candidates);
}
