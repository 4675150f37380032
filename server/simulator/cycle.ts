import { CYCLE_STAGES, type CycleStage, type Heading, type RockGrade } from '../../protocol';
import { Rng } from './prng';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './siteClock';

/**
 * Drill-and-blast cycle of one heading (docs/domain.md "Drill-and-blast cycle"): drilling → charging →
 * blasting → ventilation (re-entry ≥ 15 min after the blast) → scaling → mucking → initial support →
 * idle, then the next round. The schedule is generated ahead from the heading's own Rng, so the stage
 * at any instant is a pure function of (seed, start time) whatever order callers ask in.
 */
export { CYCLE_STAGES, type CycleStage };

/** What a blast released; drawn once per round so every station sees the same event. */
export interface BlastCharge {
  /** Moment of detonation, ms since epoch (shortly after the blasting stage starts). */
  detonationMs: number;
  /** CO concentration the face plume starts from, ppm (docs/domain.md: "hundreds of ppm"). */
  coPpm: number;
  /** NO2 the face plume starts from, ppm. */
  no2Ppm: number;
  /** Dust released at the face, mg/m³; after the plume's rise the face reads 4–14 mg/m³ (docs/domain.md). */
  dustMgM3: number;
  /**
   * Plume decay time constant at the face, ms. docs/domain.md gives 10–20 min; the draw keeps to 10–16 min so
   * a well-ventilated face clears under the CO alarm-clear level within about an hour of the blast.
   */
  decayMs: number;
}

/** One stage of one round. `faceM` is the face during the stage, metres from the bore's entry portal. */
export interface StageInterval {
  stage: CycleStage;
  startMs: number;
  endMs: number;
  /** Round number, counted from the schedule's epoch (2024-01-01). */
  cycleIndex: number;
  faceM: number;
  /** Activity intensity of this stage (0.7–1.3): scales diesel and shotcrete emissions. */
  intensity: number;
  /** Present on blasting stages only. */
  blast?: BlastCharge;
}

/** Current stage of a heading, with its neighbours (for the process-identification view). */
export interface HeadingStageState {
  headingId: string;
  stage: CycleStage;
  previousStage: CycleStage;
  nextStage: CycleStage;
  stageStartMs: number;
  /** Planned end of the current stage. */
  stageEndMs: number;
  cycleIndex: number;
  faceM: number;
  /** Detonation time of the latest blast at or before the query time, or null when none is known. */
  lastBlastMs: number | null;
}

/** Tunable pace of the cycle. */
export interface CycleOptions {
  /**
   * Divides every stage duration, so demos can show several rounds an hour (default 1, real pace).
   * Ventilation never drops under the 15-minute re-entry rule and blasting never under 1 minute.
   */
  compression?: number;
}

/**
 * Stage minutes of one measured cycle (docs/domain.md: 6.5 m D-section, jumbo: drill 60, charge 30, blast 10,
 * ventilate 30, scale 30, muck 60, bolt 60).
 */
const MEASURED_MIN: Record<Exclude<CycleStage, 'idle'>, number> = {
  drilling: 60,
  charging: 30,
  blasting: 10,
  ventilation: 30,
  scaling: 30,
  mucking: 60,
  support: 60,
};

/**
 * Whole-cycle hours for a two-lane highway tunnel by surrounding-rock grade (docs/domain.md estimate:
 * III 12–14 h, IV 10–12 h, V 8–12 h; about two cycles a day). Grades the table does not list take the
 * nearest listed one.
 */
const CYCLE_HOURS: Record<Exclude<RockGrade, null> | 'unset', number> = {
  I: 13,
  II: 13,
  III: 13,
  IV: 11,
  V: 10,
  VI: 10,
  unset: 11,
};

/** Advance per round in metres (docs/domain.md: III 3–3.5 m; IV ≤ 2 steel arches; V–VI ≤ 1 arch, ~0.6–1 m). */
const ADVANCE_M: Record<Exclude<RockGrade, null> | 'unset', [number, number]> = {
  I: [3.0, 3.5],
  II: [3.0, 3.5],
  III: [3.0, 3.5],
  IV: [1.2, 1.6],
  V: [0.6, 1.0],
  VI: [0.5, 0.8],
  unset: [1.2, 1.6],
};

