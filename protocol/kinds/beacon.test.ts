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
    expect(beaconKind.live).toEqual({ store: 'positions' });
    expect(beaconKind.offline.raisesAlarm).toBe(false);
  });

  it('default thresholds: vitals and battery', () => {
    expect(DEVICE_KIND_REGISTRY.defaultThresholds('beacon').map((t) => t.metric)).toEqual(['heartRate', 'spo2', 'bodyTempC', 'battery', 'sbp', 'dbp']);
  });
});
