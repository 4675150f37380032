import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, parseDeviceMessage } from './devices';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0);

describe('parseDeviceMessage', () => {
  it('accepts a gas reading with any subset of gases, from bytes or a string', () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ ts: TS, readings: { CO: 12.1, O2: 20.9 } }));
    expect(parseDeviceMessage('gas', bytes)).toEqual({ kind: 'gas', msg: { ts: TS, readings: { CO: 12.1, O2: 20.9 } } });
    expect(parseDeviceMessage('gas', JSON.stringify({ ts: TS, readings: { dust: 3 } }))).toMatchObject({ kind: 'gas' });
  });

  it('names the reason and the field for bad input', () => {
    expect(parseDeviceMessage('gas', '{not json')).toMatchObject({ reason: 'not-json' });
    expect(parseDeviceMessage('gas', JSON.stringify({ ts: TS, readings: { CO: '12' } }))).toEqual({
      reason: 'schema',
      detail: expect.stringContaining('readings.CO'),
    });
    expect(parseDeviceMessage('gas', JSON.stringify({ ts: TS, readings: {} }))).toMatchObject({ reason: 'schema' });
    expect(parseDeviceMessage('gas', JSON.stringify({ ts: TS, readings: { XYZ: 1 } }))).toMatchObject({ reason: 'schema' });
    expect(parseDeviceMessage('gas', JSON.stringify({ readings: { CO: 1 } }))).toMatchObject({ reason: 'schema', detail: expect.stringContaining('ts') });
  });

  it('rejects values outside physical range', () => {
    expect(parseDeviceMessage('gas', JSON.stringify({ ts: TS, readings: { O2: 120 } }))).toMatchObject({ reason: 'schema' });
    expect(parseDeviceMessage('gas', JSON.stringify({ ts: TS, readings: { CO: -1 } }))).toMatchObject({ reason: 'schema' });
    const crane = { ts: TS, radiusM: 30, rotationDeg: 10, heightM: 40, momentPct: 50, loadT: 2, tiltDeg: 0.05, windSpeedMps: 3 };
    expect(parseDeviceMessage('towerCrane', JSON.stringify(crane))).toMatchObject({ kind: 'towerCrane' });
    expect(parseDeviceMessage('towerCrane', JSON.stringify({ ...crane, windSpeedMps: 500 }))).toMatchObject({ reason: 'schema' });
    expect(parseDeviceMessage('gas', JSON.stringify({ ts: 5, readings: { CO: 1 } }))).toMatchObject({ reason: 'schema' });
  });

  it('parses beacons with optional vitals and camera alarms with a known algType', () => {
    const beacon = { ts: TS, tunnelId: 'LK', chainageM: 812.4, battery: 77, sos: false };
    expect(parseDeviceMessage('beacon', JSON.stringify(beacon))).toMatchObject({ kind: 'beacon', msg: beacon });
    expect(parseDeviceMessage('beacon', JSON.stringify({ ...beacon, heartRate: 88, spo2: 97 }))).toMatchObject({ kind: 'beacon' });
    expect(parseDeviceMessage('beacon', JSON.stringify({ ...beacon, sos: 'yes' }))).toMatchObject({ reason: 'schema' });
    // the optional worn sensor (docs/device-protocol.md "beacon"): a boolean when present, absent on older tags
    expect(parseDeviceMessage('beacon', JSON.stringify({ ...beacon, worn: false }))).toMatchObject({ kind: 'beacon', msg: { worn: false } });
    expect(parseDeviceMessage('beacon', JSON.stringify({ ...beacon, worn: 'no' }))).toMatchObject({ reason: 'schema' });
    expect(parseDeviceMessage('camera', JSON.stringify({ ts: TS, algType: 'noHelmet', picUrl: '/c/1.jpg' }))).toMatchObject({ kind: 'camera' });
    expect(parseDeviceMessage('camera', JSON.stringify({ ts: TS, algType: 'dancing' }))).toMatchObject({ reason: 'schema' });
  });

  it('refuses oversized payloads before parsing them', () => {
    const big = 'x'.repeat(MAX_PAYLOAD_BYTES + 1);
    expect(parseDeviceMessage('gas', big)).toMatchObject({ reason: 'too-large' });
  });
});
