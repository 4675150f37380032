import type { Heading, TunnelProgressMessage } from '../../protocol';
import type { HeadingCycle } from './cycle';

/** Length of one invert pour, metres (*convention*: an invert trestle spans 6–12 m). */
export const INVERT_POUR_M = 6;
/** Length of one second-lining pour, metres: the lining trolley's length (*convention*: 9–12 m). */
export const LINING_POUR_M = 12;
/** The invert is poured once it is this far behind the face (within every grade's 35 m limit, docs/domain.md). */
export const INVERT_TARGET_M = 24;
/** The lining is poured once it is this far behind the face (within every grade's 70 m limit, docs/domain.md). */
export const LINING_TARGET_M = 52;

/**
 * What a heading's process device reports (protocol/kinds/tunnelProgress.ts): the face at the end of each
 * round of the heading's drill-and-blast cycle (cycle.ts), the invert and the second lining following it in
 * whole pours, each poured once it trails the face by more than its target. Starts from the heading as saved.
 * Time only moves forward (`at` with a later time).
 */
export class HeadingProgressModel {
  private readonly dir: 1 | -1;
  private invertM: number;
  private liningM: number;

  constructor(
    private readonly heading: Heading,
    private readonly cycle: HeadingCycle,
  ) {
    this.dir = heading.portal === 'entry' ? 1 : -1;
    this.invertM = heading.invertM;
    this.liningM = heading.liningM;
  }

  /** The heading's positions at `tsMs` (metres from the entry portal), pours caught up to the face then. */
  at(tsMs: number): TunnelProgressMessage {
    const faceM = this.cycle.faceAt(tsMs);
    const behind = (v: number) => (faceM - v) * this.dir;
    while (behind(this.invertM) > INVERT_TARGET_M + INVERT_POUR_M) this.invertM += this.dir * INVERT_POUR_M;
    while (behind(this.liningM) > LINING_TARGET_M + LINING_POUR_M) this.liningM += this.dir * LINING_POUR_M;
    const round = (v: number) => Math.round(v * 10) / 10;
    return { ts: tsMs, headingId: this.heading.headingId, faceM: round(faceM), invertM: round(this.invertM), liningM: round(this.liningM) };
  }
}
