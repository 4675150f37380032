import { describe, expect, it } from 'vitest';
import { attendanceRole, gateKind, gatePassSchema, parseDeviceMessage } from '../index';

describe('gate kind', () => {
  const ts = Date.UTC(2026, 10, 27, 0, 0);

  it('accepts a pass with or without the gate\'s pass id and refuses a bad direction, person id or time', () => {
    expect(gatePassSchema.safeParse({ ts, personId: 'P-BC0001', direction: 'in', passId: '20261127-0001' }).success).toBe(true);
    expect(gatePassSchema.safeParse({ ts, personId: 'P-BC0001', direction: 'out' }).success).toBe(true);
    expect(gatePassSchema.safeParse({ ts, personId: 'P-BC0001', direction: 'through' }).success).toBe(false);
    expect(gatePassSchema.safeParse({ ts, personId: 'P BC0001', direction: 'in' }).success).toBe(false);
    expect(gatePassSchema.safeParse({ ts: 12, personId: 'P-BC0001', direction: 'in' }).success).toBe(false);
  });

  it('keys a pass by the gate\'s pass id, else by person, direction and time, so a pass sent twice is one', () => {
    const role = attendanceRole('gate')!;
    expect(role.decode({ ts, personId: 'P-1', direction: 'in', passId: 'A7' })).toEqual({ personId: 'P-1', direction: 'in', passKey: 'A7' });
    expect(role.decode({ ts, personId: 'P-1', direction: 'out' })).toEqual({ personId: 'P-1', direction: 'out', passKey: `P-1:out:${ts}` });
    expect(attendanceRole('beacon')).toBeUndefined();
  });

  it('is event-driven with no readings, no alarms, never offline by an alarm', () => {
    expect(gateKind).toMatchObject({ readings: false, live: null, metrics: [], thresholds: [], statuses: [], event: null });
    expect(gateKind.offline.raisesAlarm).toBe(false);
    expect(parseDeviceMessage('gate', JSON.stringify({ ts, personId: 'P-1', direction: 'in' }))).toMatchObject({ kind: 'gate', msg: { personId: 'P-1', direction: 'in' } });
  });
});
