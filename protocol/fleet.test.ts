import { describe, expect, it } from 'vitest';
import { thresholdProblems } from './fleet';
import { DEVICE_KIND_REGISTRY, highThreshold } from './kinds';

describe('thresholdProblems', () => {
  it('accepts every seeded default of every kind', () => {
    for (const d of DEVICE_KIND_REGISTRY.descriptors) {
      for (const { threshold } of d.thresholds) expect(thresholdProblems(d.kind, threshold), `${d.kind}.${threshold.metric}`).toEqual([]);
    }
  });

  it('refuses a warning at or after the alarm, on either side', () => {
    expect(thresholdProblems('towerCrane', highThreshold('windSpeedMps', 'm/s', 13.8, 10.8, 0.9))).toEqual([expect.stringContaining('windSpeedMps.warnHigh')]);
    expect(thresholdProblems('towerCrane', highThreshold('windSpeedMps', 'm/s', 12, 12, 0.9))).toHaveLength(1);
    const spo2 = { metric: 'spo2', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 90, alarmLow: 94, clearRatio: 1, clearLow: 95 };
    expect(thresholdProblems('beacon', spo2)).toEqual([expect.stringContaining('spo2.warnLow')]);
  });

  it("refuses another unit, a limit outside the metric's range, an unknown metric, no limit at all", () => {
    expect(thresholdProblems('towerCrane', highThreshold('windSpeedMps', 'km/h', 10, 12, 0.9))).toEqual([expect.stringContaining('unit')]);
    expect(thresholdProblems('towerCrane', highThreshold('momentPct', '%', 90, 301, 0.9))).toEqual([expect.stringContaining('momentPct.alarmHigh: 301 is outside 0…300 %')]);
    expect(thresholdProblems('towerCrane', highThreshold('tiltDeg', '°', -20, 1, 0.9))).toEqual([expect.stringContaining('tiltDeg.warnHigh')]);
    expect(thresholdProblems('towerCrane', highThreshold('speed', 'm/s', 1, 2, 0.9))).toEqual(['speed: not a metric of towerCrane']);
    expect(thresholdProblems('towerCrane', { ...highThreshold('loadT', 't', 1, 2, 0.9), warnHigh: null, alarmHigh: null })).toEqual(['loadT: set at least one limit']);
  });

  it('refuses low limits above high ones and a low clear level below its limit', () => {
    expect(thresholdProblems('towerCrane', { ...highThreshold('tiltDeg', '°', 0.1, 0.2, 0.9), warnLow: 0.15 })).toEqual(['tiltDeg: low limits must be below high limits']);
    const battery = { metric: 'battery', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 20, alarmLow: 10, clearRatio: 1, clearLow: 15 };
    expect(thresholdProblems('beacon', battery)).toEqual(['battery.clearLow: must not be below the low limits']);
    expect(thresholdProblems('towerCrane', { ...highThreshold('tiltDeg', '°', 0.1, 0.2, 0.9), clearLow: 0.05 })).toEqual(['tiltDeg.clearLow: needs a low limit']);
  });
});
