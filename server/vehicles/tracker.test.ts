import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, PERSON_GAP_HORIZON_M, type DeviceMessage, type VehicleTelemetry } from '../../protocol';
import { DeviceMonitor } from '../rules/deviceMonitor';
import type { AlarmDraft } from '../rules/types';
import { PERSON_FRESH_MS, VehicleTracker } from './tracker';

const T0 = 1_700_000_000_000;
const P = 'demo';

function vehicleFix(ts: number, chainageM: number, tunnelId = 'LK'): DeviceMessage {
  return { kind: 'vehicle', msg: { ts, tunnelId, chainageM } } as DeviceMessage;
}
function personFix(ts: number, chainageM: number, tunnelId = 'LK'): DeviceMessage {
  return { kind: 'beacon', msg: { ts, tunnelId, chainageM, battery: 90, sos: false } } as DeviceMessage;
}

/** A vehicle monitor on the kind's default thresholds, judging what the tracker derived (as live.ts does). */
function rig() {
  const tracker = new VehicleTracker();
  const monitor = new DeviceMonitor(
    { projectId: P, sn: 'VH1', kind: 'vehicle', name: 'Dump truck 1', reportPeriodS: 1, thresholds: DEVICE_KIND_REGISTRY.defaultThresholds('vehicle', []) },
    { status: 'unknown', lastSeenMs: null, latest: null },
    T0,
  );
  const alarms: AlarmDraft[] = [];
  const feed = (t: number, x: number, tunnelId = 'LK') => {
    const m = tracker.accept(P, 'VH1', vehicleFix(t, x, tunnelId), t);
    for (const a of monitor.accept(m, t)) alarms.push({ ...a });
    return m.msg as VehicleTelemetry;
  };
  return { tracker, monitor, alarms, feed };
}

/** Drives from `x0` at `kmh` for `seconds` fixes at 1 Hz from `t0`; returns the end time and chainage. */
function driveFor(feed: (t: number, x: number) => VehicleTelemetry, t0: number, x0: number, kmh: number, seconds: number): { t: number; x: number; last: VehicleTelemetry } {
  let last!: VehicleTelemetry;
  let x = x0;
  for (let i = 0; i < seconds; i++) {
    x = x0 + (kmh / 3.6) * i;
    last = feed(t0 + i * 1000, x);
  }
  return { t: t0 + seconds * 1000, x, last };
}

describe('vehicle over-speed (speedKmh on the kind threshold)', () => {
  it('raises one alarm while over 10 km/h, repeats it, clears it under 8 km/h', () => {
    const { alarms, feed } = rig();
    let s = driveFor(feed, T0, 100, 8, 20);
    expect(s.last.speedKmh).toBeCloseTo(8, 1);
    expect(alarms).toEqual([]);
    s = driveFor(feed, s.t, s.x, 12.5, 30);
    const raised = alarms.filter((a) => a.metric === 'speedKmh' && a.state === 'active');
    expect(raised.length).toBeGreaterThan(0);
    expect(new Set(raised.map((a) => a.raisedAtMs)).size).toBe(1);
    expect(raised[0]).toMatchObject({ kind: 'threshold', level: 'alarm', threshold: 10, unit: 'km/h', deviceSn: 'VH1' });
    expect(raised.at(-1)!.peakValue).toBeCloseTo(12.5, 0);
    // 9 km/h is under the limit but above the 8 km/h clearing line: still held
    s = driveFor(feed, s.t, s.x, 9, 20);
    expect(alarms.some((a) => a.metric === 'speedKmh' && a.state === 'cleared')).toBe(false);
    driveFor(feed, s.t, s.x, 6, 20);
    expect(alarms.filter((a) => a.metric === 'speedKmh' && a.state === 'cleared')).toHaveLength(1);
  });
});

describe('vehicle–person proximity (personGapM on the kind threshold)', () => {
  it('raises when a person in the same bore is within 5 m of the moving vehicle, clears beyond 7 m', () => {
    const { tracker, alarms, feed } = rig();
    // a person standing at 140 m in the left bore, another at 121 m in the right bore
    tracker.accept(P, 'BC1', personFix(T0, 140), T0);
    tracker.accept(P, 'BC2', personFix(T0, 121, 'RK'), T0);
    let s = driveFor(feed, T0, 100, 7, 10); // ends near 117.5 m: the right-bore person does not count
    expect(s.last.personGapM).toBeGreaterThan(20);
    expect(alarms.filter((a) => a.metric === 'personGapM')).toEqual([]);
    tracker.accept(P, 'BC1', personFix(s.t, 140), s.t);
    s = driveFor(feed, s.t, s.x, 7, 10); // now within 5 m of 140
    expect(s.last.personGapM).toBeLessThanOrEqual(5);
    expect(alarms.filter((a) => a.metric === 'personGapM' && a.state === 'active')[0]).toMatchObject({ level: 'alarm', threshold: 5, unit: 'm' });
    // the person steps back 12 m ahead of the vehicle
    tracker.accept(P, 'BC1', personFix(s.t, s.x + 12), s.t);
    driveFor(feed, s.t, s.x, 0.1, 3);
    expect(alarms.filter((a) => a.metric === 'personGapM' && a.state === 'cleared')).toHaveLength(1);
  });

  it('does not count a person beside a standing vehicle, nor one not heard from for 30 s', () => {
    const { tracker, feed } = rig();
    tracker.accept(P, 'BC1', personFix(T0, 101), T0);
    const standing = driveFor(feed, T0, 100, 0, 15);
    expect(standing.last.speedKmh).toBe(0);
    expect(standing.last.personGapM).toBe(PERSON_GAP_HORIZON_M);
    const later = standing.t + PERSON_FRESH_MS;
    const moving = driveFor(feed, later, 100, 6, 5);
    expect(moving.last.speedKmh).toBeGreaterThan(1);
    expect(moving.last.personGapM).toBe(PERSON_GAP_HORIZON_M);
  });

  it('replaces a speed the device sent with its own, and keeps one entry per vehicle', () => {
    const tracker = new VehicleTracker();
    const m = tracker.accept(P, 'VH1', { kind: 'vehicle', msg: { ts: T0, tunnelId: 'LK', chainageM: 5, speedKmh: 80 } } as DeviceMessage, T0);
    expect((m.msg as VehicleTelemetry).speedKmh).toBe(0);
    for (let i = 1; i < 50; i++) tracker.accept(P, 'VH1', vehicleFix(T0 + i * 1000, 5 + i), T0 + i * 1000);
    expect(tracker.vehicles(P)).toHaveLength(1);
    expect(tracker.vehicles(P)[0]).toMatchObject({ sn: 'VH1', tunnelId: 'LK', moving: true });
    tracker.sweep(T0 + 25 * 3_600_000);
    expect(tracker.vehicles(P)).toEqual([]);
  });
});
