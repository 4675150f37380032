/** Milliseconds since the epoch with sub-millisecond resolution (the page's clock, comparable to Date.now()). */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** A panel whose drawing is measured. */
export type PanelName = 'chart' | 'personnel';

/** Raw observations of one run, all times in ms since the epoch. The runner computes statistics. */
export interface RawMetrics {
  /** Start of every animation frame callback while the frame probe ran (see Metrics.startFrameProbe). */
  frames: number[];
  longTasks: Array<{ startMs: number; durationMs: number }>;
  /** One sample each time a panel drew data newer than it had drawn before (see Metrics.applied). */
  latencies: Array<{ panel: PanelName; atMs: number; latencyMs: number }>;
  errors: string[];
  /** People the personnel panel drew last (a correctness check: both sides should draw everyone). */
  peopleDrawn: number | null;
}

/**
 * Collects what the runner reads back: animation-frame times, long tasks, and end-to-end latency
 * (device `ts` → the frame that shows it). Bounded: a run lasts seconds, and every list is
 * capped so that a runaway page cannot exhaust memory.
 *
 * The frame probe (a `requestAnimationFrame` loop that records every frame) is switched on and off on its
 * own: while it runs, Chromium produces a main frame at every vsync whether or not the page has anything to
 * draw, which costs main-thread time on every side alike (≈ 20–25 ms/s here). The harness therefore runs it
 * only in the window where frames are measured (bench/README.md, "Metrics").
 */
export class Metrics {
  private static readonly CAP = 200_000;
  readonly raw: RawMetrics = { frames: [], longTasks: [], latencies: [], errors: [], peopleDrawn: null };
  private readonly newestApplied: Record<PanelName, number> = { chart: 0, personnel: 0 };
  private readonly afterFrame = new MessageChannel();
  private readonly pendingSamples: Array<{ panel: PanelName; newestTsMs: number }> = [];
  private rafId = 0;
  private probing = false;
  private observer: PerformanceObserver | undefined;

  /** Starts the long-task observer and error capture. The frame probe is separate: startFrameProbe. */
  start(): void {
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (this.raw.longTasks.length < Metrics.CAP) {
          this.raw.longTasks.push({ startMs: performance.timeOrigin + e.startTime, durationMs: e.duration });
        }
      }
    });
    this.observer.observe({ type: 'longtask', buffered: true });
    addEventListener('error', (e) => this.error(e.message));
    addEventListener('unhandledrejection', (e) => this.error(String(e.reason)));
  }

  /**
   * Starts the frame probe: from the next animation frame on, the start time of every frame is pushed to
   * `raw.frames`, and a frame is requested every vsync. Idempotent.
   */
  startFrameProbe(): void {
    if (this.probing) return;
    this.probing = true;
    const loop = () => {
      if (this.raw.frames.length < Metrics.CAP) this.raw.frames.push(epochNow());
      this.rafId = requestAnimationFrame(loop);
    };
    this.rafId = requestAnimationFrame(loop);
  }

  /** Stops the frame probe (no more frames are requested on its behalf). Idempotent. */
  stopFrameProbe(): void {
    this.probing = false;
    cancelAnimationFrame(this.rafId);
  }

  /** Stops the frame probe and the observer. */
  stop(): void {
    this.stopFrameProbe();
    this.afterFrame.port1.close();
    this.observer?.disconnect();
  }

  /**
   * Called by an implementation when it has handed data to its drawing library (uPlot setData, a Konva
   * layer draw or batchDraw), with the newest device `ts` (ms since the epoch) contained in that data.
   * The sample is taken after the next animation frame's callbacks have run (where Konva draws), in a
   * task queued from that frame: "drawn" means the frame that shows it has been produced. Hand-offs of
   * data already drawn are not samples.
   */
  applied(panel: PanelName, newestTsMs: number): void {
    if (!(newestTsMs > this.newestApplied[panel])) return;
    this.newestApplied[panel] = newestTsMs;
    requestAnimationFrame(() => {
      this.afterFrame.port2.onmessage ??= () => this.flushSamples();
      this.pendingSamples.push({ panel, newestTsMs });
      this.afterFrame.port1.postMessage(null);
    });
  }

  private flushSamples(): void {
    const now = epochNow();
    for (const { panel, newestTsMs } of this.pendingSamples.splice(0)) {
      if (this.raw.latencies.length < Metrics.CAP) this.raw.latencies.push({ panel, atMs: now, latencyMs: now - newestTsMs });
    }
  }

  /** Records an error the page raised; the runner reports them and fails the run. */
  error(message: string): void {
    if (this.raw.errors.length < 100) this.raw.errors.push(message);
  }
}
