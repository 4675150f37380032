import { describe, expect, it } from 'vitest';
import { quietAdvance, QUIET_BOOST, QUIET_LEAD_MS } from './quiet';
import { ReplayClock } from './ReplayClock';

const M = 60_000;

describe('quietAdvance ("skip quiet stretches")', () => {
  // minute buckets: active, 5 quiet, active, a one-minute lull, active, then quiet to the end
  const active = [1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0];

  it('plays QUIET_BOOST times faster through a quiet stretch and at the chosen speed elsewhere', () => {
    expect(quietAdvance(active, 0, M, 0.5 * M, 100, 60)).toBe(0.5 * M + 6_000); // active minute: 60×
    expect(quietAdvance(active, 0, M, 2 * M, 100, 60)).toBe(2 * M + 100 * 60 * QUIET_BOOST); // quiet: 600×
    expect(quietAdvance(active, 0, M, 7.2 * M, 100, 60)).toBe(7.2 * M + 6_000); // a one-minute lull: 60×
    // crossing from an active minute into the quiet stretch: 60× up to its start, then 600×
    expect(quietAdvance(active, 0, M, M - 3_000, 100, 60)).toBe(M + (100 - 50) * 600);
    // quiet to the end of the range: fast to the end
    expect(quietAdvance(active, 0, M, 10 * M, 100, 60)).toBe(10 * M + 60_000);
  });

  it('is back to the chosen speed QUIET_LEAD_MS before the next activity and never passes over it', () => {
    const slowDown = 6 * M - QUIET_LEAD_MS;
    // a long step from the quiet stretch ends at the chosen speed, not beyond what that speed allows
    const realToSlowDown = (slowDown - 2 * M) / 600;
    expect(quietAdvance(active, 0, M, 2 * M, realToSlowDown + 100, 60)).toBeCloseTo(slowDown + 6_000, 6);
    // 16 ms frames over the whole range: every instant inside an active minute, or in the lead before
    // one, advances at exactly the chosen speed; the quiet stretch takes about a tenth of the time
    /** In an active minute, or in the lead before one. */
    const slow = (t: number) => {
      const b = Math.floor(t / M);
      const nextActive = active.findIndex((a, i) => i > b && a === 1);
      return active[b] === 1 || (nextActive > 0 && t >= nextActive * M - QUIET_LEAD_MS);
    };
    let at = 0;
    let frames = 0;
    let quietFrames = 0;
    while (at < 12 * M && frames < 1e6) {
      const next = quietAdvance(active, 0, M, at, 16, 60);
      const bucket = Math.floor(at / M);
      if (slow(at) && slow(at + 16 * 60)) expect(next - at).toBeCloseTo(16 * 60, 6);
      expect(next).toBeGreaterThan(at);
      if (bucket >= 1 && bucket < 6) quietFrames++;
      at = next;
      frames++;
    }
    const quietAtChosenSpeed = (5 * M) / (16 * 60);
    expect(quietFrames).toBeLessThan(quietAtChosenSpeed / 2);
    expect(quietFrames).toBeGreaterThan(quietAtChosenSpeed / QUIET_BOOST);
  });

  it('drives ReplayClock: faster through quiet, continuous, and linear again when switched off', () => {
    let perf = 0;
    const c = new ReplayClock({ fromMs: 0, toMs: 12 * M, atMs: 2 * M, speed: 60 }, () => perf);
    c.setAdvance((at, real, speed) => quietAdvance(active, 0, M, at, real, speed));
    c.play();
    perf = 100;
    expect(c.now()).toBe(2 * M + 60_000);
    c.setAdvance(null);
    perf = 200;
    expect(c.now()).toBe(3 * M + 6_000);
  });
});
