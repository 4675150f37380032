import { describe, expect, it } from 'vitest';
import type { TelemetryBatch } from '../../protocol';
import { MAX_BEACONS, MAX_DEVICES, TelemetryImpl } from './TelemetryImpl';

const T0 = 1_750_000_000_000;

function gas(items: Array<{ sn: string; ts: number; readings: Record<string, number> }>): TelemetryBatch {
  return { projectId: 'P1', topic: 'gas', items } as TelemetryBatch;
}

function crane(sn: string, ts: number, momentPct: number): TelemetryBatch {
  return {
    projectId: 'P1',
    topic: 'towerCrane',
    items: [{ sn, ts, radiusM: 20, rotationDeg: 0, heightM: 30, momentPct, loadT: 2, tiltDeg: 0, windSpeedMps: 3 }],
  };
}

function beacon(sn: string, ts: number, tunnelId: string, chainageM: number, sos = false): TelemetryBatch {
  return { projectId: 'P1', topic: 'beacon', items: [{ sn, ts, tunnelId, chainageM, battery: 80, sos }] };
}

describe('TelemetryImpl.window', () => {
  it('returns every point of a sparse window, aligned per metric with NaN where absent', async () => {
    const t = new TelemetryImpl();
    await t.ingest(gas([{ sn: 'G1', ts: T0, readings: { CO: 3, O2: 20.9 } }]));
    await t.ingest(gas([{ sn: 'G1', ts: T0 + 1000, readings: { CO: 4 } }, { sn: 'G2', ts: T0, readings: { CO: 50 } }]));
    const f = await t.window({ sn: 'G1', metrics: ['CO', 'O2', 'CH4'], fromMs: T0, toMs: T0 + 10_000, widthPx: 100 });
    expect(f.sn).toBe('G1');
    expect(f.metrics).toEqual(['CO', 'O2', 'CH4']);
    expect([...f.x]).toEqual([T0, T0 + 1000]);
    expect([...f.ys[0]]).toEqual([3, 4]);
    expect([...f.ys[1]]).toEqual([20.9, NaN]);
    expect([...f.ys[2]]).toEqual([NaN, NaN]);
    expect(f.latestTs).toBe(T0 + 1000);
    expect(f.rawCount).toBe(2);
  });

  it('downsamples a dense window but keeps each metric’s spikes', async () => {
    const t = new TelemetryImpl();
    const items = Array.from({ length: 5000 }, (_, i) => ({
      sn: 'G1',
      ts: T0 + i * 1000,
      readings: { CO: i === 2345 ? 400 : 2, O2: i === 4000 ? 18 : 20.9 },
    }));
    await t.ingest(gas(items));
    const f = await t.window({ sn: 'G1', metrics: ['CO', 'O2'], fromMs: T0, toMs: T0 + 4_999_000, widthPx: 200 });
    expect(f.rawCount).toBe(5000);
    expect(f.x.length).toBeLessThanOrEqual(4 * 2 * 200);
    expect(Math.max(...f.ys[0])).toBe(400);
    expect(Math.min(...f.ys[1])).toBe(18);
    expect(f.x[f.ys[0].indexOf(400)]).toBe(T0 + 2_345_000);
    for (let i = 1; i < f.x.length; i++) expect(f.x[i]).toBeGreaterThan(f.x[i - 1]);
  });

  it('adds the nearest point outside each edge so lines reach the plot border', async () => {
    const t = new TelemetryImpl();
    await t.ingest(gas([0, 10, 20, 30, 40].map((s) => ({ sn: 'G1', ts: T0 + s * 1000, readings: { CO: s } }))));
    const f = await t.window({ sn: 'G1', metrics: ['CO'], fromMs: T0 + 15_000, toMs: T0 + 25_000, widthPx: 10 });
    expect([...f.x]).toEqual([T0 + 10_000, T0 + 20_000, T0 + 30_000]);
    expect([...f.ys[0]]).toEqual([10, 20, 30]);
    expect(f.rawCount).toBe(1);
  });

  it('answers an empty frame for an unknown device', async () => {
    const f = await new TelemetryImpl().window({ sn: 'nope', metrics: ['CO'], fromMs: 0, toMs: 1, widthPx: 10 });
    expect(f.x.length).toBe(0);
    expect(f.ys).toHaveLength(1);
    expect(f.latestTs).toBeNull();
  });

  it('stores tower-crane quantities as metrics', async () => {
    const t = new TelemetryImpl();
    await t.ingest(crane('TC1', T0, 55));
    await t.ingest(crane('TC1', T0 + 1000, 92));
    const f = await t.window({ sn: 'TC1', metrics: ['momentPct', 'windSpeedMps'], fromMs: T0, toMs: T0 + 1000, widthPx: 50 });
    expect([...f.ys[0]]).toEqual([55, 92]);
    expect([...f.ys[1]]).toEqual([3, 3]);
  });

  it('rejects bad requests with a clear error', async () => {
    const t = new TelemetryImpl();
    await expect(t.window({ sn: 'G1', metrics: ['CO'], fromMs: 0, toMs: 1, widthPx: 0 })).rejects.toThrow(/widthPx/);
    await expect(t.window({ sn: 'G1', metrics: ['CO'], fromMs: NaN, toMs: 1, widthPx: 10 })).rejects.toThrow(/finite/);
    await expect(t.window({ sn: 'G1', metrics: 'CO' as never, fromMs: 0, toMs: 1, widthPx: 10 })).rejects.toThrow(TypeError);
  });

  it('passes the frame and its buffers to the transfer hook', async () => {
    const seen: Transferable[][] = [];
    const t = new TelemetryImpl({ transfer: (v, tr) => (seen.push(tr), v) });
    await t.ingest(gas([{ sn: 'G1', ts: T0, readings: { CO: 1 } }]));
    const f = await t.window({ sn: 'G1', metrics: ['CO'], fromMs: T0, toMs: T0, widthPx: 1 });
    expect(seen[0]).toEqual([f.x.buffer, f.ys[0].buffer]);
  });
});

