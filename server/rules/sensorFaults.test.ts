import { describe, expect, it } from 'vitest';
import { DEFAULT_FAULT_POLICY, DEVICE_KIND_REGISTRY, GAS_STUCK_AFTER_S, type DeviceMessage } from '../../protocol';
import { defaultThresholdsFor } from './defaultThresholds';
import { DeviceMonitor } from './deviceMonitor';
import { clockOff, faultPolicyOf } from './sensorFaults';
import type { DeviceConfig, DeviceSnapshot } from './types';

const T0 = 1_700_000_000_000;
const MIN = 60_000;
const NEVER_SEEN: DeviceSnapshot = { status: 'unknown', lastSeenMs: null, latest: null };
const station: DeviceConfig = { projectId: 'p1', sn: 'GAS-1', kind: 'gas', name: 'Face', reportPeriodS: 10, thresholds: defaultThresholdsFor('gas', ['CO', 'O2']) };
const gas = (readings: Record<string, number>, ts: number): DeviceMessage => ({ kind: 'gas', msg: { ts, readings } });
const gasDescriptor = DEVICE_KIND_REGISTRY.require('gas');

/** Feeds `reading(i)` every 10 s from `fromMs` for `minutes`; returns every alarm draft handed out. */
function feed(m: DeviceMonitor, fromMs: number, minutes: number, reading: (i: number) => Record<string, number>) {
  const out = [];
  for (let i = 0; i * 10_000 <= minutes * MIN; i++) out.push(...m.accept(gas(reading(i), fromMs + i * 10_000), fromMs + i * 10_000));
  return out;
}

describe('sensor fault: stuck value', () => {
  it('raises one warning once CO has not moved at its resolution for 30 min, and clears it when it moves', () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    // 2.04 and 2.01 are both 2.0 ppm at the sensor's 0.1 ppm: not a movement
    const drafts = feed(m, T0, 29, (i) => ({ CO: i % 2 ? 2.04 : 2.01 }));
    expect(drafts).toEqual([]);
    const [fault] = feed(m, T0 + 29 * MIN + 10_000, 2, () => ({ CO: 2.0 }));
    expect(fault).toMatchObject({ kind: 'fault', level: 'warning', metric: 'CO', value: 2.0, unit: 'ppm', state: 'active' });
    expect(m.updateStatus(T0 + 32 * MIN)).toBe('warning');
    expect(m.accept(gas({ CO: 2.2 }, T0 + 33 * MIN), T0 + 33 * MIN)).toEqual([fault]);
    expect(fault.state).toBe('cleared');
  });

  it('never fires on O2 with a healthy cell\'s noise, nor on a toxic gas held at zero in clean air', () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    // O2 at 20.9 %vol with ± 0.01 of noise for 3 h; CO at 0 (zero suppression) throughout
    const noise = [0, 0.01, -0.01, 0, 0.01];
    expect(feed(m, T0, 180, (i) => ({ O2: 20.9 + noise[i % noise.length], CO: 0 }))).toEqual([]);
  });

  it('does not count a reading that did not move across a silent spell', () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    feed(m, T0, 20, () => ({ CO: 3 }));
    m.tick(T0 + 60 * MIN); // silent: offline
    const drafts = feed(m, T0 + 61 * MIN, 20, () => ({ CO: 3 }));
    expect(drafts.map((d) => `${d.kind} ${d.state}`)).toEqual(['offline cleared']); // back online, no stuck fault
  });

  it('judges only the metrics whose descriptor gives a window', () => {
    expect(Object.keys(GAS_STUCK_AFTER_S).sort()).toEqual(['CO', 'NH3', 'O2', 'dust']);
    expect(gasDescriptor.metrics.find((x) => x.key === 'H2S')?.stuckAfterS).toBeUndefined();
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    expect(feed(m, T0, 120, () => ({ H2S: 0.1 }))).toEqual([]);
  });

  it('takes the site stuck window of a metric over the descriptor (SENSOR_STUCK_MIN), and 0 turns the check off', () => {
    const faultsOf = (d: Array<{ kind: string; metric?: string | null; raisedAtMs: number }>) => d.filter((x) => x.kind === 'fault');
    // CO after 10 min instead of 30
    const quick = new DeviceMonitor(station, NEVER_SEEN, T0, DEVICE_KIND_REGISTRY, { stuckAfterS: { CO: 600 } });
    const [fault] = faultsOf(feed(quick, T0, 12, () => ({ CO: 2 })));
    expect(fault).toMatchObject({ metric: 'CO', raisedAtMs: T0 + 10 * MIN + 10_000 });
    // CO off: nothing in two hours; O2 keeps its descriptor window
    const off = new DeviceMonitor(station, NEVER_SEEN, T0, DEVICE_KIND_REGISTRY, { stuckAfterS: { CO: 0 } });
    expect(new Set(faultsOf(feed(off, T0, 120, () => ({ CO: 2, O2: 20.9 }))).map((d) => d.metric))).toEqual(new Set(['O2']));
  });
});

