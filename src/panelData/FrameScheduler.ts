/** A callback run once per animation frame while its panel is visible. */
export interface FrameTask {
  run(frameMs: number): void;
  /** False skips this frame (panel hidden or offscreen). Default: visible. */
  visible?: () => boolean;
}

/**
 * One animation-frame loop for every panel of the page, instead of a loop or a poll per panel. Tasks run
 * in registration order; a task that throws is logged and the others still run. The loop runs only while
 * tasks are registered and skips everything while the document is hidden (a background tab).
 * Where requestAnimationFrame is missing (tests, old kiosks) it ticks every 16 ms.
 */
export class FrameScheduler {
  private readonly tasks = new Set<FrameTask>();
  private handle: number | ReturnType<typeof setTimeout> | null = null;
  private usingRaf = false;

  /** Adds a task; returns the function that removes it. */
  register(task: FrameTask): () => void {
    this.tasks.add(task);
    this.ensure();
    return () => {
      this.tasks.delete(task);
      if (this.tasks.size === 0) this.stop();
    };
  }

  /** Tasks registered (diagnostics and tests). */
  get size(): number {
    return this.tasks.size;
  }

  private ensure(): void {
    if (this.handle !== null) return;
    this.usingRaf = typeof requestAnimationFrame === 'function';
    this.handle = this.usingRaf ? requestAnimationFrame(this.tick) : setTimeout(() => this.tick(now()), 16);
  }

  private stop(): void {
    if (this.handle === null) return;
    if (this.usingRaf) cancelAnimationFrame(this.handle as number);
    else clearTimeout(this.handle as ReturnType<typeof setTimeout>);
    this.handle = null;
  }

  private readonly tick = (frameMs: number) => {
    this.handle = null;
    if (this.tasks.size === 0) return;
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') {
      for (const task of [...this.tasks]) {
        if (!this.tasks.has(task)) continue;
        try {
          if (task.visible && !task.visible()) continue;
          task.run(frameMs);
        } catch (e) {
          console.error('panel frame task failed', e);
        }
      }
    }
    this.ensure();
  };
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/** The page's frame scheduler. */
export const frameScheduler = new FrameScheduler();
