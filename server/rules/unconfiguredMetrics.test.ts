import { describe, expect, it } from 'vitest';
import { highThreshold, type DeviceMessage } from '../../protocol';
import { defaultThresholdsFor } from './defaultThresholds';
import { DeviceMonitor } from './deviceMonitor';
import { RulesEngine } from './engine';
import type { DeviceConfig, DeviceSnapshot } from './types';

const T0 = 1_700_000_000_000;
const NEVER_SEEN: DeviceSnapshot = { status: 'unknown', lastSeenMs: null, latest: null };
/** A gas station registered as measuring CO only: CH4 and O2 have no threshold on it. */
const coOnly: DeviceConfig = { projectId: 'p1', sn: 'GAS-CO', kind: 'gas', name: 'CO only', reportPeriodS: 10, thresholds: defaultThresholdsFor('gas', ['CO']) };
const gas = (readings: Record<string, number>, ts = T0): DeviceMessage => ({ kind: 'gas', msg: { ts, readings } });

describe('DeviceMonitor: metrics with no threshold of the device', () => {
  it('judges a gas nobody configured on the kind default and says so on the alarm', () => {
    const m = new DeviceMonitor(coOnly, NEVER_SEEN, T0);
    const [ch4] = m.accept(gas({ CO: 2, CH4: 1.2 }), T0);
    expect(ch4).toMatchObject({ kind: 'threshold', metric: 'CH4', level: 'alarm', side: 'over', value: 1.2, threshold: 1.0, unit: '%vol', limitSource: 'default' });
    const [o2] = m.accept(gas({ O2: 19.0 }), T0 + 1000);
    expect(o2).toMatchObject({ metric: 'O2', level: 'alarm', side: 'below', threshold: 19.5, limitSource: 'default' });
    expect(m.updateStatus(T0 + 1000)).toBe('alarm');
  });

  it('marks a device threshold alarm as judged on the device limit', () => {
    const m = new DeviceMonitor(coOnly, NEVER_SEEN, T0);
    expect(m.accept(gas({ CO: 30 }), T0)[0]).toMatchObject({ metric: 'CO', limitSource: 'device' });
    expect(m.unconfiguredMetrics).toEqual([]);
  });

  it('flags each unconfigured metric once, in first-seen order, even while its reading is normal', () => {
    const m = new DeviceMonitor(coOnly, NEVER_SEEN, T0);
    m.accept(gas({ CO: 1, O2: 20.9 }), T0);
    expect(m.unconfiguredMetrics).toEqual(['O2']);
    expect(m.takeUnconfiguredChange()).toBe(true);
    expect(m.takeUnconfiguredChange()).toBe(false);
    m.accept(gas({ O2: 20.8, CH4: 0.1 }), T0 + 1);
    expect(m.unconfiguredMetrics).toEqual(['O2', 'CH4']);
    expect(m.takeUnconfiguredChange()).toBe(true);
  });

  it("prefers the project's kind default over the standard one", () => {
    const strict = highThreshold('CH4', '%vol', 0.3, 0.5, 0.5);
    const m = new DeviceMonitor({ ...coOnly, kindDefaults: [strict] }, NEVER_SEEN, T0);
    expect(m.accept(gas({ CH4: 0.6 }), T0)[0]).toMatchObject({ metric: 'CH4', level: 'alarm', threshold: 0.5, limitSource: 'default' });
    // a metric the project's defaults do not list is not judged
    expect(m.accept(gas({ O2: 10 }), T0 + 1)).toEqual([]);
    expect(m.unconfiguredMetrics).toEqual(['CH4']);
  });

  it('keeps the flag across a restart and drops it once the device has a threshold for the metric', () => {
    const restarted = new DeviceMonitor(coOnly, { ...NEVER_SEEN, unconfiguredMetrics: ['CH4'] }, T0);
    expect(restarted.unconfiguredMetrics).toEqual(['CH4']);
    expect(restarted.takeUnconfiguredChange()).toBe(false); // nothing new to store
    const [alarm] = restarted.accept(gas({ CH4: 1.2 }), T0);
    expect(alarm.limitSource).toBe('default');

    // the administrator confirms the default: the device now has CH4 of its own
    const cleared = restarted.reconfigure({ ...coOnly, thresholds: defaultThresholdsFor('gas', ['CO', 'CH4']) }, T0 + 1);
    expect(cleared).toEqual([]); // still over the limit: the alarm stays
    expect(restarted.unconfiguredMetrics).toEqual([]);
    expect(restarted.takeUnconfiguredChange()).toBe(true);
    restarted.accept(gas({ CH4: 1.3 }), T0 + 20_000);
    expect(alarm).toMatchObject({ state: 'active', limitSource: 'device' });
  });

  it('restores an active alarm judged on a default after a restart instead of clearing it', () => {
    const m = new DeviceMonitor(coOnly, NEVER_SEEN, T0);
    const [alarm] = m.accept(gas({ CH4: 1.2 }), T0);
    const again = new DeviceMonitor(coOnly, { status: 'alarm', lastSeenMs: T0, latest: { CH4: 1.2 } }, T0 + 5);
    expect(again.restore({ ...alarm, alarmId: 7 }, T0 + 5)).toEqual([]);
    expect(again.levelOf('CH4')).toBe('alarm');
  });
});

describe('RulesEngine: unconfigured metric effects', () => {
  it('hands out the changed flag with the step that changed it', () => {
    const engine = new RulesEngine(T0);
    engine.setDevices('p1', [{ config: coOnly, snapshot: NEVER_SEEN }], T0);
    const first = engine.accept('p1', coOnly.sn, gas({ CH4: 0.2 }), T0);
    expect(first.unconfigured).toEqual([{ projectId: 'p1', sn: coOnly.sn, metrics: ['CH4'] }]);
    expect(engine.accept('p1', coOnly.sn, gas({ CH4: 0.2 }), T0 + 1).unconfigured).toBeUndefined();
    const confirmed = engine.setDevices('p1', [{ config: { ...coOnly, thresholds: defaultThresholdsFor('gas', ['CO', 'CH4']) }, snapshot: NEVER_SEEN }], T0 + 2);
    expect(confirmed.unconfigured).toEqual([{ projectId: 'p1', sn: coOnly.sn, metrics: [] }]);
  });
});
