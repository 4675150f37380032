import { describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../../protocol';
import { defaultThresholdsFor } from './defaultThresholds';
import { RulesEngine } from './engine';
import type { DeviceConfig } from './types';

const T0 = 1_700_000_000_000;
const beacon: DeviceConfig = { projectId: 'p1', sn: 'BC1', kind: 'beacon', name: 'Wang Wei', reportPeriodS: 1, thresholds: defaultThresholdsFor('beacon') };
const fix = (battery: number): DeviceMessage => ({ kind: 'beacon', msg: { ts: T0, tunnelId: 'LK', chainageM: 100, battery, sos: false } });

describe('online follows the offline rule (docs/domain.md)', () => {
  it('pushes a silent tag holding a low-battery warning as no longer online, though its status stays warning', () => {
    const engine = new RulesEngine(T0);
    engine.setDevices('p1', [{ config: beacon, snapshot: { status: 'unknown', lastSeenMs: null, latest: null } }], T0);
    expect(engine.accept('p1', 'BC1', fix(15), T0).statuses).toEqual([{ projectId: 'p1', sn: 'BC1', status: 'warning', online: true, atMs: T0 }]);
    expect(engine.tick(T0 + 3_000).statuses).toEqual([]); // 3 periods: not yet
    expect(engine.tick(T0 + 3_001).statuses).toEqual([{ projectId: 'p1', sn: 'BC1', status: 'warning', online: false, atMs: T0 + 3_001 }]);
    expect(engine.device('p1', 'BC1')?.online).toBe(false);
    expect(engine.tick(T0 + 10_000).statuses).toEqual([]); // said once
    expect(engine.accept('p1', 'BC1', fix(15), T0 + 11_000).statuses).toEqual([{ projectId: 'p1', sn: 'BC1', status: 'warning', online: true, atMs: T0 + 11_000 }]);
  });

  it('pushes a silent tag without a warning as offline', () => {
    const engine = new RulesEngine(T0);
    engine.setDevices('p1', [{ config: beacon, snapshot: { status: 'unknown', lastSeenMs: null, latest: null } }], T0);
    engine.accept('p1', 'BC1', fix(80), T0);
    expect(engine.tick(T0 + 3_001).statuses).toEqual([{ projectId: 'p1', sn: 'BC1', status: 'offline', online: false, atMs: T0 + 3_001 }]);
  });
});
