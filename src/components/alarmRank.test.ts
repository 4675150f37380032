import { describe, expect, it } from 'vitest';
import { makeAlarm, T0 } from '../test/builders';
import { compareAlarms, limitRatio, priorityClass, worstAlarm } from './alarmRank';
import { triageAlarms } from './alarmText';

const co = (alarmId: number, value: number, level: 'warning' | 'alarm' = 'alarm') => makeAlarm({ alarmId, metric: 'CO', value, threshold: 24, unit: 'ppm', side: 'over', level });

describe('compareAlarms', () => {
  it('names CO 69.7/24 ppm the worst, not a newer CO 36.8/24 or a blood pressure 93/90 (the reported banner)', () => {
    const bp = makeAlarm({ alarmId: 30, deviceKind: 'beacon', deviceSn: 'B-7', metric: 'bpSystolic', value: 93, threshold: 90, unit: 'mmHg', level: 'alarm' });
    const coLow = co(20, 36.8);
    const coHigh = co(10, 69.7);
    expect(worstAlarm([bp, coLow, coHigh])?.alarmId).toBe(10);
    expect([bp, coLow, coHigh].sort(compareAlarms).map((a) => a.alarmId)).toEqual([10, 20, 30]);
  });

  it('orders level first, then kind: SOS, gas, crane overload, other thresholds, zone, AI, offline', () => {
    const sos = makeAlarm({ alarmId: 1, kind: 'sos', deviceKind: 'beacon', metric: 'sos', value: null, threshold: null, side: null, level: 'alarm' });
    const gas = co(2, 30);
    const crane = makeAlarm({ alarmId: 3, deviceKind: 'towerCrane', metric: 'momentPct', value: 140, threshold: 100, unit: '%', level: 'alarm' });
    const heart = makeAlarm({ alarmId: 4, deviceKind: 'beacon', metric: 'heartRate', value: 400, threshold: 120, unit: 'bpm', level: 'alarm' });
    const zone = makeAlarm({ alarmId: 5, kind: 'zone', deviceKind: 'beacon', metric: 'zoneEntry', value: null, threshold: null, side: null, level: 'alarm' });
    const ai = makeAlarm({ alarmId: 6, kind: 'ai', deviceKind: 'camera', metric: 'noHelmet', value: null, threshold: null, side: null, level: 'alarm' });
    const offline = makeAlarm({ alarmId: 7, kind: 'offline', metric: 'offline', value: null, threshold: null, side: null, level: 'alarm' });
    const warnGas = co(8, 200, 'warning');
    const shuffled = [warnGas, offline, ai, zone, heart, crane, gas, sos];
    expect([...shuffled].sort(compareAlarms).map((a) => a.alarmId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(priorityClass(crane)).toBe('equipment');
    expect(priorityClass(heart)).toBe('threshold');
  });

  it('measures a low limit as limit / value (O2 17.0 under 19.5 is worse than 19.0 under 19.5)', () => {
    const o2 = (alarmId: number, value: number) => makeAlarm({ alarmId, metric: 'O2', value, threshold: 19.5, unit: '%vol', side: 'below', level: 'alarm' });
    expect(limitRatio(o2(1, 17))).toBeCloseTo(19.5 / 17);
    expect(worstAlarm([o2(2, 19), o2(1, 17)])?.alarmId).toBe(1);
    // a ratio to a low limit beats a smaller one to a high limit
    expect(worstAlarm([co(3, 25), o2(1, 17)])?.alarmId).toBe(1);
  });

  it('breaks ties by the last seen, then the newest id, and keeps triage groups (open, cleared, handled)', () => {
    const older = makeAlarm({ alarmId: 1, level: 'alarm', lastSeenMs: T0 });
    const newer = makeAlarm({ alarmId: 2, level: 'alarm', lastSeenMs: T0 + 5000 });
    const cleared = co(3, 99);
    const clearedState = { ...cleared, state: 'cleared' as const };
    const handled = { ...co(4, 99), dealStatus: 1 as const };
    expect(triageAlarms([handled, clearedState, older, newer]).map((a) => a.alarmId)).toEqual([2, 1, 3, 4]);
    expect(worstAlarm([])).toBeNull();
  });
});
