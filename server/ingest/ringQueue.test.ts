import { describe, expect, it } from 'vitest';
import { RingQueue } from './ringQueue';

describe('RingQueue', () => {
  it('is FIFO and drops the oldest item when full', () => {
    const q = new RingQueue<number>(3);
    expect([q.push(1), q.push(2), q.push(3)]).toEqual([undefined, undefined, undefined]);
    expect(q.push(4)).toBe(1);
    expect(q.size).toBe(3);
    expect(q.take(2)).toEqual([2, 3]);
    q.push(5);
    q.push(6);
    expect(q.take(10)).toEqual([4, 5, 6]);
    expect(q.size).toBe(0);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RingQueue(0)).toThrow(RangeError);
  });
});
