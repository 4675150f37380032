import { describe, expect, it } from 'vitest';
import type { BeaconTelemetry, DeviceMessage } from '../../protocol';
import { defaultThresholdsFor } from './defaultThresholds';
import { DeviceMonitor } from './deviceMonitor';
import { RulesEngine } from './engine';
import { VIOLATION_WINDOW_MS } from './status';
import type { DeviceConfig, DeviceSnapshot } from './types';

const T0 = 1_700_000_000_000;
const NEVER_SEEN: DeviceSnapshot = { status: 'unknown', lastSeenMs: null, latest: null };

const gasStation: DeviceConfig = {
  projectId: 'p1',
  sn: 'GAS-1',
  kind: 'gas',
  name: 'Face station',
  reportPeriodS: 10,
  thresholds: defaultThresholdsFor('gas', ['CO', 'O2']),
};
const beacon: DeviceConfig = { projectId: 'p1', sn: 'BC1', kind: 'beacon', name: 'Wang Wei', reportPeriodS: 1, thresholds: defaultThresholdsFor('beacon') };
const camera: DeviceConfig = { projectId: 'p1', sn: 'CAM-1', kind: 'camera', name: 'Camera 1', reportPeriodS: 0, thresholds: [] };

const gas = (readings: Record<string, number>, ts = T0): DeviceMessage => ({ kind: 'gas', msg: { ts, readings } });
const beaconMsg = (sos: boolean, extra: Partial<BeaconTelemetry> = {}): DeviceMessage => ({
  kind: 'beacon',
  msg: { ts: T0, tunnelId: 'LK', chainageM: 100, battery: 80, sos, ...extra },
});
const aiMsg = (): DeviceMessage => ({ kind: 'camera', msg: { ts: T0, algType: 'noHelmet', picUrl: '/pics/1.jpg' } });

describe('DeviceMonitor: threshold alarms', () => {
  it('raises one alarm per episode, updates its level, and clears it after hysteresis', () => {
    const m = new DeviceMonitor(gasStation, NEVER_SEEN, T0);
    const raised = m.accept(gas({ CO: 18 }), T0);
    expect(raised).toHaveLength(1);
    const draft = raised[0];
    expect(draft).toMatchObject({ kind: 'threshold', level: 'warning', metric: 'CO', value: 18, threshold: 17, unit: 'ppm', state: 'active' });

    expect(m.accept(gas({ CO: 19 }), T0 + 1)).toEqual([]); // same level: nothing to write
    const escalated = m.accept(gas({ CO: 60 }), T0 + 2);
    expect(escalated).toEqual([draft]); // same episode, level changed in place
    expect(draft).toMatchObject({ level: 'alarm', value: 60, threshold: 24 });

    expect(m.accept(gas({ CO: 20 }), T0 + 3)).toEqual([]); // above 12 ppm: still alarm
    expect(m.accept(gas({ CO: 10 }), T0 + 4)).toEqual([draft]);
    expect(draft.level).toBe('warning');
    expect(m.accept(gas({ CO: 1 }), T0 + 5)).toEqual([draft]);
    expect(draft).toMatchObject({ state: 'cleared', clearedAtMs: T0 + 5 });
  });

  it('sets the status from the worst metric and merges partial readings into latest', () => {
    const m = new DeviceMonitor(gasStation, NEVER_SEEN, T0);
    expect(m.updateStatus()).toBeNull(); // still unknown
    m.accept(gas({ CO: 2, O2: 20.9 }), T0);
    expect(m.updateStatus()).toBe('online');
    m.accept(gas({ O2: 19.0 }), T0 + 1);
    expect(m.updateStatus()).toBe('alarm');
    expect(m.latest).toEqual({ CO: 2, O2: 19.0 });
  });

  it('clears alarms of a metric whose threshold was removed and that has no kind default either', () => {
    const m = new DeviceMonitor(gasStation, NEVER_SEEN, T0);
    const [draft] = m.accept(gas({ CO: 50 }), T0);
    const cleared = m.reconfigure({ ...gasStation, thresholds: defaultThresholdsFor('gas', ['O2']), kindDefaults: [] }, T0 + 1);
    expect(cleared).toEqual([draft]);
    expect(draft.state).toBe('cleared');
  });
});

