import { describe, expect, it } from 'vitest';
import { beijingDayStart } from '../../protocol';
import { statusFlags } from './personStatus';

describe('beijingDayStart', () => {
  it('is 00:00 in Beijing (16:00 UTC the day before)', () => {
    expect(new Date(beijingDayStart(Date.UTC(2026, 10, 24, 5, 0))).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    // 23:30 UTC is already the next day in Beijing
    expect(new Date(beijingDayStart(Date.UTC(2026, 10, 24, 23, 30))).toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });
});

describe('statusFlags', () => {
  it('puts SOS first and always says online or offline', () => {
    expect(statusFlags({ sos: true, online: false, lowBattery: true })).toEqual(['sos', 'offline', 'lowBattery']);
    expect(statusFlags({ sos: false, online: true, lowBattery: false })).toEqual(['online']);
  });
});
