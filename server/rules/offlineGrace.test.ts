import { describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../../protocol';
import { defaultThresholdsFor } from './defaultThresholds';
import { RulesEngine } from './engine';
import type { DeviceConfig } from './types';

const T0 = 1_700_000_000_000;
const PERIOD_S = 10;
const gas: DeviceConfig = { projectId: 'p1', sn: 'GAS1', kind: 'gas', name: 'Face gas', reportPeriodS: PERIOD_S, thresholds: defaultThresholdsFor('gas') };
const reading = (ts: number): DeviceMessage => ({ kind: 'gas', msg: { ts, readings: { CO: 1, O2: 20.9 } } });
/** A gas station last heard 5 min before the server started: it was online when the server stopped. */
const snapshot = { status: 'online' as const, lastSeenMs: T0 - 300_000, latest: { CO: 1, O2: 20.9 } };
const offlineAlarms = (effects: { alarms: Array<{ kind: string }> }) => effects.alarms.filter((a) => a.kind === 'offline');

function engineWithGas(gracePeriods: number): RulesEngine {
  const engine = new RulesEngine(T0, { offlineGracePeriods: gracePeriods });
  engine.setDevices('p1', [{ config: gas, snapshot }], T0);
  return engine;
}

describe('offline alarms wait a grace period after a restart (docs/domain.md "Offline after a restart")', () => {
  it('does not alarm a device that reconnects within the grace, though later than the kind\'s 3 periods', () => {
    const engine = engineWithGas(6);
    expect(offlineAlarms(engine.tick(T0 + 45_000))).toEqual([]); // 4.5 periods after the start: was an alarm before
    engine.accept('p1', 'GAS1', reading(T0 + 50_000), T0 + 50_000);
    expect(engine.device('p1', 'GAS1')?.online).toBe(true);
  });

  it('alarms a device still silent after the grace, as before', () => {
    const engine = engineWithGas(6);
    expect(offlineAlarms(engine.tick(T0 + 60_000))).toEqual([]);
    expect(offlineAlarms(engine.tick(T0 + 60_001))).toHaveLength(1);
  });

  it('applies the kind\'s rule again once the device was heard after the restart', () => {
    const engine = engineWithGas(6);
    engine.accept('p1', 'GAS1', reading(T0 + 1_000), T0 + 1_000);
    expect(offlineAlarms(engine.tick(T0 + 31_001))).toHaveLength(1); // 3 periods after its last message
  });

  it('without a grace, alarms after the kind\'s 3 periods from the start', () => {
    expect(offlineAlarms(engineWithGas(0).tick(T0 + 30_001))).toHaveLength(1);
  });

  it('gives the same grace when the broker comes back, measured from then', () => {
    const engine = engineWithGas(6);
    engine.accept('p1', 'GAS1', reading(T0), T0);
    const back = T0 + 25_000; // the broker was away 25 s: 2.5 periods already silent
    engine.brokerRestarted(back);
    expect(offlineAlarms(engine.tick(back + 59_000))).toEqual([]);
    expect(offlineAlarms(engine.tick(back + 60_001))).toHaveLength(1);
  });
});
