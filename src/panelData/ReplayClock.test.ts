import { describe, expect, it } from 'vitest';
import { ReplayClock } from './ReplayClock';

describe('ReplayClock', () => {
  it('plays at its speed, pauses, seeks and stops at the end of the range', () => {
    let perf = 0;
    const c = new ReplayClock({ fromMs: 1000, toMs: 100_000, atMs: 2000, speed: 60 }, () => perf);
    expect(c.now()).toBe(2000);
    c.play();
    perf = 100;
    expect(c.now()).toBe(2000 + 100 * 60);
    c.pause();
    perf = 1000;
    expect(c.now()).toBe(8000);
    c.seek(50_000);
    expect(c.now()).toBe(50_000);
    c.seek(-5);
    expect(c.now()).toBe(1000);
    c.setSpeed(10_000);
    expect(c.speed).toBe(600);
    c.seek(99_000);
    c.play();
    perf = 2000;
    expect(c.now()).toBe(100_000);
    expect(c.playing).toBe(false);
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => new ReplayClock({ fromMs: 10, toMs: 5 })).toThrow(RangeError);
  });
});
