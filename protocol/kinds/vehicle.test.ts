import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, isVehicleKind, PERSON_TAG_KINDS, VEHICLE_KINDS, vehicleRole } from './index';
import { vehicleKind, vehicleTelemetrySchema } from './vehicle';

const T = 1_767_225_600_000;

describe('vehicle kind', () => {
  it('takes a fix of bore and chainage, battery optional, and refuses what no tag can report', () => {
    expect(vehicleTelemetrySchema.safeParse({ ts: T, tunnelId: 'LK', chainageM: 842.6 }).success).toBe(true);
    expect(vehicleTelemetrySchema.safeParse({ ts: T, tunnelId: 'LK', chainageM: 842.6, battery: 91 }).success).toBe(true);
    expect(vehicleTelemetrySchema.safeParse({ ts: T, chainageM: 1 }).success).toBe(false);
    expect(vehicleTelemetrySchema.safeParse({ ts: T, tunnelId: 'L/K', chainageM: 1 }).success).toBe(false);
    expect(vehicleTelemetrySchema.safeParse({ ts: T, tunnelId: 'LK', chainageM: -3 }).success).toBe(false);
  });

  it('flattens chainage, battery and the derived speed and gap into metrics, not the bore', () => {
    const values = DEVICE_KIND_REGISTRY.flatten('vehicle', { ts: T, tunnelId: 'LK', chainageM: 842.6, battery: 91, speedKmh: 7.5, personGapM: 100 });
    expect(values).toEqual({ chainageM: 842.6, battery: 91, speedKmh: 7.5, personGapM: 100 });
  });

  it('is a vehicle, not a person tag, and decodes its fix', () => {
    expect(isVehicleKind('vehicle')).toBe(true);
    expect(isVehicleKind('beacon')).toBe(false);
    expect(VEHICLE_KINDS).toEqual(['vehicle']);
    expect(PERSON_TAG_KINDS).not.toContain('vehicle');
    expect(vehicleRole('vehicle')!.decode({ ts: T, tunnelId: 'RK', chainageM: 5 })).toEqual({ tunnelId: 'RK', chainageM: 5 });
  });

  it('seeds over-speed at 10 km/h, proximity at 5 m and a low battery, every default with its source', () => {
    const metrics = vehicleKind.thresholds.map((t) => [t.threshold.metric, t.threshold.alarmHigh ?? t.threshold.alarmLow]);
    expect(metrics).toEqual([
      ['speedKmh', 10],
      ['personGapM', 5],
      ['battery', 10],
    ]);
    for (const t of vehicleKind.thresholds) expect(t.source).not.toBe('');
    expect(vehicleKind.offline.raisesAlarm).toBe(false);
  });
});