/** Ventilation and blasting are set by fans and the shot, not by rock grade, so they are not scaled. */
const UNSCALED: ReadonlySet<CycleStage> = new Set(['blasting', 'ventilation']);
const MEAN_IDLE_MIN = 40;
const MIN_VENTILATION_MS = 15 * MINUTE_MS;
const MIN_BLASTING_MS = MINUTE_MS;
/** History kept behind the latest query: long enough for the slowest gas plume (portal) to fade. */
const KEEP_HISTORY_MS = 10 * HOUR_MS;
/** History available before the run's start, so plumes and stages are already under way. */
const WARMUP_MS = 8 * HOUR_MS;
/** Rounds are counted from here (2024-01-01T00:00Z); later starts fast-forward through the schedule. */
const CYCLE_EPOCH_MS = Date.UTC(2024, 0, 1);

/** Generates and answers queries about one heading's rounds. */
export class HeadingCycle {
  readonly headingId: string;
  private readonly rng: Rng;
  private readonly compression: number;
  private readonly gradeKey: keyof typeof CYCLE_HOURS;
  /** +1 when the face moves away from the entry portal, −1 for a heading driven from the exit portal. */
  private readonly direction: 1 | -1;
  private readonly minFaceM: number;
  private readonly maxFaceM: number;
  private intervals: StageInterval[] = [];
  private nextCycleIndex = 0;
  private generatedUntilMs: number;
  private faceM: number;

  /**
   * @param heading the heading as seeded (its `faceM` is the face at `startMs`)
   * @param tunnelLengthM bore length; faces stay within [0, tunnelLengthM]
   * @param seed run seed; the heading's draws depend only on (seed, headingId)
   * @param startMs the run's start; the schedule is generated from 8 h before it
   */
  constructor(heading: Heading, tunnelLengthM: number, seed: number, startMs: number, options: CycleOptions = {}) {
    this.headingId = heading.headingId;
    this.rng = Rng.derive(seed, `cycle:${heading.headingId}`);
    this.compression = Math.max(1, options.compression ?? 1);
    this.gradeKey = heading.rockGrade ?? 'unset';
    this.direction = heading.portal === 'entry' ? 1 : -1;
    this.minFaceM = 0;
    this.maxFaceM = tunnelLengthM;

    // Rounds are laid out from a fixed epoch, not from the run's start, so a restarted simulator finds
    // each heading where the previous run left it (same seed). Each heading starts part-way through a
    // round so headings are out of step with each other.
    const epochMs = Math.min(CYCLE_EPOCH_MS, startMs - WARMUP_MS - DAY_MS);
    this.generatedUntilMs = Math.round(epochMs - this.rng.uniform(0, CYCLE_HOURS[this.gradeKey] * HOUR_MS) / this.compression);
    this.faceM = 0;
    while (this.generatedUntilMs <= startMs - WARMUP_MS) {
      this.generateRound();
      if (this.intervals.length > 64) this.intervals = this.intervals.slice(-16);
    }
    this.extendTo(startMs);
    // Shift the generated faces so the face at startMs is the seeded one.
    const offset = heading.faceM - this.intervalAt(startMs).faceM;
    for (const iv of this.intervals) iv.faceM += offset;
    this.faceM += offset;
  }

  /** The stage interval containing `tMs`. Throws RangeError for a time older than the kept history. */
  intervalAt(tMs: number): StageInterval {
    this.extendTo(tMs);
    for (let i = this.intervals.length - 1; i >= 0; i--) {
      const iv = this.intervals[i];
      if (iv.startMs <= tMs && tMs < iv.endMs) return iv;
    }
    throw new RangeError(`${this.headingId}: ${tMs} is before the kept cycle history`);
  }

