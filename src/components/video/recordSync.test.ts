import { describe, expect, it } from 'vitest';
import { clockRate, instantAt, mediaTimeAt, syncStep } from './recordSync';

const SPANS = [
  { startMs: 1_000_000, endMs: 1_010_000, mediaS: 0 },
  { startMs: 1_030_000, endMs: 1_040_000, mediaS: 10 },
];

describe('a recording kept on the replay clock', () => {
  it('maps an instant to the playlist\'s media time and back, with nothing between spans', () => {
    expect(mediaTimeAt(SPANS, 1_004_500)).toBe(4.5);
    expect(mediaTimeAt(SPANS, 1_031_000)).toBe(11);
    expect(mediaTimeAt(SPANS, 1_020_000)).toBeNull();
    expect(mediaTimeAt(SPANS, 999_999)).toBeNull();
    expect(instantAt(SPANS, 4.5)).toBe(1_004_500);
    expect(instantAt(SPANS, 11)).toBe(1_031_000);
  });

  it('follows pause, speed and seeks of the clock', () => {
    // paused: the player pauses on the instant
    expect(syncStep(4, 4.1, 0)).toEqual({ play: false, seekTo: null });
    expect(syncStep(4, 9, 0)).toEqual({ play: false, seekTo: 9 });
    // a speed browsers play: the same rate, a seek only when it drifted
    expect(syncStep(4, 4.5, 4)).toEqual({ play: true, rate: 4, seekTo: null });
    expect(syncStep(4, 40, 4)).toEqual({ play: true, rate: 4, seekTo: 40 });
    // faster than the browser plays: paused, at each instant
    expect(syncStep(4, 64, 60)).toEqual({ play: false, seekTo: 64 });
  });

  it('measures the clock\'s speed and tells a seek from playing', () => {
    expect(clockRate({ atMs: 0, frameMs: 0 }, { atMs: 2_500, frameMs: 250 })).toBe(10);
    expect(clockRate({ atMs: 0, frameMs: 0 }, { atMs: 0, frameMs: 250 })).toBe(0);
    expect(clockRate({ atMs: 0, frameMs: 0 }, { atMs: 3_600_000, frameMs: 250 })).toBeNull();
    expect(clockRate({ atMs: 5_000, frameMs: 0 }, { atMs: 0, frameMs: 250 })).toBeNull();
  });
});
