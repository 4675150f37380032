import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEVICE_KIND_REGISTRY, DEVICE_KINDS, isEventOnlyKind } from './index';
import { LIVE_TOPICS } from '../socket';
import { KIND_CHANNEL } from '../topics';
import { createKindRegistry } from './registry';
import { DEFAULT_OFFLINE_PERIODS, flatMetrics, highThreshold, tsMs, type DeviceKindDescriptor } from './descriptor';
import { gasKind } from './gas';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0);

/** A kind that exists only in this test: a noise meter, as a new kind would be added. */
const noiseSchema = z.object({ ts: tsMs, laDb: z.number().finite().min(0).max(200), sealed: z.boolean() });
const noiseKind = {
  kind: 'noiseMeter',
  label: { id: 'kind.noiseMeter', message: 'Noise meter' },
  channel: 'telemetry',
  schema: noiseSchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: [
    { key: 'laDb', unit: 'dB(A)', digits: 1, range: { min: 0, max: 200 }, label: { id: 'metric.noiseMeter.laDb', message: 'Noise level' } },
    { key: 'sealed', unit: '', digits: 0, range: { min: 0, max: 1 }, label: { id: 'metric.noiseMeter.sealed', message: 'Sealed' } },
  ],
  metricFields: flatMetrics(),
  position: null,
  offline: { raisesAlarm: true, periods: DEFAULT_OFFLINE_PERIODS, reason: 'test' },
  statuses: [],
  event: null,
  thresholds: [{ threshold: highThreshold('laDb', 'dB(A)', 70, 85, 0.9), source: 'test vector' }],
  thresholdScope: 'all',
} satisfies DeviceKindDescriptor<'noiseMeter', z.infer<typeof noiseSchema>>;

describe('a kind registered in a registry instance', () => {
  const registry = createKindRegistry([gasKind, noiseKind]);

  it('is listed, looked up by kind and by live topic', () => {
    expect(registry.kinds).toEqual(['gas', 'noiseMeter']);
    expect(registry.liveTopics).toEqual(['gas', 'noiseMeter']);
    expect(registry.get('noiseMeter')).toBe(noiseKind);
    expect(registry.byLiveTopic('noiseMeter')).toBe(noiseKind);
    expect(registry.metric('noiseMeter', 'laDb')?.unit).toBe('dB(A)');
    expect(registry.get('towerCrane')).toBeUndefined();
    expect(() => registry.require('towerCrane')).toThrow(/unknown device kind towerCrane/);
  });

  it('flows through topic parsing and building', () => {
    expect(registry.parseTopic('zhgd/p1/noiseMeter/NM-1/telemetry')).toEqual({ projectId: 'p1', kind: 'noiseMeter', sn: 'NM-1', channel: 'telemetry' });
    expect(registry.parseTopic('zhgd/p1/noiseMeter/NM-1/alarm')).toEqual({ error: 'topic-channel' });
    expect(registry.parseTopic('zhgd/p1/towerCrane/TC-1/telemetry')).toEqual({ error: 'topic-kind' });
    expect(registry.topicOf('p1', 'noiseMeter', 'NM-1')).toBe('zhgd/p1/noiseMeter/NM-1/telemetry');
    expect(() => registry.topicOf('p1', 'towerCrane', 'TC-1')).toThrow(/unknown device kind/);
  });

  it('flows through payload parsing and flattening (booleans as 0/1)', () => {
    const parsed = registry.parseMessage('noiseMeter', JSON.stringify({ ts: TS, laDb: 72.5, sealed: true }));
    expect(parsed).toEqual({ kind: 'noiseMeter', msg: { ts: TS, laDb: 72.5, sealed: true } });
    expect(registry.parseMessage('noiseMeter', JSON.stringify({ ts: TS, laDb: 500, sealed: true }))).toMatchObject({ reason: 'schema', detail: expect.stringContaining('laDb') });
    expect(registry.flatten('noiseMeter', { ts: TS, laDb: 72.5, sealed: true })).toEqual({ laDb: 72.5, sealed: 1 });
    expect(registry.flatten('towerCrane', { ts: TS, radiusM: 1 })).toEqual({});
  });

  it('flows through default thresholds', () => {
    expect(registry.defaultThresholds('noiseMeter')).toEqual([noiseKind.thresholds[0].threshold]);
    expect(registry.defaultThresholds('gas', ['O2', 'CO'])).toEqual([gasKind.thresholds[10].threshold, gasKind.thresholds[0].threshold]);
    expect(registry.defaultThresholds('boiler')).toEqual([]);
  });

  it('refuses a registry that could not work', () => {
    expect(() => createKindRegistry([noiseKind, noiseKind])).toThrow(/registered twice/);
    expect(() => createKindRegistry([{ ...noiseKind, kind: 'alarm' as 'noiseMeter' }])).toThrow(/reserved/);
    expect(() => createKindRegistry([{ ...noiseKind, kind: 'noise/meter' as 'noiseMeter' }])).toThrow(/topic segment/);
    expect(() => createKindRegistry([{ ...noiseKind, metrics: [noiseKind.metrics[0], noiseKind.metrics[0]] }])).toThrow(/metric laDb twice/);
    expect(() => createKindRegistry([{ ...noiseKind, thresholds: [{ threshold: highThreshold('dbC', 'dB', 1, 2, 0.9), source: 'x' }] }])).toThrow(/unknown metric dbC/);
  });
});

