import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autorun } from 'mobx';
import { createRequest } from '../api/request';
import { gasBatch, makeGasDevice, T0 } from '../test/builders';
import { DeviceStore } from './DeviceStore';

describe('DeviceStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function store() {
    // These tests drive live batches only; the store makes no REST call.
    const s = new DeviceStore(createRequest(), 1000);
    s.replaceAll([makeGasDevice({ sn: 'G1' }), makeGasDevice({ sn: 'G2' })]);
    return s;
  }

  it('applies latest readings at most once per flush period, however many messages arrive', () => {
    const s = store();
    const seen: number[] = [];
    const stop = autorun(() => seen.push(s.get('G1')!.latest!.CO));
    for (let i = 1; i <= 10; i++) s.applyTelemetry(gasBatch([{ sn: 'G1', ts: T0 + i * 100, readings: { CO: i } }]));
    expect(seen).toEqual([3.1]); // nothing yet: readings wait for the flush
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([3.1, 10]); // one update with the newest value
    stop();
  });

  it('merges partial readings and keeps the newer point when messages arrive late', () => {
    const s = store();
    s.applyTelemetry(gasBatch([{ sn: 'G1', ts: T0 + 2000, readings: { CO: 20 } }]));
    s.applyTelemetry(gasBatch([{ sn: 'G1', ts: T0 + 1000, readings: { CO: 5 } }]));
    s.applyTelemetry(gasBatch([{ sn: 'G2', ts: T0 + 2000, readings: { dust: 3.5 } }]));
    vi.advanceTimersByTime(1000);
    expect(s.get('G1')!.latest).toMatchObject({ CO: 20, O2: 20.9 });
    expect(s.get('G1')!.lastSeenMs).toBe(T0 + 2000);
    expect(s.get('G2')!.latest).toMatchObject({ dust: 3.5, CO: 3.1 });
  });

  it('applies status batches at once and drops readings of unknown devices', () => {
    const s = store();
    s.applyStatus({ projectId: 'demo-tunnel', items: [{ sn: 'G2', status: 'alarm', atMs: T0 + 5 }, { sn: 'nope', status: 'online', atMs: T0 }] });
    expect(s.get('G2')!.status).toBe('alarm');
    s.applyTelemetry(gasBatch([{ sn: 'nope', ts: T0, readings: { CO: 1 } }]));
    vi.advanceTimersByTime(1000);
    expect(s.get('nope')).toBeUndefined();
  });

  it('drops pending readings on dispose', () => {
    const s = store();
    s.applyTelemetry(gasBatch([{ sn: 'G1', ts: T0 + 1, readings: { CO: 99 } }]));
    s.dispose();
    vi.advanceTimersByTime(5000);
    expect(s.get('G1')!.latest!.CO).toBe(3.1);
  });
});
