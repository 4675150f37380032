import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { makeAlarm, T0 } from '../test/builders';
import { activateLocale } from '../i18n/i18n';
import { alarmLocationText, alarmTitle, deviceLocationText, openActiveAlarms, triageAlarms, valueAgainstLimit } from './alarmText';

beforeAll(async () => {
  await activateLocale('en');
});

describe('alarm wording', () => {
  it('names an SOS once, without its 0/1 reading ("SOS SOS 1" before)', () => {
    const sos = makeAlarm({ alarmId: 1, kind: 'sos', deviceKind: 'beacon', metric: 'sos', value: 1, threshold: 1, unit: '', side: null, level: 'alarm' });
    expect(alarmTitle(i18n, sos)).toBe('SOS');
    expect(valueAgainstLimit(sos)).toBe('');
  });

  it('says "Below limit" for a low limit and "Over limit" for a high one, with the metric name', () => {
    const o2 = makeAlarm({ alarmId: 2, metric: 'O2', value: 19.2, threshold: 19.5, unit: '%vol', side: 'below', level: 'alarm' });
    const hr = makeAlarm({ alarmId: 3, deviceKind: 'beacon', metric: 'heartRate', value: 55, threshold: 60, unit: 'bpm', side: 'below' });
    const co = makeAlarm({ alarmId: 4, metric: 'CO', side: 'over' });
    expect(alarmTitle(i18n, o2)).toBe('Oxygen (O₂) · Below limit');
    expect(alarmTitle(i18n, hr)).toBe('Heart rate · Below limit');
    expect(alarmTitle(i18n, co)).toBe('Carbon monoxide (CO) · Over limit');
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 5, deviceKind: 'towerCrane', metric: 'windSpeedMps', side: 'over' }))).toBe('Wind speed · Over limit');
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 6, kind: 'ai', deviceKind: 'camera', metric: 'noHelmet', side: null }))).toBe('No helmet');
  });

  it('names a tag-reported state by its label alone, and under-voltage as a low limit of the supply voltage', () => {
    const lamp = makeAlarm({ alarmId: 7, deviceKind: 'beacon', metric: 'lampFault', value: 1, threshold: 1, unit: '', side: 'over', level: 'warning' });
    expect(alarmTitle(i18n, lamp)).toBe('Miner lamp fault');
    expect(valueAgainstLimit(lamp)).toBe('');
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 8, deviceKind: 'beacon', metric: 'fall', side: 'over' }))).toBe('Fall detected');
    const volts = makeAlarm({ alarmId: 9, deviceKind: 'beacon', metric: 'voltageV', value: 3.38, threshold: 3.4, unit: 'V', side: 'below' });
    expect(alarmTitle(i18n, volts)).toBe('Supply voltage · Below limit');
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 10, kind: 'zone', deviceKind: 'tunnel', metric: 'gathering', side: null }))).toBe('Gathering');
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 11, kind: 'zone', deviceKind: 'beacon', metric: 'leaveArea', side: null }))).toBe('Left work area');
    expect(valueAgainstLimit(volts)).toBe('3.38 / 3.4 V');
  });

  it('shows value and limit with the metric\'s decimals', () => {
    expect(valueAgainstLimit(makeAlarm({ alarmId: 1, metric: 'O2', value: 19.2, threshold: 19.5, unit: '%vol', side: 'below' }))).toBe('19.2 / 19.5 %vol');
  });
});

describe('triageAlarms', () => {
  it('puts an active SOS first, then level, then time; cleared and handled ones after', () => {
    const oldSos = makeAlarm({ alarmId: 1, kind: 'sos', deviceKind: 'beacon', metric: 'sos', level: 'alarm', side: null, lastSeenMs: T0 });
    const warnNew = makeAlarm({ alarmId: 9, level: 'warning', lastSeenMs: T0 + 90_000 });
    const alarmOld = makeAlarm({ alarmId: 3, level: 'alarm', lastSeenMs: T0 + 10_000 });
    const alarmNew = makeAlarm({ alarmId: 4, level: 'alarm', lastSeenMs: T0 + 20_000 });
    const cleared = makeAlarm({ alarmId: 10, level: 'alarm', state: 'cleared', lastSeenMs: T0 + 99_000 });
    const handled = makeAlarm({ alarmId: 11, level: 'alarm', dealStatus: 1, lastSeenMs: T0 + 99_000 });
    const order = triageAlarms([handled, warnNew, cleared, alarmOld, oldSos, alarmNew]).map((a) => a.alarmId);
    expect(order).toEqual([1, 4, 3, 9, 10, 11]);
    expect(openActiveAlarms([handled, cleared, warnNew, oldSos]).map((a) => a.alarmId)).toEqual([1, 9]);
  });

  it('ranks by the peak level reached (escalation is kept after the reading eases)', () => {
    const eased = makeAlarm({ alarmId: 1, level: 'warning', peakLevel: 'alarm', lastSeenMs: T0 });
    const warn = makeAlarm({ alarmId: 2, level: 'warning', lastSeenMs: T0 + 5000 });
    expect(triageAlarms([warn, eased]).map((a) => a.alarmId)).toEqual([1, 2]);
  });
});

describe('deviceLocationText', () => {
  it('gives position, bore and chainage of a beacon', () => {
    const tunnels = [{ tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 3000, headings: [] }];
    const beacon = { sn: 'B1', kind: 'beacon' as const, name: 'B1', position: 'Zhang Wei', tunnelId: 'LK', reportPeriodS: 5, status: 'online' as const, lastSeenMs: T0, latest: { chainageM: 345.6 }, thresholds: [] };
    expect(deviceLocationText(beacon, tunnels)).toBe('Zhang Wei · Left bore · K12+345');
  });
});

describe('alarmLocationText', () => {
  const tunnels = [{ tunnelId: 'LK', name: '左线', startChainageM: 12_000, lengthM: 3000, headings: [] }];
  it('says a beacon alarm where the site says it: the bore and K13+450, not the team and metres from the portal', () => {
    expect(alarmLocationText({ position: '出渣班，LK-E', tunnelId: 'LK', chainageM: 1450.7 }, tunnels)).toBe('左线 K13+450');
  });
  it('gives a station its position and bore when it reports no chainage, and the bore id when the bore is unknown', () => {
    expect(alarmLocationText({ position: 'LK-E face', tunnelId: 'LK', chainageM: null }, tunnels)).toBe('LK-E face · 左线');
    expect(alarmLocationText({ position: 'Mixing plant', tunnelId: 'RK', chainageM: 20 }, tunnels)).toBe('Mixing plant · RK');
    expect(alarmLocationText({ position: '左线进口工作面', tunnelId: 'LK', chainageM: null }, tunnels)).toBe('左线进口工作面');
    expect(alarmLocationText({ position: '', tunnelId: null, chainageM: null }, tunnels)).toBe('');
  });
});
