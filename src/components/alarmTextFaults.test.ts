import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { makeAlarm } from '../test/builders';
import { activateLocale } from '../i18n/i18n';
import { alarmTitle, limitNote } from './alarmText';

describe('limit note of a threshold alarm', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });

  it('says the limit is the kind default when the device has no threshold of its own', () => {
    expect(limitNote(i18n, makeAlarm({ alarmId: 1, metric: 'CH4', limitSource: 'default' }))).toMatch(/kind default limit/);
  });

  it('says nothing for the device own limit, an alarm stored before it was recorded, or another kind of alarm', () => {
    expect(limitNote(i18n, makeAlarm({ alarmId: 2, metric: 'CO', limitSource: 'device' }))).toBe('');
    expect(limitNote(i18n, makeAlarm({ alarmId: 3, metric: 'CO' }))).toBe('');
    expect(limitNote(i18n, makeAlarm({ alarmId: 4, kind: 'offline', metric: 'offline', limitSource: 'default' }))).toBe('');
  });

  it('is translated', async () => {
    await activateLocale('zh-CN');
    try {
      expect(limitNote(i18n, makeAlarm({ alarmId: 5, metric: 'CH4', limitSource: 'default' }))).not.toMatch(/kind default/);
    } finally {
      await activateLocale('en');
    }
  });
});

describe('sensor fault titles', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });

  it('names a clock off by its minutes, readings out of range, and a stuck metric by its name', () => {
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 1, kind: 'fault', metric: 'clockSkew', value: -12.4, unit: 'min', side: null }))).toBe('Device clock off by 12 min');
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 2, kind: 'fault', metric: 'outOfRange', value: 3, side: null }))).toBe('Sensor fault: readings out of range');
    expect(alarmTitle(i18n, makeAlarm({ alarmId: 3, kind: 'fault', metric: 'CO', value: 2, side: null }))).toBe('Sensor fault: Carbon monoxide (CO) stuck');
  });
});
