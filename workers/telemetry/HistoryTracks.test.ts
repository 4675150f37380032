import { describe, expect, it } from 'vitest';
import { encodeTracks, type TrackInput } from '../../protocol/trackCodec';
import { HistoryImpl } from './HistoryImpl';

const T0 = 1_763_766_000_000;
const TUNNELS = [
  { tunnelId: 'LK', lengthM: 1000 },
  { tunnelId: 'RK', lengthM: 1000 },
];
const STALE = { staleMs: 30_000, binM: 100, tunnels: TUNNELS };

/**
 * One beacon at 1 Hz over 2 pages of 20 minutes: walks LK at 1 m/s from 100 m for 300 s, stands at 400 m
 * until 1200 s (across the page boundary), moves to RK at 1500 s (at 40 m), SOS over [1800, 1860) s,
 * silent over (2000, 2100) s, then stands at 40 m until 2399 s.
 */
function fix(s: number): { c: number; tunnel: string; sos: number } | null {
  if (s > 2000 && s < 2100) return null;
  const c = s <= 300 ? 100 + s : s < 1500 ? 400 : 40;
  return { c, tunnel: s < 1500 ? 'LK' : 'RK', sos: s >= 1800 && s < 1860 ? 1 : 0 };
}

function page(fromS: number, toS: number, last: boolean): ArrayBuffer {
  const ts: number[] = [];
  const tunnelId: string[] = [];
  const chainageM: number[] = [];
  const sos: number[] = [];
  for (let s = fromS; s < toS; s++) {
    const f = fix(s);
    if (!f) continue;
    ts.push(T0 + s * 1000);
    tunnelId.push(f.tunnel);
    chainageM.push(f.c);
    sos.push(f.sos);
  }
  const input: TrackInput = { sn: 'B1', ts, tunnelId, values: { chainageM, sos, battery: ts.map(() => 77) } };
  const body = encodeTracks([input], { fromMs: T0 + fromS * 1000, toMs: T0 + toS * 1000 - 1, nextCursor: last ? null : T0 + toS * 1000, toleranceM: 0.5, gapMs: 30_000 });
  return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
}

describe('HistoryImpl.loadTracks (compact tracks in the replay worker)', () => {
  it('loads pages into a few points and places the beacon as its fixes did', async () => {
    const h = new HistoryImpl();
    const loaded = await h.loadTracks([page(0, 1200, false), page(1200, 2400, true)]);
    expect(loaded.beacons).toBe(1);
    expect(loaded.fixes).toBe(2400 - 99);
    expect(loaded.points).toBeLessThan(20);
    const at = async (s: number) => {
      const f = await h.personnel({ nowMs: T0 + s * 1000, ...STALE });
      return f.tunnels.flatMap((t) => t.sns.map((sn, i) => ({ tunnelId: t.tunnelId, chainageM: t.chainageM[i], sos: t.sos[i] })));
    };
    expect(await at(150)).toEqual([{ tunnelId: 'LK', chainageM: 250, sos: 0 }]);
    // standing for 15 minutes across the page boundary: still there, though the kept points are minutes apart
    expect(await at(900)).toEqual([{ tunnelId: 'LK', chainageM: 400, sos: 0 }]);
    expect(await at(1200)).toEqual([{ tunnelId: 'LK', chainageM: 400, sos: 0 }]);
    expect(await at(1500)).toEqual([{ tunnelId: 'RK', chainageM: 40, sos: 0 }]);
    expect(await at(1830)).toEqual([{ tunnelId: 'RK', chainageM: 40, sos: 1 }]);
    expect(await at(1860)).toEqual([{ tunnelId: 'RK', chainageM: 40, sos: 0 }]);
    // the silence is not bridged: gone 30 s after the last fix before it, back at the first after it
    expect(await at(2029)).toHaveLength(1);
    expect(await at(2050)).toEqual([]);
    expect(await at(2100)).toEqual([{ tunnelId: 'RK', chainageM: 40, sos: 0 }]);
    const latest = await h.latestAt({ sns: ['B1'], atMs: T0 + 900_000 });
    expect(latest.B1).toEqual({ tsMs: T0 + 900_000, values: { chainageM: 400, sos: 0, battery: 77 } });
  });

  // the walk ends at 300 s, in the sixth minute
  it('marks every minute of a walk as activity, however few points the walk kept', async () => {
    const h = new HistoryImpl();
    await h.loadTracks([page(0, 1200, true)]);
    const a = await h.activity({ fromMs: T0, toMs: T0 + 1_200_000, bucketMs: 60_000, moveM: 2 });
    expect(Array.from(a)).toEqual(Array.from({ length: 20 }, (_, i) => (i <= 5 ? 1 : 0)));
  });

  it('refuses bytes that are not a compact tracks body and keeps what it held', async () => {
    const h = new HistoryImpl();
    await h.loadTracks([page(0, 600, true)]);
    await expect(h.loadTracks([new Uint8Array([1, 2, 3]).buffer])).rejects.toThrow(RangeError);
    expect((await h.latestAt({ sns: ['B1'], atMs: T0 + 100_000 })).B1.values.chainageM).toBe(200);
  });
});
