import { NOMINAL_ADVANCE_M, type CycleStage, type RockGrade, type StageConfidence, type StageSource } from '../../protocol';
import { round2 } from './analysis';

/**
 * One heading's stage spans and rounds (docs/domain.md "Drill-and-blast cycle"): reported and inferred
 * stage changes in, spans opened and closed and rounds completed out. Pure; the tracker (tracker.ts) stores
 * what it says. A reported stage wins: while the heading has reported within REPORT_HOLD_MS, inferred
 * changes are ignored.
 */

/** A heading that reported a stage within this long is followed by its reports only, ms (a round lasts 8–14 h). */
export const REPORT_HOLD_MS = 24 * 3_600_000;
/** Spans one round keeps at most (8 stages; repeats beyond this are merged into the last). */
export const MAX_SPANS_PER_ROUND = 32;

/** A stage span as the track holds it (endMs null while it lasts). */
export interface TrackSpan {
  stage: CycleStage;
  startMs: number;
  endMs: number | null;
  source: StageSource;
  confidence: StageConfidence;
  /** Who reported it (the device's name or the message's editor); null when inferred. */
  editor: string | null;
  /** Face advance reported with it, m. */
  advanceM: number | null;
}

/** A closed round (drilling start → next drilling start), ready to store. */
export interface CompletedRound {
  startMs: number;
  endMs: number;
  /** Start of the blasting stage (the detonation when inferred), null when none was identified. */
  blastMs: number | null;
  /** Hours of the round outside idle. */
  effectiveHours: number;
  footageM: number;
  footageSource: 'reported' | 'nominal';
  editors: string[];
  stages: Array<{ stage: CycleStage; startMs: number; endMs: number; source: StageSource; confidence: StageConfidence }>;
}

/** What one change did: the span it opened, the round it closed (if any). */
export interface TrackChange {
  opened: TrackSpan;
  round: CompletedRound | null;
}

/** A stage change offered to the track. */
export interface StageChange {
  stage: CycleStage;
  startMs: number;
  source: StageSource;
  confidence: StageConfidence;
  editor?: string | null;
  advanceM?: number | null;
}

const HOUR_MS = 3_600_000;

/** The spans and the round under way of one heading. */
export class HeadingTrack {
  /** The spans of the round under way, oldest first; the last is open. */
  private spans: TrackSpan[] = [];
  /** Start of the round under way (its drilling), null until a drilling was seen. */
  private roundStartMs: number | null = null;
  private lastReportMs: number | null = null;

  constructor(private rockGrade: RockGrade) {}

  /**
   * Restores the track after a restart from the stored spans of the round under way (oldest first; the
   * last may be open) and the time of the last report.
   */
  restore(spans: readonly TrackSpan[], lastReportMs: number | null): void {
    this.spans = spans.slice(-MAX_SPANS_PER_ROUND).map((s) => ({ ...s }));
    const drilling = this.spans.findLast((s) => s.stage === 'drilling');
    this.roundStartMs = drilling ? drilling.startMs : null;
    if (drilling) this.spans = this.spans.slice(this.spans.indexOf(drilling));
    this.lastReportMs = lastReportMs;
  }

  /** The grade the nominal footage is taken from (the face's grade can change as it advances). */
  setRockGrade(grade: RockGrade): void {
    this.rockGrade = grade;
  }

  /** The open span, or null before anything was identified. */
  get current(): TrackSpan | null {
    const last = this.spans.at(-1);
    return last && last.endMs === null ? last : null;
  }

  /** Start of the round under way, or null. */
  get roundStart(): number | null {
    return this.roundStartMs;
  }

  /** Whether inferred changes are ignored at `tMs` (the heading reported within REPORT_HOLD_MS). */
  followsReports(tMs: number): boolean {
    return this.lastReportMs !== null && tMs - this.lastReportMs < REPORT_HOLD_MS;
  }

  /**
   * Offers a change. @returns what it did, or null when it changes nothing: an inferred change while the
   * heading follows its reports, a change older than the open span's start, or the open stage again (a
   * repeated report only adds its advance and editor).
   */
  offer(c: StageChange): TrackChange | null {
    const reported = c.source === 'reported';
    if (!reported && this.followsReports(c.startMs)) return null;
    if (reported) this.lastReportMs = Math.max(this.lastReportMs ?? c.startMs, c.startMs);
    const open = this.current;
    if (open && c.startMs < open.startMs) return null;
    if (open && open.stage === c.stage && (open.source === c.source || !reported)) {
      if (c.advanceM != null) open.advanceM = c.advanceM;
      return null;
    }
    const span: TrackSpan = { stage: c.stage, startMs: c.startMs, endMs: null, source: c.source, confidence: c.confidence, editor: c.editor ?? null, advanceM: c.advanceM ?? null };
    if (open) open.endMs = c.startMs;
    let round: CompletedRound | null = null;
    if (c.stage === 'drilling') {
      if (this.roundStartMs !== null) round = this.close(c.startMs);
      this.roundStartMs = c.startMs;
      this.spans = [];
    } else if (c.stage === 'blasting' && this.roundStartMs !== null && this.spans.some((s) => s.stage === 'blasting')) {
      // a second blast with no drilling seen between: the round closed where the face was last worked before it
      const end = open && open.stage !== 'idle' ? open.startMs : c.startMs;
      round = this.close(end);
      this.roundStartMs = end;
      this.spans = this.spans.filter((s) => s.startMs >= end);
    }
    this.spans.push(span);
    if (this.spans.length > MAX_SPANS_PER_ROUND) this.spans.splice(1, 1);
    return { opened: span, round };
  }

  /** Closes the round under way at `endMs` from its spans. */
  private close(endMs: number): CompletedRound {
    const startMs = this.roundStartMs!;
    const stages = this.spans
      .filter((s) => s.startMs < endMs)
      .map((s) => ({ stage: s.stage, startMs: s.startMs, endMs: Math.min(s.endMs ?? endMs, endMs), source: s.source, confidence: s.confidence }));
    const idleMs = stages.filter((s) => s.stage === 'idle').reduce((sum, s) => sum + (s.endMs - s.startMs), 0);
    const advance = this.spans.reduce<number | null>((a, s) => (s.advanceM != null && s.startMs < endMs ? s.advanceM : a), null);
    const editors = [...new Set(this.spans.flatMap((s) => (s.editor && s.startMs < endMs ? [s.editor] : [])))];
    return {
      startMs,
      endMs,
      blastMs: stages.find((s) => s.stage === 'blasting')?.startMs ?? null,
      effectiveHours: round2((endMs - startMs - idleMs) / HOUR_MS),
      footageM: advance ?? NOMINAL_ADVANCE_M[this.rockGrade ?? 'unset'],
      footageSource: advance !== null ? 'reported' : 'nominal',
      editors,
      stages,
    };
  }
}