describe('DeviceMonitor: offline', () => {
  it('goes offline after 3 silent periods, raises one offline warning, and clears it on the next message', () => {
    const m = new DeviceMonitor(gasStation, NEVER_SEEN, T0);
    m.accept(gas({ CO: 1 }), T0);
    m.updateStatus();
    expect(m.tick(T0 + 30_000)).toEqual([]);
    const [offline] = m.tick(T0 + 30_001);
    expect(offline).toMatchObject({ kind: 'offline', level: 'warning', state: 'active' });
    expect(m.updateStatus()).toBe('offline');
    expect(m.tick(T0 + 90_000)).toEqual([]); // raised once
    expect(m.accept(gas({ CO: 1 }), T0 + 95_000)).toEqual([offline]);
    expect(offline.state).toBe('cleared');
    expect(m.updateStatus()).toBe('online');
  });

  it('does not raise offline alarms for personnel beacons, but shows them offline', () => {
    const m = new DeviceMonitor(beacon, NEVER_SEEN, T0);
    m.accept(beaconMsg(false), T0);
    expect(m.tick(T0 + 10_000)).toEqual([]);
    expect(m.updateStatus()).toBe('offline');
  });

  it('never turns a device of an event-only kind offline for silence, even one registered with a reporting period', () => {
    const m = new DeviceMonitor({ ...camera, reportPeriodS: 60 }, NEVER_SEEN, T0);
    m.accept(aiMsg(), T0);
    expect(m.tick(T0 + 24 * 3_600_000)).toEqual([]);
    expect(m.updateStatus()).not.toBe('offline');
  });

  it('measures silence from the server start at the earliest, so a restart does not turn devices offline', () => {
    const seenLongAgo: DeviceSnapshot = { status: 'online', lastSeenMs: T0 - 3_600_000, latest: { CO: 1 } };
    const m = new DeviceMonitor(gasStation, seenLongAgo, T0);
    expect(m.tick(T0 + 1_000)).toEqual([]);
    expect(m.tick(T0 + 30_001)).toHaveLength(1);
  });

  it('never takes event-driven devices offline', () => {
    const m = new DeviceMonitor(camera, NEVER_SEEN, T0);
    m.accept(aiMsg(), T0);
    m.tick(T0 + 5 * 60_000);
    expect(m.updateStatus()).toBe('violation');
  });
});

describe('DeviceMonitor: SOS episodes', () => {
  it('keeps one SOS alarm until it is handled: letting go does not clear it, pressing again counts a repeat', () => {
    const m = new DeviceMonitor(beacon, NEVER_SEEN, T0);
    expect(m.accept(beaconMsg(false), T0)).toEqual([]);
    const [sos] = m.accept(beaconMsg(true), T0 + 1_000);
    expect(sos).toMatchObject({ kind: 'sos', level: 'alarm', metric: 'sos', state: 'active', repeatCount: 1, side: null });
    expect(m.accept(beaconMsg(true), T0 + 2_000)).toEqual([]);
    expect(m.updateStatus()).toBe('alarm');
    expect(m.accept(beaconMsg(false), T0 + 4_000)).toEqual([]);
    expect(sos.state).toBe('active');
    expect(m.updateStatus()).toBeNull(); // still alarm
    expect(m.accept(beaconMsg(true), T0 + 5_000)).toEqual([sos]);
    expect(sos).toMatchObject({ state: 'active', repeatCount: 2, firstSeenMs: T0 + 1_000, lastSeenMs: T0 + 5_000 });
    // handled through REST (which clears an SOS): closed; the next press raises a new alarm
    sos.alarmId = 9;
    m.dealt({ ...sos, alarmId: 9, dealStatus: 1, dealRemark: 'found, fine', dealtBy: 'admin', dealtAtMs: T0 + 6_000, state: 'cleared', clearedAtMs: T0 + 6_000 });
    expect(m.updateStatus()).toBe('online');
    expect(m.accept(beaconMsg(true), T0 + 7_000)).toEqual([]); // the same press, still held
    m.accept(beaconMsg(false), T0 + 8_000);
    const [second] = m.accept(beaconMsg(true), T0 + 9_000);
    expect(second).not.toBe(sos);
    expect(second).toMatchObject({ state: 'active', repeatCount: 1 });
  });

  it('keeps the SOS episode over a restart (restored alarm is not raised again, nor cleared)', () => {
    const m = new DeviceMonitor(beacon, NEVER_SEEN, T0);
    const [sos] = m.accept(beaconMsg(true), T0);
    const restarted = new DeviceMonitor(beacon, { status: 'alarm', lastSeenMs: T0, latest: null }, T0 + 10_000);
    expect(restarted.restore({ ...sos, alarmId: 7 }, T0 + 10_000)).toEqual([]);
    expect(restarted.accept(beaconMsg(true), T0 + 11_000)).toEqual([]);
    expect(restarted.accept(beaconMsg(false), T0 + 12_000)).toEqual([]);
    expect(restarted.openAlarms()).toEqual([expect.objectContaining({ alarmId: 7, state: 'active' })]);
  });
});