describe('TelemetryImpl.ingest', () => {
  it('ignores duplicates, inserts late points in order, skips malformed items', async () => {
    const t = new TelemetryImpl();
    await t.ingest(gas([{ sn: 'G1', ts: T0 + 2000, readings: { CO: 2 } }]));
    await t.ingest(
      gas([
        { sn: 'G1', ts: T0 + 2000, readings: { CO: 99 } },
        { sn: 'G1', ts: T0 + 1000, readings: { CO: 1 } },
        { sn: 'G1', ts: NaN, readings: { CO: 5 } },
        { sn: 42 as never, ts: T0, readings: { CO: 5 } },
        null as never,
        { sn: 'G1', ts: T0 + 3000, readings: { CO: 'x' as never, O2: 20 } },
      ]),
    );
    const f = await t.window({ sn: 'G1', metrics: ['CO', 'O2'], fromMs: T0, toMs: T0 + 5000, widthPx: 100 });
    expect([...f.x]).toEqual([T0 + 1000, T0 + 2000, T0 + 3000]);
    expect([...f.ys[0]]).toEqual([1, 2, NaN]);
    expect([...f.ys[1]]).toEqual([NaN, NaN, 20]);
  });

  it('rejects a malformed batch without changing anything', async () => {
    const t = new TelemetryImpl();
    await expect(t.ingest({ topic: 'gas' } as never)).rejects.toThrow(TypeError);
    await expect(t.ingest({ projectId: 'P1', topic: 'weather', items: [] } as never)).rejects.toThrow(/weather/);
    await expect(t.ingest(null as never)).rejects.toThrow(TypeError);
  });

  it('keeps at most capacityPerDevice points per device', async () => {
    const t = new TelemetryImpl();
    await t.configure({ capacityPerDevice: 16 });
    await t.ingest(gas(Array.from({ length: 40 }, (_, i) => ({ sn: 'G1', ts: T0 + i, readings: { CO: i } }))));
    const f = await t.window({ sn: 'G1', metrics: ['CO'], fromMs: T0, toMs: T0 + 100, widthPx: 1000 });
    expect([...f.ys[0]]).toEqual(Array.from({ length: 16 }, (_, i) => 24 + i));
    await expect(t.configure({ capacityPerDevice: 3 })).rejects.toThrow(RangeError);
  });

  it('bounds the number of devices, dropping the least recently written', async () => {
    const t = new TelemetryImpl();
    for (let d = 0; d <= MAX_DEVICES; d++) {
      await t.ingest(gas([{ sn: `G${d}`, ts: T0 + d, readings: { CO: d } }]));
      if (d === 10) await t.ingest(gas([{ sn: 'G0', ts: T0 + 1000, readings: { CO: 0 } }])); // keep G0 fresh
    }
    const win = (sn: string) => t.window({ sn, metrics: ['CO'], fromMs: T0, toMs: T0 + 10_000, widthPx: 10 });
    expect((await win('G0')).rawCount).toBe(2);
    expect((await win('G1')).rawCount).toBe(0);
    expect((await win(`G${MAX_DEVICES}`)).rawCount).toBe(1);
  });

  it('bounds the beacons, dropping the least recently updated and keeping everyone else on the map', async () => {
    const t = new TelemetryImpl();
    const items = Array.from({ length: MAX_BEACONS }, (_, i) => ({ sn: `B${i}`, ts: T0, tunnelId: 'LK', chainageM: i % 3000, battery: 80, sos: false }));
    await t.ingest({ projectId: 'P1', topic: 'beacon', items });
    await t.ingest(beacon('B0', T0 + 1000, 'LK', 10)); // B0 reports again: B1 is now the stalest
    await t.ingest(beacon('NEW', T0 + 1000, 'LK', 20));
    const frame = await t.personnel({ nowMs: T0 + 1000, staleMs: 60_000, binM: 100, tunnels: [{ tunnelId: 'LK', lengthM: 3000 }] });
    const sns = new Set(frame.tunnels[0].sns);
    expect(sns.size).toBe(MAX_BEACONS);
    expect(sns.has('B0')).toBe(true);
    expect(sns.has('NEW')).toBe(true);
    expect(sns.has('B1')).toBe(false);
  });
});

