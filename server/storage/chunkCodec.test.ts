import { describe, expect, it } from 'vitest';
import { decodeChunk, decodeStats, encodeChunk, encodeStats, mergeStats, statsOf, MAX_CHUNK_DIGITS } from './chunkCodec';

const BASE = 1_700_000_040_000;

describe('chunk codec', () => {
  it('round-trips timestamps and values exactly, absent values as null', () => {
    const cols = {
      ts: [BASE + 12, BASE + 1_012, BASE + 1_011, BASE + 59_999],
      values: { chainageM: [100.5, 100.6, null, 99999.9], sos: [0, 1, 1, 0], odd: [-1.234567, 0, 2 ** 40, null] },
    };
    const back = decodeChunk(encodeChunk(cols, BASE, (m) => (m === 'chainageM' ? 1 : 0)), BASE);
    expect(back).toEqual(cols);
  });

  it('rounds values with more than the maximum digits, and stores non-finite values as missing', () => {
    const back = decodeChunk(encodeChunk({ ts: [BASE, BASE + 1], values: { x: [1 / 3, Number.NaN] } }, BASE, () => undefined), BASE);
    expect(back.values.x).toEqual([Math.round((1 / 3) * 10 ** MAX_CHUNK_DIGITS) / 10 ** MAX_CHUNK_DIGITS, null]);
  });

  it('is compact for a minute of 1 Hz beacon fixes (well under 16 bytes a fix)', () => {
    const ts = Array.from({ length: 60 }, (_, i) => BASE + i * 1_000 + (i % 3));
    const cols = {
      ts,
      values: {
        chainageM: ts.map((_, i) => Math.round((812.3 + i * 0.7) * 10) / 10),
        battery: ts.map(() => 83),
        sos: ts.map(() => 0),
        heartRate: ts.map((_, i) => 80 + (i % 5)),
      },
    };
    const bytes = encodeChunk(cols, BASE, (m) => (m === 'chainageM' ? 1 : 0)).length;
    expect(bytes / 60).toBeLessThan(4);
  });

  it('keeps min, max, sum, count and the newest last through merges', () => {
    const a = statsOf({ ts: [1, 2, 3], values: { v: [5, 1, 9] } });
    const b = statsOf({ ts: [4, 5], values: { v: [3, null], w: [7, 8] } });
    const m = decodeStats(encodeStats(mergeStats(a, b)));
    expect(m).toEqual({ v: { min: 1, max: 9, sum: 18, count: 4, last: 3, lastTs: 4 }, w: { min: 7, max: 8, sum: 15, count: 2, last: 8, lastTs: 5 } });
    // an older bucket merged later does not replace the last value
    expect(mergeStats(b, a).v.last).toBe(3);
  });

  it('refuses bytes of an unknown format', () => {
    expect(() => decodeChunk(Buffer.from([1, 2, 3]), BASE)).toThrow();
  });
});
