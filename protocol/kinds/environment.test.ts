import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY } from './index';
import { ENVIRONMENT_READINGS, environmentKind, flagMetric, NOISE_NIGHT } from './environment';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0); // 10:00 Beijing time
const parse = (msg: unknown) => DEVICE_KIND_REGISTRY.parseMessage('environment', JSON.stringify(msg));

describe('environment kind', () => {
  it('schema: any non-empty subset of readings within their physical range, flags from HJ 212 only', () => {
    expect(parse({ ts: TS, pm25: 35, noise: 58.2 })).toMatchObject({ kind: 'environment' });
    expect(parse({ ts: TS, temperature: -12.5, pressure: 95.1, flags: { temperature: 'M' } })).toMatchObject({ kind: 'environment' });
    expect(parse({ ts: TS })).toMatchObject({ reason: 'schema' });
    expect(parse({ ts: TS, pm25: -1 })).toMatchObject({ reason: 'schema', outOfRange: true });
    expect(parse({ ts: TS, humidity: 101 })).toMatchObject({ reason: 'schema', outOfRange: true });
    expect(parse({ ts: TS, windDirection: 361 })).toMatchObject({ reason: 'schema' });
    // rainfall in mm over the report period: from the MQTT payload only (the HJ 212 factor map below has no code for it)
    expect(parse({ ts: TS, rainfallMm: 12.5 })).toMatchObject({ kind: 'environment' });
    expect(parse({ ts: TS, rainfallMm: -0.1 })).toMatchObject({ reason: 'schema', outOfRange: true });
    expect(DEVICE_KIND_REGISTRY.metric('environment', 'rainfallMm')?.unit).toBe('mm');
    expect(parse({ ts: TS, pm25: 35, flags: { pm25: 'X' } })).toMatchObject({ reason: 'schema' });
    expect(parse({ ts: TS, pm25: 35, flags: { co: 'N' } })).toMatchObject({ reason: 'schema' });
    expect(parse({ ts: TS, pm25: 35, so2: 3 })).toMatchObject({ reason: 'schema' });
  });

  it('flattener: the readings and a flag code for each (N 0 when not named), never the flags object', () => {
    expect(DEVICE_KIND_REGISTRY.flatten('environment', { ts: TS, pm25: 35, noise: 58.2, flags: { noise: 'T' } })).toEqual({ pm25: 35, pm25Flag: 0, noise: 58.2, noiseFlag: 6 });
    expect(DEVICE_KIND_REGISTRY.flatten('environment', { ts: TS, pm10: 60 })).toEqual({ pm10: 60, pm10Flag: 0 });
    // the worker reads unvalidated socket items: an unknown flag reads as N, a non-object as nothing
    expect(DEVICE_KIND_REGISTRY.flatten('environment', { ts: TS, pm10: 60, flags: { pm10: '?' } })).toEqual({ pm10: 60, pm10Flag: 0 });
    expect(DEVICE_KIND_REGISTRY.flatten('environment', null)).toEqual({});
  });

  it('metrics: each reading with its flag metric; noise has a night limit of its own', () => {
    for (const key of ENVIRONMENT_READINGS) {
      expect(DEVICE_KIND_REGISTRY.metric('environment', key)?.validityFlag).toBe(flagMetric(key));
      expect(DEVICE_KIND_REGISTRY.metric('environment', flagMetric(key))?.range).toEqual({ min: 0, max: 7 });
    }
    expect(DEVICE_KIND_REGISTRY.metric('environment', 'pm25')?.unit).toBe('µg/m³');
    expect(DEVICE_KIND_REGISTRY.metric('environment', 'tsp')?.unit).toBe('mg/m³');
    expect(environmentKind.judgedOn('noise', Date.UTC(2026, 10, 21, 14, 0, 0))).toBe(NOISE_NIGHT); // 22:00 Beijing
    expect(environmentKind.judgedOn('noise', TS)).toBe('noise');
    expect(environmentKind.judgedOn('pm25', Date.UTC(2026, 10, 21, 14, 0, 0))).toBe('pm25');
  });

  it('HJ 212: the factor codes of Appendix B, PM scaled from mg/m³ to µg/m³; the message keeps only flags other than N', () => {
    const codes = Object.fromEntries(environmentKind.hj212.factors.map((f) => [f.code, [f.metric, f.scale]]));
    expect(codes).toEqual({
      a34004: ['pm25', 1000],
      a34002: ['pm10', 1000],
      a34001: ['tsp', 1],
      LA: ['noise', 1],
      a01001: ['temperature', 1],
      a01002: ['humidity', 1],
      a01007: ['windSpeed', 1],
      a01008: ['windDirection', 1],
      a01006: ['pressure', 1],
    });
    const msg = environmentKind.hj212.message(TS, { pm25: 35, noise: 60 }, { pm25: 'N', noise: 'D' });
    expect(msg).toEqual({ ts: TS, pm25: 35, noise: 60, flags: { noise: 'D' } });
    expect(parse(msg)).toMatchObject({ kind: 'environment' });
    expect(environmentKind.hj212.message(TS, { pm25: 35 }, { pm25: 'N' })).toEqual({ ts: TS, pm25: 35 });
  });

  it('statuses and events: none; offline raises an alarm; live as series; every default seeded', () => {
    expect(environmentKind.statuses).toEqual([]);
    expect(environmentKind.offline.raisesAlarm).toBe(true);
    expect(environmentKind.live).toEqual({ store: 'series', permission: 'project.read' });
    expect(DEVICE_KIND_REGISTRY.defaultThresholds('environment').map((t) => t.metric)).toEqual(['pm10', 'pm25', 'tsp', 'noise', NOISE_NIGHT]);
  });
});
