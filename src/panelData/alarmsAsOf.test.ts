import { describe, expect, it } from 'vitest';
import { makeAlarm, T0 } from '../test/builders';
import { alarmsAsOf, statusAsOf } from './alarmsAsOf';

describe('alarmsAsOf', () => {
  const a = makeAlarm({ alarmId: 1, raisedAtMs: T0, state: 'cleared', clearedAtMs: T0 + 10, dealStatus: 1, dealRemark: 'ok', dealtBy: 'admin', dealtAtMs: T0 + 20 });
  const b = makeAlarm({ alarmId: 2, raisedAtMs: T0 + 15, state: 'active', clearedAtMs: null, dealStatus: 0, dealRemark: null, dealtBy: null, dealtAtMs: null });

  it('keeps alarms raised up to the instant, newest first, each with its state then', () => {
    expect(alarmsAsOf([a, b], T0 - 1, 10)).toEqual([]);
    const at5 = alarmsAsOf([a, b], T0 + 5, 10);
    expect(at5.map((x) => [x.alarmId, x.state, x.dealStatus, x.clearedAtMs])).toEqual([[1, 'active', 0, null]]);
    const at15 = alarmsAsOf([a, b], T0 + 15, 10);
    expect(at15.map((x) => [x.alarmId, x.state, x.dealStatus])).toEqual([
      [2, 'active', 0],
      [1, 'cleared', 0],
    ]);
    expect(alarmsAsOf([a, b], T0 + 20, 10)[1]).toBe(a);
    expect(alarmsAsOf([a, b], T0 + 20, 1).map((x) => x.alarmId)).toEqual([2]);
  });

  it('derives a device status from its active alarms and the age of its last reading', () => {
    const dev = { sn: b.deviceSn, reportPeriodS: 10 };
    expect(statusAsOf(dev, alarmsAsOf([b], T0 + 20, 10), T0, T0 + 20)).toBe(b.level);
    expect(statusAsOf(dev, [], T0, T0 + 30_000)).toBe('online');
    expect(statusAsOf(dev, [], T0, T0 + 30_001)).toBe('offline');
    expect(statusAsOf(dev, [], null, T0)).toBe('unknown');
  });
});
