import { describe, expect, it } from 'vitest';
import type { Alarm } from '../../../protocol';
import { openAlarmsBySn } from './openAlarms';

const alarm = (deviceSn: string, state: Alarm['state'], dealStatus: Alarm['dealStatus']) => ({ deviceSn, state, dealStatus }) as Alarm;

describe('openAlarmsBySn', () => {
  it('counts active alarms and cleared ones nobody handled, per device', () => {
    const counts = openAlarmsBySn([
      alarm('GC-B1', 'active', 0),
      alarm('GC-B1', 'cleared', 0),
      alarm('GC-B1', 'cleared', 2),
      alarm('TC-B1', 'active', 1),
      alarm('YC-B1', 'cleared', 1),
    ]);
    expect(Object.fromEntries(counts)).toEqual({ 'GC-B1': 2, 'TC-B1': 1 });
  });
});
