import { describe, expect, it } from 'vitest';
import { decodeTracks, encodeTracks, simplifyTrack, trackPageCursor, withTrackPageCursor } from './trackCodec';
import { mulberry32 as rng } from './mulberry32';

const T0 = 1_763_766_000_000;

describe('compact tracks codec', () => {
  it('keeps every dropped fix within the tolerance of the line between the kept ones, for noisy walks', () => {
    for (const tol of [0, 0.25, 0.5, 2]) {
      const r = rng(42);
      const ts: number[] = [];
      const c: number[] = [];
      let x = 500;
      let v = 0;
      for (let s = 0; s < 3_000; s++) {
        if (r() < 0.02) v = r() < 0.4 ? 0 : (r() - 0.5) * 3;
        x += v;
        ts.push(T0 + s * 1000 + Math.floor(r() * 200));
        c.push(Math.round((x + (r() - 0.5) * 0.6) * 100) / 100);
      }
      const keep = simplifyTrack(ts, c, 0, ts.length - 1, tol);
      expect(keep[0]).toBe(0);
      expect(keep.at(-1)).toBe(ts.length - 1);
      for (let k = 0; k + 1 < keep.length; k++) {
        const [a, b] = [keep[k], keep[k + 1]];
        for (let i = a + 1; i < b; i++) {
          const line = c[a] + ((c[b] - c[a]) * (ts[i] - ts[a])) / (ts[b] - ts[a]);
          expect(Math.abs(line - c[i])).toBeLessThanOrEqual(tol + 1e-9);
        }
      }
      if (tol >= 0.5) expect(keep.length).toBeLessThan(ts.length / 5);
    }
  });

  it('sets the cursor of a page on a copy, the rest of the page unchanged', () => {
    const input = [{ sn: 'B1', ts: [T0, T0 + 1_000], tunnelId: ['LK', 'LK'], values: { chainageM: [10, 11] } }];
    const opts = { fromMs: T0, toMs: T0 + 3_599_999, toleranceM: 0.5, gapMs: 30_000 };
    const middle = encodeTracks(input, { ...opts, nextCursor: T0 + 3_600_000 });
    const last = encodeTracks(input, { ...opts, nextCursor: null });
    const patched = withTrackPageCursor(middle, null);
    expect(Array.from(patched)).toEqual(Array.from(last));
    expect(trackPageCursor(middle)).toBe(T0 + 3_600_000);
    expect(Array.from(withTrackPageCursor(last, T0 + 3_600_000))).toEqual(Array.from(middle));
    expect(withTrackPageCursor(middle, T0 + 3_600_000)).toBe(middle);
    expect(() => withTrackPageCursor(new Uint8Array(40), null)).toThrow(RangeError);
  });

  it('round-trips vertices, segments, state changes with nulls, tunnels and the cursor', () => {
    const ts = [0, 1, 2, 3, 60, 61, 62].map((s) => T0 + s * 1000);
    const body = encodeTracks(
      [
        {
          sn: 'B1',
          ts,
          tunnelId: ['LK', 'LK', 'RK', 'RK', 'RK', null, null],
          values: { chainageM: [10, 11, 12, 20.125, 20.125, 20.125, 20.125], sos: [0, 0, 1, 1, 0, 0, 0], heartRate: [80, null, null, 81.5, 81.5, 81.5, 90] },
        },
      ],
      { fromMs: T0, toMs: T0 + 3_599_999, nextCursor: T0 + 3_600_000, toleranceM: 0.5, gapMs: 30_000 },
    );
    expect(trackPageCursor(body)).toBe(T0 + 3_600_000);
    const d = decodeTracks(body);
    expect(d).toMatchObject({ fromMs: T0, nextCursor: T0 + 3_600_000, toleranceM: 0.5, gapMs: 30_000, tunnels: ['LK', 'RK'] });
    const b = d.beacons[0];
    expect(b.fixes).toBe(7);
    expect(Array.from(b.vertexTs)).toEqual([T0, T0 + 2_000, T0 + 3_000, T0 + 60_000, T0 + 62_000]);
    expect(Array.from(b.vertexChainageM)).toEqual([10, 12, 20.125, 20.125, 20.125]);
    expect(Array.from(b.segmentStart)).toEqual([1, 0, 0, 1, 0]);
    expect(Array.from(b.steps.tunnelId.ts)).toEqual([T0, T0 + 2_000, T0 + 61_000]);
    expect(Array.from(b.steps.tunnelId.values)).toEqual([0, 1, NaN]);
    expect(Array.from(b.steps.sos.values)).toEqual([0, 1, 0]);
    expect(Array.from(b.steps.heartRate.ts)).toEqual([T0, T0 + 1_000, T0 + 3_000, T0 + 62_000]);
    expect(Array.from(b.steps.heartRate.values)).toEqual([80, NaN, 81.5, 90]);
  });

  it('refuses bodies that are not compact tracks, cut short or with trailing bytes', () => {
    const body = encodeTracks([{ sn: 'B1', ts: [T0], tunnelId: ['LK'], values: { chainageM: [1] } }], { fromMs: T0, toMs: T0, nextCursor: null, toleranceM: 0.5, gapMs: 30_000 });
    expect(decodeTracks(body).beacons).toHaveLength(1);
    expect(() => decodeTracks(body.subarray(0, body.length - 1))).toThrow(RangeError);
    expect(() => decodeTracks(Uint8Array.from([...body, 0]))).toThrow(RangeError);
    expect(() => decodeTracks(new TextEncoder().encode('{"success":false}'))).toThrow(RangeError);
    expect(() => encodeTracks([], { fromMs: T0, toMs: T0, nextCursor: null, toleranceM: -1, gapMs: 30_000 })).toThrow(RangeError);
  });
});
