import type { RecordSpan } from '../../../protocol';

/**
 * Keeping a recording's player on a replay clock (docs/architecture.md "Video"): the clock's instant maps to
 * the history playlist's media time through its spans; the clock's speed, measured between frames, becomes
 * the video's playback rate where the browser allows it ({@link MAX_PLAYBACK_RATE}); beyond, the player is
 * paused and seeks to each instant.
 */

/** Highest playbackRate browsers play (Chromium and Firefox: 16). */
export const MAX_PLAYBACK_RATE = 16;
/** Lowest playbackRate browsers play (Chromium: 1/16). */
export const MIN_PLAYBACK_RATE = 0.0625;

/** The media time (s) of wall-clock instant `ms`, or null when it lies outside every span (not recorded). */
export function mediaTimeAt(spans: readonly RecordSpan[], ms: number): number | null {
  for (const s of spans) if (ms >= s.startMs && ms < s.endMs) return s.mediaS + (ms - s.startMs) / 1000;
  return null;
}

/** The wall-clock instant (ms since epoch) of media time `t` (s), or null outside the spans. */
export function instantAt(spans: readonly RecordSpan[], t: number): number | null {
  for (const s of spans) {
    const len = (s.endMs - s.startMs) / 1000;
    if (t >= s.mediaS && t < s.mediaS + len + 0.05) return s.startMs + (t - s.mediaS) * 1000;
  }
  return null;
}

/** What the player should do for one frame of the clock. */
export type SyncStep = { play: false; seekTo: number | null } | { play: true; rate: number; seekTo: number | null };

/**
 * The step for a player at `currentS` when the clock wants `targetS` at `rate` (clock ms per real ms; 0
 * paused): paused → pause and seek when off by more than 0.25 s; within the browser's rates → play at that
 * rate, seeking when off by more than max(1 s, rate × 0.5 s); faster → pause and seek to every instant.
 */
export function syncStep(currentS: number, targetS: number, rate: number): SyncStep {
  const off = Math.abs(currentS - targetS);
  if (rate <= 0) return { play: false, seekTo: off > 0.25 ? targetS : null };
  if (rate > MAX_PLAYBACK_RATE) return { play: false, seekTo: off > 0.1 ? targetS : null };
  return { play: true, rate: Math.max(MIN_PLAYBACK_RATE, rate), seekTo: off > Math.max(1, rate * 0.5) ? targetS : null };
}

/**
 * The clock's speed from two readings (`atMs` instants at `frameMs` real times): 0 when it stood still,
 * null for a jump (a seek: more than 2 s beyond 600× the real time passed) or readings too close to tell.
 */
export function clockRate(prev: { atMs: number; frameMs: number }, next: { atMs: number; frameMs: number }): number | null {
  const real = next.frameMs - prev.frameMs;
  const moved = next.atMs - prev.atMs;
  if (real < 50) return null;
  if (moved === 0) return 0;
  if (moved < 0 || moved > real * 600 + 2_000) return null;
  return moved / real;
}
