import { describe, expect, it } from 'vitest';
import { cabFaceClockInSchema, cabFaceKind, clockInRole, MAX_CAPTURE_BASE64_CHARS, MAX_PAYLOAD_BYTES, parseDeviceMessage } from '../index';

describe('cabFace kind (cab clock-in terminal)', () => {
  const ts = Date.UTC(2026, 10, 27, 23, 0);
  // the first bytes of a JPEG (FF D8 FF E0) in base64
  const jpeg = `/9j/4AAQSkZJRgABAQ${'A'.repeat(30)}==`;

  it('accepts a clock-in naming the driver by id or by ID number, with or without photo and score', () => {
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', driverId: 'TC-01-D1', matched: true, score: 97.5, photo: jpeg, clockInId: 'R-1' }).success).toBe(true);
    const byId = cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', idNumber: '11010519491231002x', matched: true });
    expect(byId.success && byId.data.idNumber).toBe('11010519491231002X');
  });

  it('refuses a clock-in naming nobody, a bad machine sn, time, score or ID number shape', () => {
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', matched: true }).success).toBe(false);
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC 01', driverId: 'D1', matched: true }).success).toBe(false);
    expect(cabFaceClockInSchema.safeParse({ ts: 12, machineSn: 'TC-01', driverId: 'D1', matched: true }).success).toBe(false);
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', driverId: 'D1', matched: true, score: 101 }).success).toBe(false);
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', idNumber: '1101051949123100', matched: true }).success).toBe(false);
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', driverId: 'D1' }).success).toBe(false);
  });

  it('refuses a photo that is not base64 JPEG or is longer than a capture may be', () => {
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', driverId: 'D1', matched: true, photo: 'iVBORw0KGgo=' }).success).toBe(false);
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', driverId: 'D1', matched: true, photo: `/9j/${'A'.repeat(MAX_CAPTURE_BASE64_CHARS)}` }).success).toBe(false);
    expect(cabFaceClockInSchema.safeParse({ ts, machineSn: 'TC-01', driverId: 'D1', matched: true, photo: '/9j/ not base64' }).success).toBe(false);
  });

  it('fits a clock-in with the longest photo in one MQTT payload', () => {
    const payload = JSON.stringify({ ts, machineSn: 'A'.repeat(64), driverId: 'B'.repeat(64), matched: true, score: 99.99, photo: `/9j/${'A'.repeat(MAX_CAPTURE_BASE64_CHARS - 4)}`, clockInId: 'C'.repeat(64) });
    expect(payload.length).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(parseDeviceMessage('cabFace', payload)).toMatchObject({ kind: 'cabFace', msg: { matched: true } });
  });

  it("keys a clock-in by the terminal's record number, else by driver and time, so one sent twice is one", () => {
    const role = clockInRole('cabFace')!;
    expect(role.decode({ ts, machineSn: 'TC-01', driverId: 'D1', matched: true, clockInId: 'R-9' })).toEqual({ machineSn: 'TC-01', driverId: 'D1', idNumber: null, matched: true, score: null, photoBase64: null, key: 'R-9' });
    expect(role.decode({ ts, machineSn: 'TC-01', idNumber: '11010519491231002X', matched: false, score: 40 }).key).toBe(`11010519491231002X:${ts}`);
    expect(clockInRole('gate')).toBeUndefined();
  });

  it('is event-driven with no readings and never offline by an alarm; bad JSON is refused as schema', () => {
    expect(cabFaceKind).toMatchObject({ readings: false, live: null, metrics: [], thresholds: [], statuses: [], event: null });
    expect(cabFaceKind.offline.raisesAlarm).toBe(false);
    expect(parseDeviceMessage('cabFace', JSON.stringify({ ts, machineSn: 'TC-01', matched: true }))).toMatchObject({ reason: 'schema' });
  });
});
