import { describe, expect, it } from 'vitest';
import { GAS_CODES, GAS_MAX, GAS_UNIT } from '../gases';
import { DEVICE_KIND_REGISTRY } from './index';
import { DEFAULT_GAS_THRESHOLDS, gasKind } from './gas';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0);
const parse = (msg: unknown) => DEVICE_KIND_REGISTRY.parseMessage('gas', JSON.stringify(msg));

describe('gas kind', () => {
  it('schema: any non-empty subset of known gases within 0 … the physical ceiling', () => {
    expect(parse({ ts: TS, readings: { CO: 12.1, O2: 20.9 } })).toMatchObject({ kind: 'gas' });
    expect(parse({ ts: TS, readings: { CO: GAS_MAX.CO } })).toMatchObject({ kind: 'gas' });
    expect(parse({ ts: TS, readings: { CO: GAS_MAX.CO + 1 } })).toMatchObject({ reason: 'schema' });
    expect(parse({ ts: TS, readings: { O2: -0.1 } })).toMatchObject({ reason: 'schema' });
    expect(parse({ ts: TS, readings: {} })).toMatchObject({ reason: 'schema' });
    expect(parse({ ts: TS, readings: { Ar: 1 } })).toMatchObject({ reason: 'schema' });
  });

  it('metrics: one per gas, in the unit it is published in, with the schema range', () => {
    expect(gasKind.metrics.map((m) => m.key)).toEqual([...GAS_CODES]);
    for (const m of gasKind.metrics) {
      expect(m.unit).toBe(GAS_UNIT[m.key as keyof typeof GAS_UNIT]);
      expect(m.range).toEqual({ min: 0, max: GAS_MAX[m.key as keyof typeof GAS_MAX] });
    }
  });

  it('flattener: the readings, nothing else', () => {
    expect(DEVICE_KIND_REGISTRY.flatten('gas', { ts: TS, readings: { CO: 12.1, O2: 20.9 } })).toEqual({ CO: 12.1, O2: 20.9 });
    expect(DEVICE_KIND_REGISTRY.flatten('gas', { ts: TS })).toEqual({});
  });

  it('statuses and events: none; offline raises an alarm; live as series', () => {
    expect(gasKind.statuses).toEqual([]);
    expect(gasKind.event).toBeNull();
    expect(gasKind.offline.raisesAlarm).toBe(true);
    expect(gasKind.live).toEqual({ store: 'series', permission: 'project.read' });
  });

  it('default thresholds: only the gases a station measures, in its order', () => {
    expect(DEVICE_KIND_REGISTRY.defaultThresholds('gas', ['O2', 'CO']).map((t) => t.metric)).toEqual(['O2', 'CO']);
    expect(DEFAULT_GAS_THRESHOLDS.CO).toMatchObject({ warnHigh: 17, alarmHigh: 24, unit: 'ppm', clearRatio: 0.5 });
    expect(DEFAULT_GAS_THRESHOLDS.O2).toMatchObject({ warnLow: 20.0, alarmLow: 19.5, alarmHigh: 23.5, clearLow: 20.0 });
  });
});
