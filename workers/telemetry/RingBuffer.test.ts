import { describe, expect, it } from 'vitest';
import { RingBuffer } from './RingBuffer';
import { mulberry32 as rng } from '../../protocol/mulberry32';

function rows(rb: RingBuffer, metric?: string): Array<[number, number]> | number[] {
  const out: Array<[number, number]> = [];
  const col = metric === undefined ? -1 : rb.columnOf(metric);
  for (let i = 0; i < rb.length; i++) out.push([rb.tsAt(i), col < 0 ? NaN : rb.valueAt(col, i)]);
  return metric === undefined ? out.map((r) => r[0]) : out;
}

function push(rb: RingBuffer, ts: number, values: Record<string, number> = {}): number {
  const i = rb.insert(ts);
  if (i >= 0) for (const [m, v] of Object.entries(values)) rb.set(rb.ensureColumn(m), i, v);
  return i;
}

describe('RingBuffer', () => {
  it('appends in order and reports bounds', () => {
    const rb = new RingBuffer(8, { initialSlots: 2 });
    expect(rb.length).toBe(0);
    expect(rb.firstTs).toBeNaN();
    for (const ts of [10, 20, 30]) push(rb, ts, { a: ts / 10 });
    expect(rows(rb, 'a')).toEqual([
      [10, 1],
      [20, 2],
      [30, 3],
    ]);
    expect([rb.firstTs, rb.lastTs, rb.length]).toEqual([10, 30, 3]);
  });

  it('overwrites the oldest row once full', () => {
    const rb = new RingBuffer(3, { initialSlots: 1 });
    for (let ts = 1; ts <= 7; ts++) push(rb, ts, { a: ts * 10 });
    expect(rows(rb, 'a')).toEqual([
      [5, 50],
      [6, 60],
      [7, 70],
    ]);
  });

  it('adds metric columns lazily, earlier rows reading NaN', () => {
    const rb = new RingBuffer(4);
    push(rb, 1, { a: 1 });
    push(rb, 2, { a: 2, b: 20 });
    expect(rb.metrics).toEqual(['a', 'b']);
    expect(rows(rb, 'b')).toEqual([
      [1, NaN],
      [2, 20],
    ]);
    // A later row without b reads NaN, not a stale value from an overwritten slot.
    push(rb, 3, { a: 3 });
    push(rb, 4, { a: 4 });
    push(rb, 5, { b: 50 });
    push(rb, 6, { a: 6 });
    expect(rows(rb, 'b')).toEqual([
      [3, NaN],
      [4, NaN],
      [5, 50],
      [6, NaN],
    ]);
  });

  it('refuses metrics beyond maxColumns', () => {
    const rb = new RingBuffer(4, { maxColumns: 2 });
    expect(rb.ensureColumn('a')).toBe(0);
    expect(rb.ensureColumn('b')).toBe(1);
    expect(rb.ensureColumn('c')).toBe(-1);
    expect(rb.ensureColumn('a')).toBe(0);
  });

  it('inserts late points in order and ignores duplicate ts', () => {
    const rb = new RingBuffer(10);
    for (const ts of [10, 30, 50]) push(rb, ts, { a: ts });
    expect(push(rb, 40, { a: 40 })).toBe(2);
    expect(push(rb, 5, { a: 5 })).toBe(0);
    expect(push(rb, 30, { a: 999 })).toBe(-1);
    expect(rows(rb, 'a')).toEqual([
      [5, 5],
      [10, 10],
      [30, 30],
      [40, 40],
      [50, 50],
    ]);
  });

  it('drops a late point older than everything in a full buffer, else evicts the oldest', () => {
    const rb = new RingBuffer(3);
    for (const ts of [10, 20, 30, 40]) push(rb, ts);
    expect(rows(rb)).toEqual([20, 30, 40]);
    expect(push(rb, 15)).toBe(-1);
    expect(rows(rb)).toEqual([20, 30, 40]);
    expect(push(rb, 25)).toBe(0);
    expect(rows(rb)).toEqual([25, 30, 40]);
  });

  it('finds bounds by binary search across the wrap', () => {
    const rb = new RingBuffer(5, { initialSlots: 5 });
    for (let ts = 1; ts <= 8; ts++) push(rb, ts * 10); // holds 40..80, wrapped
    expect(rb.lowerBound(0)).toBe(0);
    expect(rb.lowerBound(40)).toBe(0);
    expect(rb.lowerBound(45)).toBe(1);
    expect(rb.lowerBound(80)).toBe(4);
    expect(rb.lowerBound(81)).toBe(5);
    expect(rb.upperBound(40)).toBe(1);
    expect(rb.upperBound(79)).toBe(4);
    expect(rb.upperBound(80)).toBe(5);
  });

  it('copies ranges across the wrap', () => {
    const rb = new RingBuffer(5, { initialSlots: 5 });
    for (let ts = 1; ts <= 8; ts++) push(rb, ts, { a: -ts });
    const ts = new Float64Array(6).fill(-1);
    const a = new Float64Array(5);
    rb.copyTs(1, 5, ts, 2);
    rb.copyColumn(rb.columnOf('a'), 0, 5, a);
    expect([...ts]).toEqual([-1, -1, 5, 6, 7, 8]);
    expect([...a]).toEqual([-4, -5, -6, -7, -8]);
  });

  it('throws on a non-finite ts or a bad capacity', () => {
    const rb = new RingBuffer(2);
    expect(() => rb.insert(NaN)).toThrow(RangeError);
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
    expect(rb.length).toBe(0);
  });

  it('matches a sorted reference model under random inserts (late, duplicate, wrapping)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rand = rng(seed);
      const cap = 1 + Math.floor(rand() * 40);
      const rb = new RingBuffer(cap, { initialSlots: 1 + Math.floor(rand() * 8) });
      const model = new Map<number, number>();
      let clock = 1000;
      for (let step = 0; step < 400; step++) {
        clock += Math.floor(rand() * 5);
        const ts = rand() < 0.3 ? clock - Math.floor(rand() * 60) : clock;
        const v = Math.round(rand() * 1000);
        const sorted = [...model.keys()].sort((x, y) => x - y);
        const full = model.size === cap;
        const accepted = !model.has(ts) && !(full && ts < sorted[0]);
        expect(push(rb, ts, { v }) >= 0).toBe(accepted);
        if (accepted) {
          model.set(ts, v);
          if (model.size > cap) model.delete(sorted[0]);
        }
        const expected = [...model.entries()].sort((x, y) => x[0] - y[0]);
        expect(rows(rb, 'v')).toEqual(expected);
      }
    }
  });

  describe('merge', () => {
    it('merges history around held rows, held values winning on equal ts', () => {
      const rb = new RingBuffer(10);
      push(rb, 20, { a: 2 });
      push(rb, 40, { a: 4 });
      rb.merge([10, 20, 30, 50], { a: [1, 999, 3, 5], b: [null, 7, 8, null] });
      expect(rows(rb, 'a')).toEqual([
        [10, 1],
        [20, 2],
        [30, 3],
        [40, 4],
        [50, 5],
      ]);
      expect(rows(rb, 'b')).toEqual([
        [10, NaN],
        [20, NaN],
        [30, 8],
        [40, NaN],
        [50, NaN],
      ]);
    });

    it('keeps the newest rows when the result exceeds capacity, and keeps appending after', () => {
      const rb = new RingBuffer(4, { initialSlots: 1 });
      push(rb, 100, { a: 100 });
      rb.merge([10, 20, 30, 40, 50], { a: [1, 2, 3, 4, 5] });
      expect(rows(rb, 'a')).toEqual([
        [30, 3],
        [40, 4],
        [50, 5],
        [100, 100],
      ]);
      push(rb, 110, { a: 110 });
      expect(rows(rb)).toEqual([40, 50, 100, 110]);
    });

    it('accepts unsorted history with repeated ts', () => {
      const rb = new RingBuffer(10);
      rb.merge([30, 10, 20, 10], { a: [3, 1, 2, 99] });
      expect(rows(rb, 'a')).toEqual([
        [10, 1],
        [20, 2],
        [30, 3],
      ]);
    });

    it('rejects mismatched columns or non-finite ts without changing anything', () => {
      const rb = new RingBuffer(10);
      push(rb, 1, { a: 1 });
      expect(() => rb.merge([2, 3], { a: [1] })).toThrow(RangeError);
      expect(() => rb.merge([2, NaN], { a: [1, 2] })).toThrow(RangeError);
      expect(rows(rb, 'a')).toEqual([[1, 1]]);
      expect(rb.metrics).toEqual(['a']);
    });

    it('matches a reference model on random merges into a wrapped buffer', () => {
      for (let seed = 1; seed <= 20; seed++) {
        const rand = rng(seed * 7);
        const cap = 1 + Math.floor(rand() * 30);
        const rb = new RingBuffer(cap, { initialSlots: 2 });
        const model = new Map<number, number>();
        const add = (ts: number, v: number) => {
          if (!model.has(ts)) model.set(ts, v);
        };
        for (let i = 0; i < 50; i++) {
          const ts = 500 + i * 3;
          push(rb, ts, { v: ts });
          add(ts, ts);
          const keys = [...model.keys()].sort((x, y) => x - y);
          while (model.size > cap) model.delete(keys.shift()!);
        }
        const hts = Array.from({ length: Math.floor(rand() * 60) }, () => 400 + Math.floor(rand() * 200));
        const hv = hts.map((t) => -t);
        rb.merge(hts, { v: hv });
        hts.forEach((t, i) => add(t, hv[i]));
        const keys = [...model.keys()].sort((x, y) => x - y);
        while (model.size > cap) model.delete(keys.shift()!);
        expect(rows(rb, 'v')).toEqual([...model.entries()].sort((x, y) => x[0] - y[0]));
      }
    });
  });

  it('resize keeps the newest rows', () => {
    const rb = new RingBuffer(6, { initialSlots: 6 });
    for (let ts = 1; ts <= 9; ts++) push(rb, ts, { a: ts });
    rb.resize(3);
    expect(rows(rb)).toEqual([7, 8, 9]);
    push(rb, 10, { a: 10 });
    expect(rows(rb, 'a')).toEqual([
      [8, 8],
      [9, 9],
      [10, 10],
    ]);
    rb.resize(100);
    for (let ts = 11; ts <= 20; ts++) push(rb, ts);
    expect(rb.length).toBe(13);
  });
});