describe('the app registry', () => {
  it('keeps the wire contract of protocol v1: kinds, channels and live topics', () => {
    const equipment = ['constructionElevator', 'bridgeGirderErector', 'gantryCrane', 'yardCrane'];
    expect(DEVICE_KINDS).toEqual(['gas', 'beacon', 'towerCrane', 'camera', ...equipment, 'environment', 'tunnelProgress', 'cycleStage', 'gate', 'fogCannon', 'vehicle', 'cabFace']);
    expect(KIND_CHANNEL).toEqual({
      gas: 'telemetry',
      beacon: 'telemetry',
      towerCrane: 'telemetry',
      camera: 'alarm',
      ...Object.fromEntries(equipment.map((k) => [k, 'telemetry'])),
      environment: 'telemetry',
      tunnelProgress: 'telemetry',
      cycleStage: 'telemetry',
      gate: 'telemetry',
      fogCannon: 'telemetry',
      vehicle: 'telemetry',
      cabFace: 'telemetry',
    });
    expect(LIVE_TOPICS).toEqual(['gas', 'beacon', 'towerCrane', ...equipment, 'environment', 'fogCannon', 'vehicle', 'alarm', 'deviceStatus']);
    expect(DEVICE_KIND_REGISTRY.descriptors.filter((d) => d.offline.raisesAlarm).map((d) => d.kind)).toEqual(['gas', 'towerCrane', ...equipment, 'environment', 'fogCannon']);
  });

  it('marks the kinds that only send events, none that reports readings or raises an offline alarm', () => {
    expect(DEVICE_KINDS.filter(isEventOnlyKind)).toEqual(['camera', 'cycleStage', 'gate', 'cabFace']);
    for (const d of DEVICE_KIND_REGISTRY.descriptors.filter((x) => isEventOnlyKind(x.kind))) {
      expect(d.readings, d.kind).toBe(false);
      expect(d.offline.raisesAlarm, d.kind).toBe(false);
    }
    expect(isEventOnlyKind('no-such-kind')).toBe(false);
  });

  it('gives every metric a unit, a label and a range the schema enforces at both ends', () => {
    for (const d of DEVICE_KIND_REGISTRY.descriptors) {
      for (const m of d.metrics) {
        expect(m.label.id, `${d.kind}.${m.key}`).toBe(`metric.${d.kind}.${m.key}`);
        expect(m.range.min).toBeLessThan(m.range.max);
        expect(Number.isInteger(m.digits) && m.digits >= 0).toBe(true);
      }
      for (const { threshold, source } of d.thresholds) {
        expect(source.length, `${d.kind}.${threshold.metric} cites its source`).toBeGreaterThan(0);
        expect(threshold.unit, `${d.kind}.${threshold.metric}`).toBe(DEVICE_KIND_REGISTRY.metric(d.kind, threshold.metric)!.unit);
      }
    }
  });
});
