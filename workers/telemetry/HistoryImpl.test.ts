import { describe, expect, it } from 'vitest';
import { HEAT_SAMPLES, HistoryImpl, MAX_HISTORY_POINTS, TRAIL_POINTS } from './HistoryImpl';

const T0 = 1_763_766_000_000;
const TUNNELS = [{ tunnelId: 'LK', lengthM: 1000 }];

/** A beacon walking LK: fixes at T0 (100 m), T0+10 s (150 m, SOS), then a 10-minute silence, T0+610 s (400 m). */
async function walker(h: HistoryImpl): Promise<void> {
  await h.load('B1', { ts: [T0, T0 + 10_000, T0 + 610_000], values: { chainageM: [100, 150, 400], sos: [0, 1, 0], battery: [90, 90, 89] } }, 'LK');
}

describe('HistoryImpl', () => {
  it('positions at a fix are exact', async () => {
    const h = new HistoryImpl();
    await walker(h);
    const f = await h.personnel({ nowMs: T0 + 10_000, staleMs: 60_000, binM: 100, tunnels: TUNNELS });
    expect(f.tunnels[0].sns).toEqual(['B1']);
    expect(Array.from(f.tunnels[0].chainageM)).toEqual([150]);
    expect(Array.from(f.tunnels[0].sos)).toEqual([1]);
    expect(f.atMs).toBe(T0 + 10_000);
  });

  it('interpolates chainage linearly between fixes, with the earlier fix’s SOS flag', async () => {
    const h = new HistoryImpl();
    await walker(h);
    const f = await h.personnel({ nowMs: T0 + 2_500, staleMs: 60_000, binM: 100, tunnels: TUNNELS });
    expect(Array.from(f.tunnels[0].chainageM)).toEqual([112.5]);
    expect(Array.from(f.tunnels[0].sos)).toEqual([0]);
    expect(Array.from(f.tunnels[0].heat.slice(0, 3))).toEqual([0, 1, 0]);
  });

  it('shows no one before the first fix, nor after the last fix went stale, and does not bridge long gaps', async () => {
    const h = new HistoryImpl();
    await walker(h);
    const at = async (nowMs: number) => (await h.personnel({ nowMs, staleMs: 60_000, binM: 100, tunnels: TUNNELS })).tunnels[0];
    expect((await at(T0 - 1)).sns).toEqual([]);
    // 30 s after the SOS fix: still there, not moved towards the fix 10 minutes later.
    expect(Array.from((await at(T0 + 40_000)).chainageM)).toEqual([150]);
    expect((await at(T0 + 70_000)).sns).toEqual([]);
    expect(Array.from((await at(T0 + 610_000)).chainageM)).toEqual([400]);
  });

  it('answers the last reading at or before an instant, a missing metric from an earlier row', async () => {
    const h = new HistoryImpl();
    await h.load('G1', { ts: [T0 + 2000, T0, T0 + 1000], values: { CO: [3, 1, 2], O2: [null, 20.9, 20.8] } });
    expect(await h.latestAt({ sns: ['G1', 'nope'], atMs: T0 - 1 })).toEqual({});
    expect(await h.latestAt({ sns: ['G1'], atMs: T0 })).toEqual({ G1: { tsMs: T0, values: { CO: 1, O2: 20.9 } } });
    expect(await h.latestAt({ sns: ['G1'], atMs: T0 + 1500 })).toEqual({ G1: { tsMs: T0 + 1000, values: { CO: 2, O2: 20.8 } } });
    expect(await h.latestAt({ sns: ['G1'], atMs: T0 + 5000 })).toEqual({ G1: { tsMs: T0 + 2000, values: { CO: 3, O2: 20.8 } } });
  });

  it('windows up to the instant with one neighbour each side, latestTs as of toMs', async () => {
    const h = new HistoryImpl();
    const ts = Array.from({ length: 10 }, (_, i) => T0 + i * 1000);
    await h.load('G1', { ts, values: { CO: ts.map((_, i) => i) } });
    const f = await h.window({ sn: 'G1', metrics: ['CO'], fromMs: T0 + 2000, toMs: T0 + 5000, widthPx: 100 });
    expect(Array.from(f.x)).toEqual([T0 + 1000, T0 + 2000, T0 + 3000, T0 + 4000, T0 + 5000, T0 + 6000]);
    expect(Array.from(f.ys[0])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(f.latestTs).toBe(T0 + 5000);
    expect(f.rawCount).toBe(4);
  });

  it('refuses malformed input without changing anything, and keeps at most MAX_HISTORY_POINTS', async () => {
    const h = new HistoryImpl();
    await h.load('G1', { ts: [T0], values: { CO: [1] } });
    await expect(h.load('G1', { ts: [T0, T0 + 1], values: { CO: [1] } })).rejects.toThrow(TypeError);
    await expect(h.load('', { ts: [], values: {} })).rejects.toThrow(TypeError);
    await expect(h.latestAt({ sns: ['G1'], atMs: NaN })).rejects.toThrow(RangeError);
    expect((await h.latestAt({ sns: ['G1'], atMs: T0 })).G1.values).toEqual({ CO: 1 });
    const n = MAX_HISTORY_POINTS + 5;
    const big = Array.from({ length: n }, (_, i) => T0 + i);
    await h.load('G2', { ts: big, values: { CO: big.map((_, i) => i) } });
    expect((await h.latestAt({ sns: ['G2'], atMs: T0 + 4 })).G2).toBeUndefined();
    expect((await h.latestAt({ sns: ['G2'], atMs: T0 + 5 })).G2.values.CO).toBe(5);
  });

  it('trails hold where each person was over the last minutes, oldest first', async () => {
    const h = new HistoryImpl();
    await walker(h);
    const f = await h.personnel({ nowMs: T0 + 10_000, staleMs: 60_000, binM: 100, tunnels: TUNNELS, trailMs: 24_000 });
    const trails = f.tunnels[0].trails!;
    expect(Array.from(trails.starts)).toEqual([0, TRAIL_POINTS]);
    const pts = Array.from(trails.chainageM);
    // one point per second from T0-13 s: NaN before the first fix, then 100 → 150 m interpolated
    expect(pts.slice(0, 13).every((c) => Number.isNaN(c))).toBe(true);
    expect(pts[13]).toBe(100);
    expect(pts[18]).toBe(125);
    expect(pts[23]).toBe(150);
    const without = await h.personnel({ nowMs: T0 + 10_000, staleMs: 60_000, binM: 100, tunnels: TUNNELS });
    expect(without.tunnels[0].trails).toBeUndefined();
  });

  it('a heat map over a window counts the mean headcount per bin, a bin passed through shows', async () => {
    const h = new HistoryImpl();
    await h.load('A', { ts: [T0, T0 + 60_000], values: { chainageM: [50, 50], sos: [0, 0] } }, 'LK');
    await h.load('B', { ts: [T0, T0 + 60_000], values: { chainageM: [150, 350], sos: [0, 0] } }, 'LK');
    const f = await h.personnel({ nowMs: T0 + 60_000, staleMs: 120_000, binM: 100, tunnels: TUNNELS, heatFromMs: T0 });
    expect(Array.from(f.tunnels[0].heat.slice(0, 5))).toEqual([1, 1, 1, 1, 0]);
    // at the instant alone, B is at 350 m only
    const now = await h.personnel({ nowMs: T0 + 60_000, staleMs: 120_000, binM: 100, tunnels: TUNNELS });
    expect(Array.from(now.tunnels[0].heat.slice(0, 5))).toEqual([1, 0, 0, 1, 0]);
    expect(HEAT_SAMPLES).toBeGreaterThan(10);
  });

  it('follows one person: their fixes up to the instant, with SOS as it was', async () => {
    const h = new HistoryImpl();
    await walker(h);
    const f = await h.personnel({ nowMs: T0 + 10_000, staleMs: 60_000, binM: 100, tunnels: TUNNELS, followSn: 'B1' });
    expect(f.track?.sn).toBe('B1');
    expect(Array.from(f.track!.ts)).toEqual([T0, T0 + 10_000]);
    expect(Array.from(f.track!.chainageM)).toEqual([100, 150]);
    expect(Array.from(f.track!.sos)).toEqual([0, 1]);
    expect((await h.personnel({ nowMs: T0, staleMs: 60_000, binM: 100, tunnels: TUNNELS, followSn: 'nobody' })).track).toBeUndefined();
  });

  it('activity marks buckets where someone moved or raised SOS, and refuses a bad range', async () => {
    const h = new HistoryImpl();
    await walker(h);
    await h.load('STILL', { ts: [T0, T0 + 120_000, T0 + 240_000], values: { chainageM: [10, 10, 10] } }, 'LK');
    const a = await h.activity({ fromMs: T0, toMs: T0 + 660_000, bucketMs: 60_000, moveM: 1 });
    expect(Array.from(a)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    await expect(h.activity({ fromMs: T0, toMs: T0 - 1, bucketMs: 1000, moveM: 1 })).rejects.toThrow(RangeError);
    await expect(h.activity({ fromMs: T0, toMs: T0 + 1e9, bucketMs: 1, moveM: 1 })).rejects.toThrow(RangeError);
  });
});