describe('sensor fault: readings out of range', () => {
  it(`raises a warning after ${DEFAULT_FAULT_POLICY.outOfRangeStreak} refused readings in a row, and a valid reading clears it`, () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    m.accept(gas({ CO: 1 }, T0), T0);
    expect(m.refusedReading(T0 + 1)).toEqual([]);
    expect(m.refusedReading(T0 + 2)).toEqual([]);
    const [fault] = m.refusedReading(T0 + 3);
    expect(fault).toMatchObject({ kind: 'fault', level: 'warning', metric: 'outOfRange', value: 3, threshold: 3, state: 'active' });
    expect(m.accept(gas({ CO: 1 }, T0 + 4), T0 + 4)).toEqual([fault]);
    expect(fault.state).toBe('cleared');
  });

  it('starts the streak again after a valid reading', () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    m.refusedReading(T0);
    m.refusedReading(T0 + 1);
    m.accept(gas({ CO: 1 }, T0 + 2), T0 + 2);
    expect(m.refusedReading(T0 + 3)).toEqual([]);
    expect(m.refusedReading(T0 + 4)).toEqual([]);
  });
});

describe('sensor fault: device clock', () => {
  it('raises "clock off" after 3 messages in a row beyond 5 min of skew, judges readings at the receive time, and clears once the clock is right', () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    expect(m.accept(gas({ CO: 1 }, T0 - 4 * MIN), T0)).toEqual([]); // 4 min behind: tolerated
    // two late messages from a buffer after a reconnect: not a clock fault
    expect(m.accept(gas({ CO: 1 }, T0 - 10 * MIN), T0 + 100)).toEqual([]);
    expect(m.accept(gas({ CO: 1 }, T0 - 9 * MIN), T0 + 200)).toEqual([]);
    expect(m.accept(gas({ CO: 1 }, T0 + 300), T0 + 300)).toEqual([]);
    expect(m.accept(gas({ CO: 1 }, T0 + 12 * MIN), T0 + 400)).toEqual([]);
    expect(m.accept(gas({ CO: 1 }, T0 + 12 * MIN), T0 + 500)).toEqual([]);
    const [fault] = m.accept(gas({ CO: 1 }, T0 + 12 * MIN), T0 + 1000);
    expect(fault).toMatchObject({ kind: 'fault', level: 'warning', metric: 'clockSkew', unit: 'min', threshold: 5, state: 'active' });
    expect(fault.value).toBeCloseTo(12, 0);
    expect(m.lastSeenMs).toBe(T0 + 1000); // server time, not the device's
    expect(m.accept(gas({ CO: 1 }, T0 + 12 * MIN + 4_000), T0 + 5_000)).toEqual([]); // still off: nothing new to write
    expect(m.accept(gas({ CO: 1 }, T0 + 2000), T0 + 20_000)).toEqual([fault]);
    expect(fault.state).toBe('cleared');
  });

  it('raises "clock off" for a clock behind only once it has lasted 5 min: a buffer flushed after a reconnect is not one', () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    // a reconnect flushes 30 buffered readings, 10 to 5 min old, within 3 s
    for (let i = 0; i < 30; i++) expect(m.accept(gas({ CO: 1 }, T0 - 10 * MIN + i * 10_000), T0 + i * 100)).toEqual([]);
    expect(m.accept(gas({ CO: 1 }, T0 + 10_000), T0 + 10_000)).toEqual([]); // live again
    // a clock 20 min behind, reporting every 10 s: a fault after 5 min, not before
    const drafts = [];
    for (let t = T0 + 20_000; t <= T0 + 20_000 + 5 * MIN; t += 10_000) drafts.push(...m.accept(gas({ CO: 1 }, t - 20 * MIN), t));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ kind: 'fault', metric: 'clockSkew', raisedAtMs: T0 + 20_000 + 5 * MIN });
    expect(drafts[0].value).toBeCloseTo(-20, 0);
  });

  it('tells a clock off by more than 5 min, either way', () => {
    const policy = faultPolicyOf(gasDescriptor);
    expect(clockOff(policy, T0 + 5 * MIN, T0)).toBe(false);
    expect(clockOff(policy, T0 + 5 * MIN + 1, T0)).toBe(true);
    expect(clockOff(policy, T0 - 6 * MIN, T0)).toBe(true);
  });

  it('takes the site clock-skew limit over the default (CLOCK_SKEW_MIN)', () => {
    const policy = faultPolicyOf(gasDescriptor, { clockSkewS: 60 });
    expect(clockOff(policy, T0 + 61_000, T0)).toBe(true);
    // a monitor with a 1 min limit raises on a clock 2 min ahead, which the default lets pass
    const strict = new DeviceMonitor(station, NEVER_SEEN, T0, DEVICE_KIND_REGISTRY, { clockSkewS: 60 });
    const lax = new DeviceMonitor(station, NEVER_SEEN, T0);
    const ahead = (m: DeviceMonitor) => [0, 1, 2].flatMap((i) => m.accept(gas({ CO: 1 + i }, T0 + i * 10_000 + 2 * MIN), T0 + i * 10_000));
    expect(ahead(strict)).toEqual([expect.objectContaining({ kind: 'fault', metric: 'clockSkew', threshold: 1 })]);
    expect(ahead(lax)).toEqual([]);
  });
});

describe('sensor fault across a restart', () => {
  it('keeps a stuck fault active when the reading still has not moved', () => {
    const m = new DeviceMonitor(station, NEVER_SEEN, T0);
    const [fault] = feed(m, T0, 31, () => ({ CO: 2.0 })).filter((d) => d.kind === 'fault');
    const again = new DeviceMonitor(station, { status: 'warning', lastSeenMs: T0 + 31 * MIN, latest: { CO: 2 } }, T0 + 32 * MIN);
    again.restore({ ...fault, alarmId: 9 }, T0 + 32 * MIN);
    const next = again.accept(gas({ CO: 2.0 }, T0 + 32 * MIN), T0 + 32 * MIN);
    expect(next.filter((d) => d.state === 'cleared')).toEqual([]);
  });
});
