import type { CycleStageMessage } from '../../protocol';
import type { HeadingSite } from './people';

/**
 * A foreman's tablet at one heading (device kind `cycleStage`, docs/device-protocol.md): publishes each
 * stage change of the heading's simulated round (cycle.ts) when it happens, the current stage when the run
 * starts, and with the start of initial support the round's face advance as surveyed after mucking. Only
 * headings with a tablet in the demo fleet report; the others are left to the server's inference.
 */
export class StageReporter {
  private lastStart = -1;

  constructor(
    private readonly site: HeadingSite,
    private readonly editor: string,
  ) {}

  /**
   * The message of a stage that starts in the simulated second [tMs, tMs + 1 s) (stamped at its start, or
   * at `tMs` for the stage under way at the first step), or null when none does.
   */
  step(tMs: number): CycleStageMessage | null {
    const iv = this.site.cycle.intervalAt(tMs + 999);
    if (iv.startMs === this.lastStart) return null;
    const first = this.lastStart < 0;
    this.lastStart = iv.startMs;
    const msg: CycleStageMessage = { ts: first ? tMs : Math.max(tMs, iv.startMs), headingId: this.site.heading.headingId, stage: iv.stage, editor: this.editor };
    if (iv.stage === 'support') {
      const start = this.site.cycle.intervalsBetween(iv.startMs - 24 * 3_600_000, iv.startMs).find((s) => s.cycleIndex === iv.cycleIndex && s.stage === 'drilling');
      // rounds generated before the run's start may not have moved the face: no survey to report then
      const advanceM = start ? Math.round(Math.abs(iv.faceM - start.faceM) * 100) / 100 : 0;
      if (advanceM > 0) msg.advanceM = advanceM;
    }
    return msg;
  }
}
