import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY } from './index';
import { towerCraneKind, type TowerCraneTelemetry } from './towerCrane';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0);
const CRANE: TowerCraneTelemetry = { ts: TS, radiusM: 30, rotationDeg: 10, heightM: 40, momentPct: 50, loadT: 2, tiltDeg: 0.05, windSpeedMps: 3 };
const parse = (msg: unknown) => DEVICE_KIND_REGISTRY.parseMessage('towerCrane', JSON.stringify(msg));

describe('towerCrane kind', () => {
  it('schema: every JGJ 332 quantity, each within its metric range', () => {
    expect(parse(CRANE)).toEqual({ kind: 'towerCrane', msg: CRANE });
    for (const m of towerCraneKind.metrics) {
      if (m.unit === '') continue; // statuses: below
      expect(parse({ ...CRANE, [m.key]: m.range.max }), `${m.key} at max`).toMatchObject({ kind: 'towerCrane' });
      expect(parse({ ...CRANE, [m.key]: m.range.max + 1 }), `${m.key} above max`).toMatchObject({ reason: 'schema' });
      expect(parse({ ...CRANE, [m.key]: m.range.min - 1 }), `${m.key} below min`).toMatchObject({ reason: 'schema' });
    }
    const { windSpeedMps: _, ...withoutWind } = CRANE;
    expect(parse(withoutWind)).toMatchObject({ reason: 'schema', detail: expect.stringContaining('windSpeedMps') });
  });

  it('flattener: every quantity but ts', () => {
    const { ts: _, ...values } = CRANE;
    expect(DEVICE_KIND_REGISTRY.flatten('towerCrane', CRANE)).toEqual(values);
  });

  it('metrics carry human labels and units', () => {
    expect(DEVICE_KIND_REGISTRY.metric('towerCrane', 'radiusM')).toMatchObject({ unit: 'm', label: { message: 'Radius' } });
    expect(DEVICE_KIND_REGISTRY.metric('towerCrane', 'windSpeedMps')).toMatchObject({ unit: 'm/s', label: { message: 'Wind speed' } });
    expect(DEVICE_KIND_REGISTRY.metric('towerCrane', 'momentPct')).toMatchObject({ unit: '%', label: { message: 'Moment' } });
  });

  it('statuses: anti-collision, limit switch and restricted zone, optional, decoded as 0/1 and alarmed while on', () => {
    const withStatuses = { ...CRANE, antiCollision: true, limitSwitch: false, restrictedZone: true };
    expect(parse(withStatuses)).toEqual({ kind: 'towerCrane', msg: withStatuses });
    expect(parse({ ...CRANE, limitSwitch: 1 })).toMatchObject({ reason: 'schema', detail: expect.stringContaining('limitSwitch') });
    expect(DEVICE_KIND_REGISTRY.flatten('towerCrane', withStatuses)).toMatchObject({ antiCollision: 1, limitSwitch: 0, restrictedZone: 1 });
    for (const key of ['antiCollision', 'limitSwitch', 'restrictedZone']) {
      expect(DEVICE_KIND_REGISTRY.defaultThresholds('towerCrane').find((t) => t.metric === key)).toMatchObject({ alarmHigh: 1, warnHigh: null, unit: '' });
    }
  });

  it('offline raises an alarm; live as series', () => {
    expect(towerCraneKind.offline.raisesAlarm).toBe(true);
    expect(towerCraneKind.live).toEqual({ store: 'series', permission: 'project.read' });
  });

  it('default thresholds: moment, wind, tilt', () => {
    expect(DEVICE_KIND_REGISTRY.defaultThresholds('towerCrane').map((t) => [t.metric, t.warnHigh, t.alarmHigh])).toEqual([
      ['momentPct', 90, 100],
      ['windSpeedMps', 10.8, 13.8],
      ['tiltDeg', 0.17, 0.23],
      ['antiCollision', null, 1],
      ['limitSwitch', null, 1],
      ['restrictedZone', null, 1],
    ]);
  });
});
