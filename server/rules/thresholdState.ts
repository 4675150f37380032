import type { AlarmLevel, Threshold } from '../../protocol';

/** Level of one side of a metric: `normal` or an alarm level. */
export type Level = 'normal' | AlarmLevel;

/** Which limit was crossed: a high limit (value ≥ limit) or a low limit (value ≤ limit, e.g. O2 hypoxia). */
export type Side = 'high' | 'low';

/**
 * State of one metric of one device. Each side is tracked on its own, because hysteresis depends on the
 * side that fired (a high alarm clears at limit × clearRatio, a low alarm at `clearLow`).
 */
export interface MetricState {
  high: Level;
  low: Level;
}

/** The state of a metric that has not fired. */
export const NORMAL_STATE: MetricState = Object.freeze({ high: 'normal', low: 'normal' }) as MetricState;

const RANK: Record<Level, number> = { normal: 0, warning: 1, alarm: 2 };

function elevated(level: Level): boolean {
  return level !== 'normal';
}

/**
 * High side (value ≥ limit fires). A held level survives while the value stays at or above its limit ×
 * clearRatio (T/CI 1069-2025: an alarm clears only under 50 % of the limit), so a reading hovering at a
 * limit does not flap. An alarm that clears falls to warning only if the value is still within the
 * warning's own hold band; it never skips the hysteresis.
 */
function nextHigh(t: Threshold, prev: Level, value: number): Level {
  const { alarmHigh, warnHigh, clearRatio } = t;
  if (alarmHigh !== null && value >= alarmHigh) return 'alarm';
  if (alarmHigh !== null && prev === 'alarm' && value >= alarmHigh * clearRatio) return 'alarm';
  if (warnHigh !== null && value >= warnHigh) return 'warning';
  if (warnHigh !== null && elevated(prev) && value >= warnHigh * clearRatio) return 'warning';
  return 'normal';
}

/**
 * Low side (value ≤ limit fires). A held level survives while the value stays under `clearLow`
 * (absolute, e.g. O2 back at 20.0 %vol); with `clearLow` null it clears as soon as the value is above
 * the limit.
 */
function nextLow(t: Threshold, prev: Level, value: number): Level {
  const { alarmLow, warnLow, clearLow } = t;
  const held = (limit: number) => (clearLow !== null ? value < clearLow : value <= limit);
  if (alarmLow !== null && value <= alarmLow) return 'alarm';
  if (alarmLow !== null && prev === 'alarm' && held(alarmLow)) return 'alarm';
  if (warnLow !== null && value <= warnLow) return 'warning';
  if (warnLow !== null && elevated(prev) && held(warnLow)) return 'warning';
  return 'normal';
}

/**
 * Next state of a metric after a reading `value` (in the threshold's unit). Pure.
 * Escalation (warning → alarm) is immediate when the alarm limit is reached; de-escalation
 * (alarm → warning → normal) only after the hysteresis clear of the held level.
 */
export function evaluateMetric(t: Threshold, prev: MetricState, value: number): MetricState {
  return { high: nextHigh(t, prev.high, value), low: nextLow(t, prev.low, value) };
}

/** The worse of the two sides (`normal` when neither fired). */
export function levelOf(state: MetricState): Level {
  return RANK[state.low] > RANK[state.high] ? state.low : state.high;
}

/** The side that decides `levelOf` (high wins a tie), or null when normal. */
export function sideOf(state: MetricState): Side | null {
  const level = levelOf(state);
  if (level === 'normal') return null;
  return state.high === level ? 'high' : 'low';
}

/** The limit that the current level crossed on its side, in the threshold's unit; null when normal. */
export function crossedLimit(t: Threshold, state: MetricState): number | null {
  const side = sideOf(state);
  if (side === null) return null;
  const level = levelOf(state);
  if (side === 'high') return level === 'alarm' ? t.alarmHigh : t.warnHigh;
  return level === 'alarm' ? t.alarmLow : t.warnLow;
}

/**
 * Rebuilds the state of a metric from a persisted active alarm (restart), so that hysteresis survives:
 * the side is `known` (the alarm's stored side) when given, else the one whose limit equals the stored
 * threshold, else the side the value lies on.
 */
export function stateFromAlarm(t: Threshold, level: AlarmLevel, threshold: number | null, value: number | null, known?: Side): MetricState {
  let side: Side;
  if (known !== undefined) side = known;
  else if (threshold !== null && (threshold === t.alarmHigh || threshold === t.warnHigh)) side = 'high';
  else if (threshold !== null && (threshold === t.alarmLow || threshold === t.warnLow)) side = 'low';
  else if (threshold !== null && value !== null) side = value >= threshold ? 'high' : 'low';
  else side = t.alarmHigh !== null || t.warnHigh !== null ? 'high' : 'low';
  return side === 'high' ? { high: level, low: 'normal' } : { high: 'normal', low: level };
}