describe('DeviceMonitor: AI camera violations', () => {
  it('keeps one AI alarm per algorithm until handled; the camera shows violation for 10 min after the last event', () => {
    const m = new DeviceMonitor(camera, NEVER_SEEN, T0);
    const [ai] = m.accept(aiMsg(), T0);
    expect(ai).toMatchObject({ kind: 'ai', level: 'alarm', metric: 'noHelmet', picUrl: '/pics/1.jpg', dealStatus: 0, repeatCount: 1 });
    expect(m.updateStatus(T0)).toBe('violation');
    expect(m.accept(aiMsg(), T0 + 60_000)).toEqual([ai]);
    expect(ai).toMatchObject({ repeatCount: 2, lastSeenMs: T0 + 60_000, state: 'active' });
    expect(m.tick(T0 + 60_000 + VIOLATION_WINDOW_MS)).toEqual([]); // never clears by itself
    expect(ai.state).toBe('active');
    expect(m.updateStatus(T0 + 60_000 + VIOLATION_WINDOW_MS)).toBe('online');

    ai.alarmId = 42; // as the persister does
    m.dealt({ ...ai, alarmId: 42, dealStatus: 1, dealRemark: 'talked to the crew', dealtBy: 'admin', dealtAtMs: T0 + 1, state: 'cleared', clearedAtMs: T0 + 1 });
    expect(ai.state).toBe('cleared');
    const [second] = m.accept(aiMsg(), T0 + 20 * 60_000);
    expect(second).not.toBe(ai);
    expect(m.updateStatus(T0 + 20 * 60_000)).toBe('violation');
  });
});

describe('RulesEngine', () => {
  it('knows only registered devices and reports status changes with the time', () => {
    const engine = new RulesEngine(T0);
    engine.setDevices('p1', [{ config: gasStation, snapshot: NEVER_SEEN }], T0);
    expect(engine.device('p1', 'GAS-1')?.config.kind).toBe('gas');
    expect(engine.device('p1', 'NOPE')).toBeUndefined();
    expect(engine.device('p2', 'GAS-1')).toBeUndefined();
    const effects = engine.accept('p1', 'GAS-1', gas({ CO: 30 }), T0 + 5);
    expect(effects.alarms).toHaveLength(1);
    expect(effects.statuses).toEqual([{ projectId: 'p1', sn: 'GAS-1', status: 'alarm', online: true, atMs: T0 + 5 }]);
  });

  it('keeps live state across a device reload and clears the alarms of removed devices', () => {
    const engine = new RulesEngine(T0);
    engine.setDevices('p1', [{ config: gasStation, snapshot: NEVER_SEEN }, { config: beacon, snapshot: NEVER_SEEN }], T0);
    const [coAlarm] = engine.accept('p1', 'GAS-1', gas({ CO: 30 }), T0).alarms;
    const [sos] = engine.accept('p1', 'BC1', beaconMsg(true), T0).alarms;
    const reload = engine.setDevices('p1', [{ config: { ...gasStation, name: 'Renamed' }, snapshot: NEVER_SEEN }], T0 + 1);
    expect(reload.alarms).toEqual([sos]);
    expect(sos.state).toBe('cleared'); // the device is gone
    expect(engine.device('p1', 'GAS-1')?.levelOf('CO')).toBe('alarm');
    expect(coAlarm.state).toBe('active');
    expect(engine.device('p1', 'BC1')).toBeUndefined();
  });

  it('on restart clears active alarms of devices that no longer exist and duplicate episodes', () => {
    const engine = new RulesEngine(T0);
    engine.setDevices('p1', [{ config: gasStation, snapshot: NEVER_SEEN }], T0);
    const [coAlarm] = new DeviceMonitor(gasStation, NEVER_SEEN, T0).accept(gas({ CO: 30 }), T0);
    const older = { ...coAlarm, alarmId: 1 };
    const newer = { ...coAlarm, alarmId: 2 };
    expect(engine.restoreAlarm(older, T0 + 1)).toEqual([]);
    expect(engine.restoreAlarm(newer, T0 + 1)).toEqual([expect.objectContaining({ alarmId: 1, state: 'cleared' })]);
    expect(engine.restoreAlarm({ ...newer, alarmId: 3, deviceSn: 'GONE' }, T0 + 1)).toEqual([
      expect.objectContaining({ alarmId: 3, state: 'cleared', clearedAtMs: T0 + 1 }),
    ]);
    // the surviving episode continues with hysteresis: 20 ppm is under the limit but not cleared
    expect(engine.accept('p1', 'GAS-1', gas({ CO: 20 }), T0 + 2).alarms).toEqual([]);
    expect(engine.accept('p1', 'GAS-1', gas({ CO: 1 }), T0 + 3).alarms).toEqual([expect.objectContaining({ alarmId: 2, state: 'cleared' })]);
  });
});
