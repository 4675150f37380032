import { action, makeObservable, observable } from 'mobx';

/** The instant after `realMs` of real time from `atMs` at `speed` × real time (ms). */
export type ReplayAdvance = (atMs: number, realMs: number, speed: number) => number;

/** Replay speed range: 1× real time up to 600× (an 8-hour shift in under a minute). */
export const REPLAY_SPEED = { min: 0.1, max: 600 } as const;

/**
 * The instant of a replay in [fromMs, toMs] (ms since epoch): plays at `speed` × real time, pauses,
 * seeks. `now()` is cheap and read per frame; `playing` and `speed` are observable for controls. When
 * playback reaches toMs it stops there (paused).
 */
export class ReplayClock {
  playing = false;
  speed: number;
  private anchorMs: number;
  private anchorPerfMs = 0;
  /** How the instant moves with real time while playing (default: linearly at `speed`). */
  private advance: ReplayAdvance | null = null;

  /**
   * @param range.atMs start instant (clamped into the range; default fromMs).
   * @param perf monotonic ms source (default performance.now), injectable for tests.
   * @throws RangeError when fromMs/toMs are not finite or toMs < fromMs.
   */
  constructor(
    readonly range: { fromMs: number; toMs: number; atMs?: number; speed?: number },
    private readonly perf: () => number = () => performance.now(),
  ) {
    if (!Number.isFinite(range.fromMs) || !Number.isFinite(range.toMs) || range.toMs < range.fromMs) {
      throw new RangeError(`replay range must be finite with toMs >= fromMs: ${range.fromMs}..${range.toMs}`);
    }
    this.anchorMs = this.clamp(range.atMs ?? range.fromMs);
    this.speed = clampSpeed(range.speed ?? 1);
    makeObservable<ReplayClock, 'settle'>(this, { playing: observable, speed: observable, play: action, pause: action, seek: action, setSpeed: action, settle: action });
  }

  get fromMs(): number {
    return this.range.fromMs;
  }

  get toMs(): number {
    return this.range.toMs;
  }

  /** The replay instant (ms since epoch). */
  now(): number {
    if (!this.playing) return this.anchorMs;
    const real = this.perf() - this.anchorPerfMs;
    const t = this.advance ? this.advance(this.anchorMs, real, this.speed) : this.anchorMs + real * this.speed;
    if (t >= this.range.toMs) {
      this.settle(this.range.toMs);
      return this.range.toMs;
    }
    return t;
  }

  play(): void {
    if (this.playing) return;
    if (this.anchorMs >= this.range.toMs) this.anchorMs = this.range.fromMs;
    this.anchorPerfMs = this.perf();
    this.playing = true;
  }

  pause(): void {
    if (!this.playing) return;
    this.anchorMs = this.now();
    this.playing = false;
  }

  /** Moves the instant to `atMs` (clamped into the range); playback continues from there if playing. */
  seek(atMs: number): void {
    if (!Number.isFinite(atMs)) return;
    this.anchorMs = this.clamp(atMs);
    this.anchorPerfMs = this.perf();
  }

  /** Sets the speed (clamped to REPLAY_SPEED), keeping the current instant. */
  setSpeed(speed: number): void {
    const at = this.now();
    this.speed = clampSpeed(speed);
    this.anchorMs = at;
    this.anchorPerfMs = this.perf();
  }

  /**
   * Sets how the instant moves while playing (e.g. quietAdvance for "skip quiet stretches"), or null for
   * linearly at `speed`; keeps the current instant. The function must not move the instant backwards.
   */
  setAdvance(advance: ReplayAdvance | null): void {
    const at = this.now();
    this.advance = advance;
    this.anchorMs = at;
    this.anchorPerfMs = this.perf();
  }

  private settle(atMs: number): void {
    this.anchorMs = atMs;
    this.playing = false;
  }

  private clamp(ms: number): number {
    return Math.min(this.range.toMs, Math.max(this.range.fromMs, ms));
  }
}

function clampSpeed(s: number): number {
  return Number.isFinite(s) ? Math.min(REPLAY_SPEED.max, Math.max(REPLAY_SPEED.min, s)) : 1;
}