describe('TelemetryImpl.fill', () => {
  it('merges REST history under live points, live values winning on equal ts', async () => {
    const t = new TelemetryImpl();
    await t.ingest(gas([{ sn: 'G1', ts: T0 + 3000, readings: { CO: 30 } }]));
    await t.fill('G1', { ts: [T0, T0 + 1000, T0 + 3000], values: { CO: [0, null, 999], O2: [20.9, 20.8, 20.7] } });
    const f = await t.window({ sn: 'G1', metrics: ['CO', 'O2'], fromMs: T0, toMs: T0 + 5000, widthPx: 100 });
    expect([...f.x]).toEqual([T0, T0 + 1000, T0 + 3000]);
    expect([...f.ys[0]]).toEqual([0, NaN, 30]);
    expect([...f.ys[1]]).toEqual([20.9, 20.8, NaN]);
  });

  it('rejects malformed history without changing anything', async () => {
    const t = new TelemetryImpl();
    await t.ingest(gas([{ sn: 'G1', ts: T0, readings: { CO: 1 } }]));
    await expect(t.fill('G1', { ts: [T0 + 1], values: { CO: [1, 2] } })).rejects.toThrow(RangeError);
    await expect(t.fill('G1', { ts: [T0 + 1], values: { CO: 'x' as never } })).rejects.toThrow(TypeError);
    await expect(t.fill('', { ts: [], values: {} })).rejects.toThrow(TypeError);
    const f = await t.window({ sn: 'G1', metrics: ['CO'], fromMs: T0, toMs: T0 + 10, widthPx: 10 });
    expect([...f.x]).toEqual([T0]);
  });
});

