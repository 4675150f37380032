import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../protocol';
import { makeEnvironmentDevice } from '../../test/builders';
import { compassPoint, flagOf, limitAt, selectMonitor, tileGrid } from './environmentView';

const monitor = (sn: string, p: Partial<DeviceInfo> = {}): DeviceInfo => makeEnvironmentDevice({ sn, ...p });
/** Beijing 2026-06-01 hh:mm (UTC+8). */
const beijing = (h: number, m = 0) => Date.UTC(2026, 4, 31, 16 + h, m);

describe('environment panel helpers', () => {
  it('picks the configured monitor, else the first environment device', () => {
    const gas = { ...monitor('GAS-1'), kind: 'gas' } as DeviceInfo;
    const devices = [gas, monitor('ENV-A'), monitor('ENV-B')];
    expect(selectMonitor(devices, 'ENV-B')?.sn).toBe('ENV-B');
    expect(selectMonitor(devices, undefined)?.sn).toBe('ENV-A');
    expect(selectMonitor(devices, 'GAS-1')?.sn).toBe('ENV-A');
    expect(selectMonitor([gas], undefined)).toBeUndefined();
  });

  it("names a reading's flag unless it is N", () => {
    expect(flagOf({ pm10: 90, pm10Flag: 5 }, 'pm10')).toBe('C');
    expect(flagOf({ pm10: 90, pm10Flag: 0 }, 'pm10')).toBeNull();
    expect(flagOf({ pm10: 90 }, 'pm10')).toBeNull();
    expect(flagOf(null, 'pm10')).toBeNull();
  });

  it('gives noise the night limit from 22:00 to 06:00 Beijing time, the edited one where there is one', () => {
    const d = monitor('ENV-A');
    expect(limitAt(d, 'noise', beijing(21, 59))?.alarmHigh).toBe(70);
    expect(limitAt(d, 'noise', beijing(22))?.alarmHigh).toBe(55);
    expect(limitAt(d, 'noise', beijing(5, 59))?.alarmHigh).toBe(55);
    expect(limitAt(d, 'noise', beijing(6))?.alarmHigh).toBe(70);
    expect(limitAt(d, 'pm25', beijing(23))?.alarmHigh).toBe(115);
    const edited = monitor('ENV-B', { thresholds: [{ metric: 'noiseNight', unit: 'dB(A)', warnHigh: null, alarmHigh: 50, warnLow: null, alarmLow: null, clearRatio: 0.95, clearLow: null }] });
    expect(limitAt(edited, 'noise', beijing(23))?.alarmHigh).toBe(50);
    expect(limitAt(edited, 'noise', beijing(12))?.alarmHigh).toBe(70); // not edited: the kind's default
  });

  it('turns degrees into 8 compass points', () => {
    expect([0, 22, 23, 90, 135, 180, 270, 337, 338, 360, -45].map(compassPoint)).toEqual([0, 0, 1, 2, 3, 4, 6, 7, 0, 0, 7]);
  });

  it('lays 7 tiles out to fill the panel: a row when wide, roomy when there is room', () => {
    expect(tileGrid(7, 1400, 120, 8)).toMatchObject({ cols: 7, rows: 1, roomy: true });
    expect(tileGrid(7, 620, 360, 8)).toMatchObject({ cols: 3, rows: 3, roomy: true });
    expect(tileGrid(7, 200, 900, 8)).toMatchObject({ cols: 1, rows: 7, roomy: true });
    const small = tileGrid(7, 600, 200, 8);
    expect(small).toMatchObject({ cols: 4, rows: 2, roomy: false });
    expect(small.tileW).toBeCloseTo(144, 0);
  });
});
