import { DEFAULT_FAULT_POLICY, FAULT_CLOCK_SKEW, FAULT_OUT_OF_RANGE, type AnyKindDescriptor, type FaultPolicy } from '../../protocol';

/**
 * Sensor faults of one device (docs/domain.md "Sensor faults"): a stuck reading, readings outside the
 * physical range several messages in a row, a device clock off. Pure in-memory logic, time passed in;
 * DeviceMonitor turns the conditions into `fault` alarms (warning). Bounded: one entry per metric of the
 * kind.
 */

/**
 * One fault condition after a message: `active` while it holds. Stuck: `value` the reading in the metric's
 * unit, no threshold; out of range: `value` the refused messages in a row, `threshold` the streak that
 * raises it; clock: `value` the skew in minutes (device ahead > 0), `threshold` the allowed skew in minutes.
 */
export interface FaultCondition {
  metric: string;
  active: boolean;
  value: number | null;
  unit: string | null;
  threshold: number | null;
}

/**
 * Site settings that override the descriptors' fault defaults (ServerConfig.sensorFaults, docs/configuration.md):
 * `stuckAfterS` per metric key (seconds; 0 turns the stuck check of that metric off; only metrics whose
 * descriptor declares a stuck window are judged), `clockSkewS` the allowed clock skew (seconds) of every kind.
 */
export interface FaultSettings {
  stuckAfterS?: Readonly<Record<string, number>>;
  clockSkewS?: number;
}

/** The fault policy of a kind: its descriptor's, else the default, with the site's clock skew over it. */
export function faultPolicyOf(d: AnyKindDescriptor, settings: FaultSettings = {}): FaultPolicy {
  const policy = d.faults ?? DEFAULT_FAULT_POLICY;
  return settings.clockSkewS === undefined ? policy : { ...policy, clockSkewS: settings.clockSkewS };
}

/**
 * The stuck window (s) of each metric of `d` that is judged stuck: the descriptor's `stuckAfterS`, or the
 * site's setting for that metric key (0 leaves the metric out).
 */
export function stuckWindowsOf(d: AnyKindDescriptor, settings: FaultSettings = {}): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of d.metrics) {
    if (m.stuckAfterS === undefined) continue;
    const s = settings.stuckAfterS?.[m.key] ?? m.stuckAfterS;
    if (s > 0) out.set(m.key, s);
  }
  return out;
}

/**
 * Whether a message stamped `tsMs` and received at `receivedAtMs` (both ms since epoch) comes from a
 * device whose clock is off by more than the policy's `clockSkewS`. The rules never trust `ts`: silence,
 * alarms and last-seen run on the receive time.
 */
export function clockOff(policy: FaultPolicy, tsMs: number, receivedAtMs: number): boolean {
  return Math.abs(tsMs - receivedAtMs) > policy.clockSkewS * 1000;
}

