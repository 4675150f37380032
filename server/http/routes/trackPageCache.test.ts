import { describe, expect, it } from 'vitest';
import { TrackPageCache } from './trackPageCache';

const body = (bytes: number, fill = 1) => new Uint8Array(bytes).fill(fill);

describe('TrackPageCache', () => {
  it('keeps pages up to the byte bound, dropping the least recently used first', () => {
    const cache = new TrackPageCache(100);
    cache.set('a', body(40, 1));
    cache.set('b', body(40, 2));
    expect(cache.get('a')?.[0]).toBe(1); // a is now the most recently used
    cache.set('c', body(40, 3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.[0]).toBe(1);
    expect(cache.get('c')?.[0]).toBe(3);
    expect(cache.size).toEqual({ bytes: 80, pages: 2 });
    expect(cache.hits).toBe(3);
  });

  it('replaces a key without counting it twice, and never keeps a body larger than the bound', () => {
    const cache = new TrackPageCache(100);
    cache.set('a', body(60));
    cache.set('a', body(70));
    expect(cache.size).toEqual({ bytes: 70, pages: 1 });
    cache.set('big', body(101));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toEqual({ bytes: 70, pages: 1 });
    const off = new TrackPageCache(0);
    off.set('a', body(1));
    expect(off.get('a')).toBeUndefined();
  });
});