  /** Intervals overlapping [fromMs, toMs], oldest first (only what history still holds). */
  intervalsBetween(fromMs: number, toMs: number): StageInterval[] {
    this.extendTo(toMs);
    return this.intervals.filter((iv) => iv.endMs > fromMs && iv.startMs <= toMs);
  }

  /** Face position at `tMs`, metres from the entry portal. */
  faceAt(tMs: number): number {
    return this.intervalAt(tMs).faceM;
  }

  /** The heading's stage at `tMs` with its neighbours and the latest blast. */
  stateAt(tMs: number): HeadingStageState {
    const iv = this.intervalAt(tMs);
    const i = CYCLE_STAGES.indexOf(iv.stage);
    let lastBlastMs: number | null = null;
    for (const h of this.intervals) {
      if (h.blast && h.blast.detonationMs <= tMs) lastBlastMs = h.blast.detonationMs;
    }
    return {
      headingId: this.headingId,
      stage: iv.stage,
      previousStage: CYCLE_STAGES[(i + CYCLE_STAGES.length - 1) % CYCLE_STAGES.length],
      nextStage: CYCLE_STAGES[(i + 1) % CYCLE_STAGES.length],
      stageStartMs: iv.startMs,
      stageEndMs: iv.endMs,
      cycleIndex: iv.cycleIndex,
      faceM: iv.faceM,
      lastBlastMs,
    };
  }

  /** Drops intervals that ended long before `tMs`; call as the clock advances to keep memory flat. */
  prune(tMs: number): void {
    const cutoff = tMs - KEEP_HISTORY_MS;
    let drop = 0;
    while (drop < this.intervals.length - 1 && this.intervals[drop].endMs < cutoff) drop++;
    if (drop > 0) this.intervals = this.intervals.slice(drop);
  }

  private extendTo(tMs: number): void {
    while (this.generatedUntilMs <= tMs) this.generateRound();
  }

  private generateRound(): void {
    const r = this.rng;
    const cycleIndex = this.nextCycleIndex++;
    const scaled = CYCLE_HOURS[this.gradeKey] * 60 - MEASURED_MIN.blasting - MEASURED_MIN.ventilation - MEAN_IDLE_MIN;
    const scaledMeasured = 60 + 30 + 30 + 60 + 60; // drilling, charging, scaling, mucking, support
    const gradeFactor = scaled / scaledMeasured;
    let t = this.generatedUntilMs;
    for (const stage of CYCLE_STAGES) {
      let ms: number;
      if (stage === 'idle') ms = r.uniform(0.5, 1.5) * MEAN_IDLE_MIN * MINUTE_MS;
      else if (UNSCALED.has(stage)) ms = MEASURED_MIN[stage] * r.uniform(0.9, 1.3) * MINUTE_MS;
      else ms = MEASURED_MIN[stage] * gradeFactor * r.uniform(0.85, 1.15) * MINUTE_MS;
      ms /= this.compression;
      if (stage === 'ventilation') ms = Math.max(ms, MIN_VENTILATION_MS);
      if (stage === 'blasting') ms = Math.max(ms, MIN_BLASTING_MS);
      ms = Math.round(ms);
      const iv: StageInterval = { stage, startMs: t, endMs: t + ms, cycleIndex, faceM: this.faceM, intensity: r.uniform(0.7, 1.3) };
      if (stage === 'blasting') {
        iv.blast = {
          detonationMs: t + Math.round(Math.min(ms / 2, r.uniform(20, 90) * 1_000)),
          coPpm: r.uniform(250, 550),
          no2Ppm: r.uniform(3, 8),
          dustMgM3: r.uniform(4.5, 17),
          decayMs: r.uniform(10, 16) * MINUTE_MS,
        };
        // The round is excavated by the blast: from ventilation on, the face stands further in.
        const [lo, hi] = ADVANCE_M[this.gradeKey];
        this.faceM = Math.min(this.maxFaceM, Math.max(this.minFaceM, this.faceM + this.direction * r.uniform(lo, hi)));
      }
      this.intervals.push(iv);
      t += ms;
    }
    this.generatedUntilMs = t;
  }
}
