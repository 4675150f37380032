import { z } from 'zod';
import { highThreshold, type MetricDescriptor, type ThresholdDefault } from './descriptor';
import type { Threshold } from '../thresholds';

/**
 * Shared pieces of the lifting-equipment kinds (construction elevator, bridge girder erector, gantry crane,
 * yard crane; docs/device-protocol.md "Equipment"). Loads and moments are published both as values and
 * as a percentage of the rated value at the current configuration, which is what the limits apply to.
 */

/** A metric of equipment kind `kind`. Flags (0/1 states such as a limit switch) have unit '' and range 0…1. */
export function equipmentMetric(kind: string, key: string, unit: string, digits: number, min: number, max: number, message: string): MetricDescriptor {
  return { key, unit, digits, range: { min, max }, label: { id: `metric.${kind}.${key}`, message } };
}

/** The schema of a numeric metric: finite, within its range. */
export function metricNumberSchema(m: MetricDescriptor) {
  return z.number().finite().min(m.range.min).max(m.range.max);
}

/** Load or moment as % of rated: warning ≥ 90 %, alarm ≥ 100 % (JGJ 332-2014, vendor practice). */
export function ratedPctDefault(metric: string): ThresholdDefault {
  return { threshold: highThreshold(metric, '%', 90, 100, 0.9), source: 'JGJ 332-2014: warning at 90 %, alarm at 100 % of rated (vendor practice)' };
}

/** Wind: warning ≥ 10.8 m/s (Beaufort 6), alarm ≥ 13.8 m/s (stop lifting). */
export const WIND_DEFAULT: ThresholdDefault = {
  threshold: highThreshold('windSpeedMps', 'm/s', 10.8, 13.8, 0.9),
  source: 'Beaufort 6 (10.8 m/s); stop lifting at 13.8 m/s (crane rules)',
};

/** Tilt or out-of-level, absolute degrees: warning ≥ 0.17°, alarm ≥ 0.23° (convention from GB 5144, 4/1000). */
export function tiltDefault(metric: string): ThresholdDefault {
  return { threshold: highThreshold(metric, '°', 0.17, 0.23, 0.9), source: 'convention from GB 5144 (4/1000 verticality)' };
}

/**
 * A 0/1 state whose 1 is an alarm (a limit switch tripped, anti-collision intervened): alarm at 1, clears
 * at 0, no warning level.
 */
export function flagThreshold(metric: string): Threshold {
  return { metric, unit: '', warnHigh: null, alarmHigh: 1, warnLow: null, alarmLow: null, clearRatio: 1, clearLow: null };
}
