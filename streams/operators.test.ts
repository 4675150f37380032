import { describe, expect, it } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { bufferAnimationFrame, latestBy, throttleToFrame } from './operators';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('bufferAnimationFrame', () => {
  it('emits the values of each frame as one array, nothing for empty frames', () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('---x---x---x');
      const source = hot('a-b---c-|');
      expectObservable(source.pipe(bufferAnimationFrame())).toBe('---x---y|', { x: ['a', 'b'], y: ['c'] });
    });
  });

  it('flushes at once when maxItems pile up (hidden tabs get no frames)', () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('---x');
      const source = hot('(abc)');
      expectObservable(source.pipe(bufferAnimationFrame({ maxItems: 2 }))).toBe('x--y', { x: ['a', 'b'], y: ['c'] });
    });
  });

  it('emits pending values on completion and forwards errors', () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('-------x');
      expectObservable(hot('a|').pipe(bufferAnimationFrame())).toBe('-(x|)', { x: ['a'] });
      expectObservable(hot('a#').pipe(bufferAnimationFrame())).toBe('-#');
    });
  });
});

describe('throttleToFrame', () => {
  it('emits only the latest value of each frame', () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('---x---x---x');
      expectObservable(hot('a-b---c-|').pipe(throttleToFrame())).toBe('---b---c|');
    });
  });

  it('emits the pending value on completion', () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('-------x');
      expectObservable(hot('ab|').pipe(throttleToFrame())).toBe('--(b|)');
    });
  });
});

describe('latestBy', () => {
  it('keeps the latest value per key as independent snapshots', async () => {
    const items = [
      { sn: 'B1', m: 1 },
      { sn: 'B2', m: 2 },
      { sn: 'B1', m: 3 },
    ];
    const maps = await lastValueFrom(from(items).pipe(latestBy((v) => v.sn), toArray()));
    expect(maps.map((m) => [...m.values()].map((v) => v.m))).toEqual([[1], [1, 2], [2, 3]]);
  });

  it('drops the least recently updated key beyond maxKeys', async () => {
    const maps = await lastValueFrom(from([1, 2, 1, 3]).pipe(latestBy((v) => v, { maxKeys: 2 }), toArray()));
    expect([...maps[3].keys()]).toEqual([1, 3]);
  });
});