/** `v` to `digits` decimals: the sensor's resolution as people read it. */
function resolution(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

export class SensorFaults {
  /** Per metric with `stuckAfterS`: the reading (at its resolution) and since when it has not moved (ms). */
  private readonly unchanged = new Map<string, { reading: number; sinceMs: number }>();
  private refusedInARow = 0;
  private skewedInARow = 0;
  /** Receive time of the first of the skewed messages in a row (ms), null when the last one was on time. */
  private skewedSinceMs: number | null = null;
  private readonly policy: FaultPolicy;
  /** Metric key → stuck window (s), for the metrics judged stuck. */
  private readonly stuckAfterS: Map<string, number>;

  /** `settings`: the site's overrides of the descriptor's fault defaults (none by default). */
  constructor(
    private readonly descriptor: AnyKindDescriptor,
    settings: FaultSettings = {},
  ) {
    this.policy = faultPolicyOf(descriptor, settings);
    this.stuckAfterS = stuckWindowsOf(descriptor, settings);
  }

  /**
   * A valid message with metric `values`, stamped `tsMs` by the device and received at `nowMs`.
   * @returns the out-of-range, clock and stuck conditions it decides (inactive ones clear an open fault)
   */
  accepted(values: Record<string, number>, tsMs: number, nowMs: number): FaultCondition[] {
    const out: FaultCondition[] = [{ metric: FAULT_OUT_OF_RANGE, active: false, value: null, unit: null, threshold: this.policy.outOfRangeStreak }];
    this.refusedInARow = 0;
    const skewMin = (tsMs - nowMs) / 60_000;
    out.push({ metric: FAULT_CLOCK_SKEW, active: this.clockFault(tsMs, nowMs), value: Math.round(skewMin * 10) / 10, unit: 'min', threshold: this.policy.clockSkewS / 60 });
    for (const m of this.descriptor.metrics) {
      const stuckAfterS = this.stuckAfterS.get(m.key);
      if (stuckAfterS === undefined || !(m.key in values)) continue;
      const reading = resolution(values[m.key], m.digits);
      const prev = this.unchanged.get(m.key);
      // the stuck reading in the metric's unit; no limit in that unit (the window is the metric's stuck window)
      const condition: FaultCondition = { metric: m.key, active: false, value: reading, unit: m.unit, threshold: null };
      if (reading <= m.range.min) this.unchanged.delete(m.key); // zero suppression in clean air is not a fault
      else if (!prev || prev.reading !== reading) this.unchanged.set(m.key, { reading, sinceMs: nowMs });
      else condition.active = nowMs - prev.sinceMs > stuckAfterS * 1000;
      out.push(condition);
    }
    return out;
  }

  /**
   * The clock condition after a message stamped `tsMs`, received at `nowMs`: `clockSkewStreak` skewed
   * messages in a row, and when they are behind, for at least `clockSkewHoldS` of receive time.
   */
  private clockFault(tsMs: number, nowMs: number): boolean {
    if (!clockOff(this.policy, tsMs, nowMs)) {
      this.skewedInARow = 0;
      this.skewedSinceMs = null;
      return false;
    }
    this.skewedInARow++;
    this.skewedSinceMs ??= nowMs;
    if (this.skewedInARow < this.policy.clockSkewStreak) return false;
    return tsMs > nowMs || nowMs - this.skewedSinceMs >= this.policy.clockSkewHoldS * 1000;
  }

  /** A message refused for a reading outside a metric's physical range. @returns the out-of-range condition */
  refused(): FaultCondition {
    this.refusedInARow++;
    const n = this.policy.outOfRangeStreak;
    return { metric: FAULT_OUT_OF_RANGE, active: this.refusedInARow >= n, value: this.refusedInARow, unit: null, threshold: n };
  }

  /** The device was silent (offline): a reading that did not move across the gap says nothing about a stuck sensor. */
  forgetReadings(): void {
    this.unchanged.clear();
  }

  /**
   * Re-adopts an active fault read from the database (restart): a stuck reading keeps its start (the
   * alarm's first sighting less the window), an out-of-range streak its length.
   */
  restore(metric: string, value: number | null, firstSeenMs: number): void {
    if (metric === FAULT_OUT_OF_RANGE) {
      this.refusedInARow = Math.max(this.refusedInARow, this.policy.outOfRangeStreak);
      return;
    }
    if (metric === FAULT_CLOCK_SKEW) {
      // the next skewed message keeps it
      this.skewedInARow = Math.max(this.skewedInARow, this.policy.clockSkewStreak - 1);
      this.skewedSinceMs = firstSeenMs - this.policy.clockSkewHoldS * 1000;
      return;
    }
    const stuckAfterS = this.stuckAfterS.get(metric);
    if (stuckAfterS !== undefined && value !== null) this.unchanged.set(metric, { reading: value, sinceMs: firstSeenMs - stuckAfterS * 1000 - 1 });
  }
}
