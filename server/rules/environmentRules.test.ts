import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, isNoiseNight, type AlarmRecord, type DeviceMessage, type EnvironmentTelemetry } from '../../protocol';
import { DeviceMonitor } from './deviceMonitor';
import type { DeviceConfig } from './types';

/** 2026-06-01 00:00 Beijing time (UTC+8) is 2026-05-31 16:00 UTC. */
const BEIJING_MIDNIGHT = Date.UTC(2026, 4, 31, 16, 0, 0);
const at = (h: number, m = 0, s = 0) => BEIJING_MIDNIGHT + ((h * 60 + m) * 60 + s) * 1000;

const config: DeviceConfig = {
  projectId: 'p1',
  sn: 'ENV-1',
  kind: 'environment',
  name: 'Portal monitor',
  reportPeriodS: 60,
  thresholds: DEVICE_KIND_REGISTRY.defaultThresholds('environment'),
};
const monitor = () => new DeviceMonitor(config, { status: 'unknown', lastSeenMs: null, latest: null }, at(0));
const reading = (msg: Omit<EnvironmentTelemetry, 'ts'>, ts: number): DeviceMessage => ({ kind: 'environment', msg: { ts, ...msg } });

describe('GB 12523 night hours in Beijing time', () => {
  it('are 22:00 up to 06:00, to the second', () => {
    expect(isNoiseNight(at(21, 59, 59))).toBe(false);
    expect(isNoiseNight(at(22))).toBe(true);
    expect(isNoiseNight(at(3))).toBe(true);
    expect(isNoiseNight(at(5, 59, 59))).toBe(true);
    expect(isNoiseNight(at(6))).toBe(false);
    expect(isNoiseNight(at(12))).toBe(false);
  });
});

describe('environment rules', () => {
  it('judges noise on the day limit (70 dB(A)) by day and the night limit (55) at night', () => {
    const m = monitor();
    expect(m.accept(reading({ noise: 62 }, at(21, 59)), at(21, 59))).toEqual([]);
    // the same 62 dB(A) one minute after 22:00 is over the night limit
    expect(m.accept(reading({ noise: 62 }, at(22)), at(22))).toMatchObject([{ kind: 'threshold', metric: 'noise', level: 'alarm', threshold: 55, side: 'over', unit: 'dB(A)' }]);
    // at 06:00 the day limit applies again: 62 is under 70 × 0.95, the alarm clears
    expect(m.accept(reading({ noise: 62 }, at(6)), at(6))).toMatchObject([{ metric: 'noise', state: 'cleared' }]);
    expect(m.accept(reading({ noise: 69.9 }, at(6, 1)), at(6, 1))).toEqual([]);
    expect(m.accept(reading({ noise: 70 }, at(6, 2)), at(6, 2))).toMatchObject([{ metric: 'noise', level: 'alarm', threshold: 70 }]);
  });

  it('judges only readings flagged N; flagged ones are kept with their flag in latest', () => {
    const m = monitor();
    // PM10 at 200 µg/m³ while the sensor calibrates (C) or is faulty (D): no alarm
    expect(m.accept(reading({ pm10: 200, flags: { pm10: 'C' } }, at(3)), at(3))).toEqual([]);
    expect(m.latest).toMatchObject({ pm10: 200, pm10Flag: 5 });
    expect(m.accept(reading({ pm10: 200, pm25: 60, flags: { pm10: 'D' } }, at(3, 1)), at(3, 1))).toEqual([]);
    expect(m.latest).toMatchObject({ pm10: 200, pm10Flag: 4, pm25: 60, pm25Flag: 0 });
    // the same reading valid (no flag: N) raises the alarm, and the flag in latest is back to N
    expect(m.accept(reading({ pm10: 200 }, at(3, 2)), at(3, 2))).toMatchObject([{ metric: 'pm10', level: 'alarm', threshold: 150 }]);
    expect(m.latest).toMatchObject({ pm10Flag: 0 });
  });
});

describe('environment alarms across a restart', () => {
  /** The night alarm a monitor raised at 23:00 with 62 dB(A), as the database gives it back. */
  const nightAlarm = () => {
    const raised = monitor().accept(reading({ noise: 62 }, at(23)), at(23))[0];
    return { ...raised, alarmId: 7 } as AlarmRecord;
  };

  it('restores a night noise alarm on the night limit, even where the device has no day limit', () => {
    // a project that judges this monitor's noise at night only (no day limit on it nor in the kind's defaults)
    const night = config.thresholds.filter((t) => t.metric !== 'noise');
    const nightOnly: DeviceConfig = { ...config, thresholds: night, kindDefaults: night };
    const m = new DeviceMonitor(nightOnly, { status: 'alarm', lastSeenMs: at(23), latest: { noise: 62 } }, at(23, 30));
    expect(m.restore(nightAlarm(), at(23, 30))).toEqual([]);
    // 53 dB(A) is within the night limit's hold band (55 × 0.95): the restored alarm holds (refreshed), nothing new
    expect(m.accept(reading({ noise: 53 }, at(23, 31)), at(23, 31))).toMatchObject([{ alarmId: 7, state: 'active', value: 53, threshold: 55 }]);
    expect(m.openAlarms()).toHaveLength(1);
    expect(m.accept(reading({ noise: 50 }, at(23, 32)), at(23, 32))).toMatchObject([{ alarmId: 7, state: 'cleared' }]);
  });

  it('keeps a restored night alarm held by the night hysteresis and clears it by the day limit after 06:00', () => {
    const m = new DeviceMonitor(config, { status: 'alarm', lastSeenMs: at(23), latest: { noise: 62 } }, at(23, 30));
    expect(m.restore(nightAlarm(), at(23, 30))).toEqual([]);
    expect(m.accept(reading({ noise: 54 }, at(23, 31)), at(23, 31))).toMatchObject([{ alarmId: 7, state: 'active', value: 54 }]);
    expect(m.accept(reading({ noise: 60 }, at(6)), at(6))).toMatchObject([{ alarmId: 7, state: 'cleared' }]);
  });
});
