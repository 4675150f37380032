import { describe, expect, it } from 'vitest';
import { teamShiftSchema } from '../../../../protocol';
import { clockText } from '../../../components/attendance/labels';
import { parseClock, SHIFT_PRESETS, shiftFromTimes } from './shiftForm';

describe('a team shift typed as start and end', () => {
  it('reads a day shift and a night shift that ends the next morning', () => {
    expect(shiftFromTimes('07:00', '19:00', '10')).toEqual({ shift: { startMin: 420, lengthMin: 720, lateGraceMin: 10 } });
    expect(shiftFromTimes('19:00', '07:00', '0')).toEqual({ shift: { startMin: 1140, lengthMin: 720, lateGraceMin: 0 } });
    expect(shiftFromTimes('6:30', '14:30', ' 120 ')).toEqual({ shift: { startMin: 390, lengthMin: 480, lateGraceMin: 120 } });
  });

  it('names the wrong field: not a time of day, or a shift the server would refuse', () => {
    expect(shiftFromTimes('7', '19:00', '10')).toEqual({ bad: 'start' });
    expect(shiftFromTimes('24:00', '07:00', '10')).toEqual({ bad: 'start' });
    expect(shiftFromTimes('07:00', '07:61', '10')).toEqual({ bad: 'end' });
    expect(shiftFromTimes('07:00', '07:00', '10')).toEqual({ bad: 'end' });
    expect(shiftFromTimes('07:00', '07:30', '10')).toEqual({ bad: 'end' });
    // the grace: whole minutes 0–120, as the server takes it
    expect(shiftFromTimes('07:00', '19:00', '121')).toEqual({ bad: 'grace' });
    expect(shiftFromTimes('07:00', '19:00', '-1')).toEqual({ bad: 'grace' });
    expect(shiftFromTimes('07:00', '19:00', '7.5')).toEqual({ bad: 'grace' });
    expect(shiftFromTimes('07:00', '19:00', '')).toEqual({ bad: 'grace' });
  });

  it('offers the two 12-hour shifts of a tunnel site, both valid on the wire', () => {
    expect(SHIFT_PRESETS.map((p) => `${clockText(p.shift.startMin)}–${clockText(p.shift.startMin + p.shift.lengthMin)}`)).toEqual(['07:00–19:00', '19:00–07:00']);
    for (const p of SHIFT_PRESETS) expect(teamShiftSchema.safeParse(p.shift).success).toBe(true);
    expect(parseClock(clockText(1439))).toBe(1439);
  });
});
