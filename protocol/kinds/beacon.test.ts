import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY } from './index';
import { beaconKind, type BeaconTelemetry } from './beacon';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0);
const FIX: BeaconTelemetry = { ts: TS, tunnelId: 'LK', chainageM: 812.4, battery: 77, sos: false };
const parse = (msg: unknown) => DEVICE_KIND_REGISTRY.parseMessage('beacon', JSON.stringify(msg));

describe('beacon kind', () => {
  it('schema: a position in a bore, battery and SOS; vitals optional and bounded', () => {
    expect(parse(FIX)).toEqual({ kind: 'beacon', msg: FIX });
    expect(parse({ ...FIX, heartRate: 88, spo2: 97, bodyTempC: 36.6, sbp: 120, dbp: 80 })).toMatchObject({ kind: 'beacon' });
    expect(parse({ ...FIX, tunnelId: 'L/K' })).toMatchObject({ reason: 'schema' });
    expect(parse({ ...FIX, chainageM: -1 })).toMatchObject({ reason: 'schema' });
    expect(parse({ ...FIX, bodyTempC: 50 })).toMatchObject({ reason: 'schema' });
    expect(parse({ ...FIX, sos: 'yes' })).toMatchObject({ reason: 'schema' });
  });

  it('flattener: numbers and the SOS flag as 0/1, not the bore id', () => {
    expect(DEVICE_KIND_REGISTRY.flatten('beacon', { ...FIX, sos: true, heartRate: 88 })).toEqual({ chainageM: 812.4, battery: 77, sos: 1, heartRate: 88 });
  });

  it('status decoding: SOS on and off raises and clears an SOS alarm', () => {
    const [sos] = beaconKind.statuses;
    expect(sos.key).toBe('sos');
    expect(sos.alarm).toEqual({ kind: 'sos', level: 'alarm' });
    expect(sos.decode({ ...FIX, sos: true })).toBe(true);
    expect(sos.decode(FIX)).toBe(false);
  });

  it('position: tunnel bore and chainage, SOS marks it; live as positions; silence raises no alarm', () => {
    expect(beaconKind.position).toEqual({ tunnelIdField: 'tunnelId', chainageMField: 'chainageM', alertField: 'sos' });
    expect(beaconKind.live).toEqual({ store: 'positions', permission: 'people.view' });
    expect(beaconKind.offline.raisesAlarm).toBe(false);
  });

  it('default thresholds: vitals, battery, tag-reported states and supply voltage', () => {
    expect(DEVICE_KIND_REGISTRY.defaultThresholds('beacon').map((t) => t.metric)).toEqual([
      'heartRate', 'spo2', 'bodyTempC', 'battery', 'sbp', 'dbp', 'fall', 'tamper', 'static', 'lampFault', 'bluetoothFault', 'voltageV',
    ]);
    const of = (metric: string) => DEVICE_KIND_REGISTRY.defaultThresholds('beacon').find((t) => t.metric === metric);
    expect(of('fall')).toMatchObject({ alarmHigh: 1, warnHigh: null });
    expect(of('lampFault')).toMatchObject({ alarmHigh: null, warnHigh: 1 });
    expect(of('voltageV')).toMatchObject({ unit: 'V', warnLow: 3.5, alarmLow: 3.4, clearLow: 3.6 });
  });

  it('tag-reported states and supply voltage: optional (old tags keep working), booleans flattened as 0/1, voltage bounded', () => {
    const full = { ...FIX, fall: true, tamper: false, static: true, lampFault: false, bluetoothFault: true, voltageV: 3.62 };
    expect(parse(full)).toEqual({ kind: 'beacon', msg: full });
    expect(DEVICE_KIND_REGISTRY.flatten('beacon', full)).toMatchObject({ fall: 1, tamper: 0, static: 1, lampFault: 0, bluetoothFault: 1, voltageV: 3.62 });
    expect(parse({ ...FIX, fall: 1 })).toMatchObject({ reason: 'schema', detail: expect.stringContaining('fall') });
    expect(parse({ ...FIX, voltageV: -1 })).toMatchObject({ reason: 'schema', detail: expect.stringContaining('voltageV') });
    expect(DEVICE_KIND_REGISTRY.metric('beacon', 'lampFault')).toMatchObject({ unit: '', label: { message: 'Miner lamp fault' } });
  });
});
