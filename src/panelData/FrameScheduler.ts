/**
 * When a task next wants to run, returned by {@link FrameTask.run}: a `performance.now()` time in ms (the
 * task runs in the first animation frame at or after it), `Infinity` for "only when woken"
 * ({@link FrameScheduler.wake}), or nothing for "the next frame" (an animation: replay playing).
 */
export type NextFrame = number | void;

/** A callback run in an animation frame while its panel is visible. */
export interface FrameTask {
  run(frameMs: number): NextFrame;
  /** False skips this frame (panel hidden or offscreen). Default: visible. */
  visible?: () => boolean;
}

/** How often a task that was skipped (offscreen, hidden) is asked again whether it is visible, in ms. */
export const HIDDEN_RECHECK_MS = 250;
/** A timer is set this much before a task's due time; the animation frame after it runs the task. */
const FRAME_LEAD_MS = 8;

/**
 * One animation-frame loop for every panel of the page, instead of a loop or a poll per panel, that runs
 * only when some task is due. Each task says when it next wants a frame; new data wakes the loop
 * ({@link wake}). A live board whose data arrives a few times a second therefore costs the main thread a
 * few frames a second, not sixty: with nothing changing the browser produces no frames at all.
 * Tasks run in registration order; a task that throws is logged, asked again next frame, and the others
 * still run. Nothing runs while no task is registered or the document is hidden (a background tab).
 * Where requestAnimationFrame is missing (tests, old kiosks) a frame is a 16 ms timer.
 */
export class FrameScheduler {
  private readonly tasks = new Map<FrameTask, number>();
  private frame: number | ReturnType<typeof setTimeout> | null = null;
  private frameIsRaf = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  private wakes = 0;

  /** Adds a task, due at the next frame; returns the function that removes it. */
  register(task: FrameTask): () => void {
    this.tasks.set(task, 0);
    this.requestFrame();
    return () => {
      this.tasks.delete(task);
      if (this.tasks.size === 0) this.stop();
    };
  }

  /** Tasks registered (diagnostics and tests). */
  get size(): number {
    return this.tasks.size;
  }

  /** Whether a frame or a timer is pending (tests: an idle board has neither). */
  get pending(): boolean {
    return this.frame !== null || this.timer !== null;
  }

  /** New data arrived: every task runs in the next animation frame. */
  wake(): void {
    this.wakes++;
    if (this.tasks.size === 0) return;
    for (const task of this.tasks.keys()) this.tasks.set(task, 0);
    this.requestFrame();
  }

  private requestFrame(): void {
    this.clearTimer();
    if (this.frame !== null) return;
    this.frameIsRaf = typeof requestAnimationFrame === 'function';
    this.frame = this.frameIsRaf ? requestAnimationFrame(this.tick) : setTimeout(() => this.tick(now()), 16);
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  private stop(): void {
    this.clearTimer();
    if (this.frame === null) return;
    if (this.frameIsRaf) cancelAnimationFrame(this.frame as number);
    else clearTimeout(this.frame as ReturnType<typeof setTimeout>);
    this.frame = null;
  }

  private readonly tick = (frameMs: number) => {
    this.frame = null;
    if (this.tasks.size === 0) return;
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    let next = Infinity;
    for (const [task, due] of [...this.tasks]) {
      if (!this.tasks.has(task)) continue; // removed by an earlier task of this frame
      let at = due;
      if (hidden) at = Math.max(due, frameMs + HIDDEN_RECHECK_MS);
      else if (due <= frameMs) {
        const wakes = this.wakes;
        try {
          at = task.visible && !task.visible() ? frameMs + HIDDEN_RECHECK_MS : (task.run(frameMs) ?? 0);
        } catch (e) {
          console.error('panel frame task failed', e);
          at = 0;
        }
        if (this.wakes !== wakes) at = 0; // woken while it ran: new data for the next frame
        if (!this.tasks.has(task)) continue; // it removed itself
        this.tasks.set(task, at);
      }
      next = Math.min(next, at);
    }
    this.schedule(next, frameMs);
  };

  /** Asks for the frame that runs the earliest due task: the next frame, a timer before it, or nothing. */
  private schedule(next: number, frameMs: number): void {
    if (this.frame !== null || next === Infinity) return;
    if (next <= frameMs + FRAME_LEAD_MS * 2) {
      this.requestFrame();
      return;
    }
    if (this.timer !== null && this.timerAt <= next) return;
    this.clearTimer();
    this.timerAt = next;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.requestFrame();
      },
      Math.max(0, next - now() - FRAME_LEAD_MS),
    );
  }
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/** The page's frame scheduler. */
export const frameScheduler = new FrameScheduler();