describe('TelemetryImpl.personnel', () => {
  it('places fresh beacons per tunnel in chainage order with SOS flags and a heat map', async () => {
    const t = new TelemetryImpl();
    await t.ingest(beacon('B1', T0, 'T-left', 120));
    await t.ingest(beacon('B2', T0 + 500, 'T-left', 15, true));
    await t.ingest(beacon('B3', T0, 'T-right', 40));
    await t.ingest(beacon('B4', T0 - 60_000, 'T-left', 50)); // stale
    const frame = await t.personnel({
      nowMs: T0 + 1000,
      staleMs: 30_000,
      binM: 100,
      tunnels: [
        { tunnelId: 'T-left', lengthM: 300 },
        { tunnelId: 'T-empty', lengthM: 100 },
      ],
    });
    expect(frame.atMs).toBe(T0 + 1000);
    const [left, empty] = frame.tunnels;
    expect(left.sns).toEqual(['B2', 'B1']);
    expect([...left.chainageM]).toEqual([15, 120]);
    expect([...left.sos]).toEqual([1, 0]);
    expect([...left.heat]).toEqual([1, 1, 0]);
    expect(empty.sns).toEqual([]);
    expect([...empty.heat]).toEqual([0]);
  });

  it('moves a beacon to its newest fix, even across tunnels, and ignores older fixes', async () => {
    const t = new TelemetryImpl();
    await t.ingest(beacon('B1', T0, 'T-left', 100));
    await t.ingest(beacon('B1', T0 + 1000, 'T-right', 10));
    await t.ingest(beacon('B1', T0 + 500, 'T-left', 200));
    const frame = await t.personnel({
      nowMs: T0 + 1000,
      staleMs: 10_000,
      binM: 10,
      tunnels: [
        { tunnelId: 'T-left', lengthM: 300 },
        { tunnelId: 'T-right', lengthM: 300 },
      ],
    });
    expect(frame.tunnels[0].sns).toEqual([]);
    expect([...frame.tunnels[1].chainageM]).toEqual([10]);
  });

  it('rejects bad requests', async () => {
    const t = new TelemetryImpl();
    const base = { nowMs: T0, staleMs: 1000, binM: 10, tunnels: [{ tunnelId: 'T', lengthM: 100 }] };
    await expect(t.personnel({ ...base, binM: 0 })).rejects.toThrow(RangeError);
    await expect(t.personnel({ ...base, staleMs: -1 })).rejects.toThrow(RangeError);
    await expect(t.personnel({ ...base, tunnels: [{}] as never })).rejects.toThrow(TypeError);
  });
});

describe('TelemetryImpl.reset', () => {
  it('drops all series and positions', async () => {
    const t = new TelemetryImpl();
    await t.ingest(gas([{ sn: 'G1', ts: T0, readings: { CO: 1 } }]));
    await t.ingest(beacon('B1', T0, 'T', 10));
    await t.reset();
    expect((await t.window({ sn: 'G1', metrics: ['CO'], fromMs: 0, toMs: T0 * 2, widthPx: 10 })).x.length).toBe(0);
    const p = await t.personnel({ nowMs: T0, staleMs: 1000, binM: 10, tunnels: [{ tunnelId: 'T', lengthM: 10 }] });
    expect(p.tunnels[0].sns).toEqual([]);
  });
});

describe('TelemetryImpl.ingestFrame', () => {
  it('folds a binary frame as it folds the same batch (series and positions kinds)', async () => {
    const { encodeTelemetryFrame } = await import('../../protocol/telemetryFrame');
    const batches = [
      gas([{ sn: 'G1', ts: T0, readings: { CO: 3, O2: 20.9 } }, { sn: 'G1', ts: T0 + 1000, readings: { CO: 4 } }]),
      crane('TC1', T0, 55),
      beacon('B1', T0, 'LK', 120.5, true),
    ];
    const fromObjects = new TelemetryImpl();
    const fromFrames = new TelemetryImpl();
    for (const b of batches) {
      await fromObjects.ingest(b);
      await fromFrames.ingestFrame(encodeTelemetryFrame(b));
    }
    const req = { sn: 'G1', metrics: ['CO', 'O2'], fromMs: T0, toMs: T0 + 10_000, widthPx: 100 };
    const a = await fromFrames.window(req);
    expect([...a.ys[0]]).toEqual([3, 4]);
    expect(a).toEqual(await fromObjects.window(req));
    const craneReq = { sn: 'TC1', metrics: ['momentPct'], fromMs: T0, toMs: T0, widthPx: 10 };
    expect(await fromFrames.window(craneReq)).toEqual(await fromObjects.window(craneReq));
    const people = { nowMs: T0 + 1000, staleMs: 60_000, binM: 100, tunnels: [{ tunnelId: 'LK', lengthM: 3000 }] };
    const p = await fromFrames.personnel(people);
    expect(p.tunnels[0].sns).toEqual(['B1']);
    expect(p).toEqual(await fromObjects.personnel(people));
  });

  it('rejects a malformed frame and changes nothing', async () => {
    const t = new TelemetryImpl();
    await expect(t.ingestFrame(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).rejects.toThrow(/telemetry frame/);
    const f = await t.window({ sn: 'G1', metrics: ['CO'], fromMs: T0, toMs: T0 + 1, widthPx: 10 });
    expect(f.rawCount).toBe(0);
  });
});
