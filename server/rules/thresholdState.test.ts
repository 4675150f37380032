import { describe, expect, it } from 'vitest';
import { DEFAULT_BEACON_THRESHOLDS, DEFAULT_GAS_THRESHOLDS, DEFAULT_TOWER_CRANE_THRESHOLDS } from './defaultThresholds';
import { crossedLimit, evaluateMetric, levelOf, NORMAL_STATE, sideOf, stateFromAlarm, type Level, type MetricState } from './thresholdState';
import type { Threshold } from '../../protocol';

/** Feeds readings through the state machine and returns the level after each. */
function levels(t: Threshold, values: number[], start: MetricState = NORMAL_STATE): Level[] {
  let state = start;
  return values.map((v) => {
    state = evaluateMetric(t, state, v);
    return levelOf(state);
  });
}

const CO = DEFAULT_GAS_THRESHOLDS.CO; // warn 17, alarm 24 ppm, clears below 50 %
const O2 = DEFAULT_GAS_THRESHOLDS.O2; // warn < 20.0, alarm < 19.5 or > 23.5, low clears at 20.0, high at 23.0

describe('high limits (CO, ppm)', () => {
  it('stays normal below the warning limit and fires warning at ≥ 17 and alarm at ≥ 24', () => {
    expect(levels(CO, [0, 5, 16.9])).toEqual(['normal', 'normal', 'normal']);
    expect(levels(CO, [17])).toEqual(['warning']);
    expect(levels(CO, [24])).toEqual(['alarm']);
    expect(levels(CO, [60])).toEqual(['alarm']);
  });

  it('escalates warning → alarm at once when the alarm limit is reached', () => {
    expect(levels(CO, [18, 20, 24])).toEqual(['warning', 'warning', 'alarm']);
  });

  it('does not flap when the reading hovers around the alarm limit', () => {
    const hovering = [24.1, 23.9, 24.0, 23.5, 24.2, 22, 25, 13];
    expect(levels(CO, hovering).every((l) => l === 'alarm')).toBe(true);
  });

  it('does not flap when the reading hovers around the warning limit', () => {
    expect(levels(CO, [17.1, 16.9, 17.0, 15, 17.2, 9])).toEqual(Array(6).fill('warning'));
  });

  it('de-escalates an alarm only after the hysteresis clear (< 12 ppm), then through warning (≥ 8.5)', () => {
    expect(levels(CO, [30, 16, 12, 11.9, 9, 8.4])).toEqual(['alarm', 'alarm', 'alarm', 'warning', 'warning', 'normal']);
  });

  it('re-raises after a clear when the limit is crossed again', () => {
    expect(levels(CO, [30, 2, 30])).toEqual(['alarm', 'normal', 'alarm']);
  });

  it('reports the crossed limit of the current level', () => {
    let s = evaluateMetric(CO, NORMAL_STATE, 18);
    expect(crossedLimit(CO, s)).toBe(17);
    s = evaluateMetric(CO, s, 40);
    expect(crossedLimit(CO, s)).toBe(24);
    expect(sideOf(s)).toBe('high');
    expect(crossedLimit(CO, NORMAL_STATE)).toBeNull();
  });
});

describe('O2: hypoxia (low) and hyperoxia (high)', () => {
  it('is normal at 20.9 %vol', () => {
    expect(levels(O2, [20.9, 21, 23.4])).toEqual(['normal', 'normal', 'normal']);
  });

  it('warns at ≤ 20.0 and alarms at ≤ 19.5 (hypoxia)', () => {
    const s = evaluateMetric(O2, NORMAL_STATE, 19.4);
    expect(levels(O2, [20.0])).toEqual(['warning']);
    expect(levelOf(s)).toBe('alarm');
    expect(sideOf(s)).toBe('low');
    expect(crossedLimit(O2, s)).toBe(19.5);
  });

  it('keeps a hypoxia alarm until O2 is back at the clear level of 20.0, without flapping at 19.5', () => {
    expect(levels(O2, [19.4, 19.6, 19.5, 19.9, 20.05])).toEqual(['alarm', 'alarm', 'alarm', 'alarm', 'normal']);
  });

  it('alarms at ≥ 23.5 (hyperoxia) and clears only under 23.0', () => {
    expect(levels(O2, [23.5, 23.2, 23.6, 23.05, 22.9])).toEqual(['alarm', 'alarm', 'alarm', 'alarm', 'normal']);
    expect(sideOf(evaluateMetric(O2, NORMAL_STATE, 24))).toBe('high');
  });

  it('switches sides when hypoxia turns straight into hyperoxia', () => {
    let s = evaluateMetric(O2, NORMAL_STATE, 19);
    s = evaluateMetric(O2, s, 24);
    expect(levelOf(s)).toBe('alarm');
    expect(sideOf(s)).toBe('high');
    expect(crossedLimit(O2, s)).toBe(23.5);
  });
});

describe('other seeded limits', () => {
  it('crane moment: warning at 90 %, alarm at 100 %, alarm holds down to 90 %', () => {
    const moment = DEFAULT_TOWER_CRANE_THRESHOLDS.find((t) => t.metric === 'momentPct')!;
    expect(levels(moment, [50, 92, 101, 95, 89, 80])).toEqual(['normal', 'warning', 'alarm', 'alarm', 'warning', 'normal']);
  });

  it('heart rate: the whole normal range 60–100 bpm raises nothing (docs/domain.md), 110 warns, 120 alarms', () => {
    const hr = DEFAULT_BEACON_THRESHOLDS.find((t) => t.metric === 'heartRate')!;
    expect(levels(hr, [60, 85, 100])).toEqual(['normal', 'normal', 'normal']);
    expect(levels(hr, [110, 120, 45])).toEqual(['warning', 'alarm', 'alarm']);
  });

  it('beacon battery (low only) clears at 30 %', () => {
    const battery = DEFAULT_BEACON_THRESHOLDS.find((t) => t.metric === 'battery')!;
    expect(levels(battery, [50, 19, 9, 25, 31])).toEqual(['normal', 'warning', 'alarm', 'alarm', 'normal']);
  });

  it('a low limit without clearLow clears as soon as the value is above it', () => {
    const t: Threshold = { metric: 'x', unit: '', warnHigh: null, alarmHigh: null, warnLow: null, alarmLow: 10, clearRatio: 1, clearLow: null };
    expect(levels(t, [10, 10.1])).toEqual(['alarm', 'normal']);
  });
});

describe('stateFromAlarm (restart)', () => {
  it('restores the side whose limit was stored, so hysteresis continues', () => {
    const high = stateFromAlarm(CO, 'alarm', 24, 30);
    expect(levels(CO, [15], high)).toEqual(['alarm']);
    const low = stateFromAlarm(O2, 'alarm', 19.5, 19.2);
    expect(levels(O2, [19.8], low)).toEqual(['alarm']);
    expect(sideOf(low)).toBe('low');
  });

  it('falls back to the side the value lies on when the limit has been edited since', () => {
    expect(sideOf(stateFromAlarm(CO, 'warning', 15, 16))).toBe('high');
    expect(sideOf(stateFromAlarm(O2, 'warning', 20.5, 20.1))).toBe('low');
  });
});
