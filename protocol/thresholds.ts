import { z } from 'zod';

/**
 * A threshold rule for one metric of one device. Values are in the metric's unit.
 * High limits fire when value >= limit; low limits fire when value <= limit (O2 hypoxia).
 * `clearRatio` is the hysteresis: an alarm on a high limit clears only when the value falls under
 * limit × clearRatio (T/CI 1069-2025 clears at 50 % of the limit); on a low limit, when it rises above
 * limit ÷ clearRatio is not meaningful, so low limits clear at `clearLow` (an absolute value).
 */
export const thresholdSchema = z.object({
  metric: z.string().min(1).max(64),
  unit: z.string().max(16),
  warnHigh: z.number().finite().nullable(),
  alarmHigh: z.number().finite().nullable(),
  warnLow: z.number().finite().nullable(),
  alarmLow: z.number().finite().nullable(),
  /** High-side hysteresis as a fraction of the crossed limit, 0 < clearRatio <= 1. */
  clearRatio: z.number().gt(0).lte(1),
  /** Low-side clear level (absolute, in unit); null clears as soon as the value is above the low limit. */
  clearLow: z.number().finite().nullable(),
});
export type Threshold = z.infer<typeof thresholdSchema>;
