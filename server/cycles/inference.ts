import type { CycleStage, StageConfidence } from '../../protocol';

/**
 * Drill-and-blast stages inferred from what a heading's face reports when nobody reports the stage
 * (docs/domain.md "Drill-and-blast cycle", "How a stage is identified"): the face gas station's CO, NO2 and
 * dust, and how many people (beacons) stand near the face. Pure: fed one face sample at a time, in time
 * order; the tracker (tracker.ts) builds the samples and a reported stage overrides what this says.
 */

/** One reading of the face station with the people near the face at that moment. */
export interface FaceSample {
  tMs: number;
  /** ppm; undefined when the station does not measure it. */
  co?: number;
  /** ppm. */
  no2?: number;
  /** mg/m³. */
  dust?: number;
  /** People within FACE_WORK_M of the face (drilling, mucking, support crews). */
  atFace: number;
  /** People within BLAST_CLEAR_M of the face (anyone who would be in the blast's exclusion zone). */
  nearFace: number;
}

/** An inferred stage change: `stage` started at `startMs`. */
export interface InferredChange {
  stage: CycleStage;
  startMs: number;
  confidence: StageConfidence;
}

/** People closer than this to the face are working at it, m (a jumbo's or a loader's crew stands within 2–15 m). */
export const FACE_WORK_M = 15;
/** Nobody may be closer than this when the round is fired, m (the exclusion zone of docs/domain.md; 200 m in the demo). */
export const BLAST_CLEAR_M = 100;
/** A blast: CO this far above the face's quiet level, ppm (a blast releases hundreds of ppm; diesel adds under 10). */
export const BLAST_CO_RISE_PPM = 30;
/** …or NO2 this far above its quiet level, ppm (a blast releases 3–8 ppm; diesel under 1). */
export const BLAST_NO2_RISE_PPM = 2;
/** Re-entry: CO under the alarm limit (24 ppm, docs/domain.md "Tunnel air") and people back at the face. */
export const REENTRY_CO_PPM = 24;
/** Mucking: CO this far above the lowest level since the blast (diesel loaders and trucks add 3–6 ppm at the face). */
export const MUCKING_CO_RISE_PPM = 1.5;
/** Initial support: dust this far above the face's quiet level, mg/m³ (shotcrete adds 2–4; mucking under 1.1). */
export const SUPPORT_DUST_RISE_MGM3 = 1.5;
/** Support has ended once dust is back within this of the quiet level, mg/m³. */
export const SUPPORT_END_DUST_MGM3 = 0.7;
/** People at the face that make an idle face a drilling one (a jumbo crew is 3–6). */
export const DRILLING_CREW = 2;
/** Readings in a row a gradual change needs (at a 10 s face station: 30 s), so one noisy reading changes nothing. */
export const CONFIRM_SAMPLES = 3;
/** Weight of a new reading in the quiet levels (≈ 50 readings, 8 min at 10 s). */
const QUIET_ALPHA = 0.02;

/** The inference of one heading. */
export class StageInference {
  private stage: CycleStage | null = null;
  private coQuiet: number | null = null;
  private no2Quiet: number | null = null;
  private dustQuiet: number | null = null;
  private peakCo = 0;
  private minCoSinceBlast = Infinity;
  /** The last readings (CO, dust) for a median of three. */
  private readonly coWindow: number[] = [];
  private readonly dustWindow: number[] = [];
  /** The pending gradual change: its stage, onset and how many readings in a row agreed. */
  private pending: { stage: CycleStage; onsetMs: number; count: number } | null = null;

  /**
   * Follows a reported stage (it wins): the inference continues from it, so when reports stop the next
   * inferred change is the one after it.
   */
  follow(stage: CycleStage): void {
    if (stage !== this.stage) this.pending = null;
    this.stage = stage;
    if (stage === 'blasting') {
      this.peakCo = 0;
      this.minCoSinceBlast = Infinity;
    }
  }

  /** Feeds one face sample. @returns the stage change it shows, or null. */
  accept(s: FaceSample): InferredChange | null {
    const co = s.co === undefined ? undefined : median(push(this.coWindow, s.co));
    const dust = s.dust === undefined ? undefined : median(push(this.dustWindow, s.dust));
    const blastish = this.isBlast(s);
    if (blastish && this.stage !== 'blasting' && this.stage !== 'ventilation') {
      this.pending = null;
      this.follow('blasting');
      if (s.co !== undefined) this.peakCo = s.co;
      return { stage: 'blasting', startMs: s.tMs, confidence: 'high' };
    }
    const change = this.next(s, co, dust);
    if (!this.afterBlast()) this.learnQuiet(s, dust);
    return change;
  }

  /** CO or NO2 jumped far above the quiet level while nobody is within the exclusion zone. */
  private isBlast(s: FaceSample): boolean {
    if (s.nearFace > 0) return false;
    const coJump = s.co !== undefined && this.coQuiet !== null && s.co - this.coQuiet >= BLAST_CO_RISE_PPM;
    const no2Jump = s.no2 !== undefined && this.no2Quiet !== null && s.no2 - this.no2Quiet >= BLAST_NO2_RISE_PPM;
    return coJump || no2Jump;
  }

  /** Blasting to scaling: the plume is not part of the face's quiet air. */
  private afterBlast(): boolean {
    return this.stage === 'blasting' || this.stage === 'ventilation' || this.stage === 'scaling' || this.stage === 'mucking';
  }

  private learnQuiet(s: FaceSample, dust: number | undefined): void {
    if (s.co !== undefined) this.coQuiet = ewma(this.coQuiet, s.co);
    if (s.no2 !== undefined) this.no2Quiet = ewma(this.no2Quiet, s.no2);
    if (dust !== undefined && this.stage !== 'support') this.dustQuiet = ewma(this.dustQuiet, dust);
  }

  /** The gradual changes: each needs CONFIRM_SAMPLES readings in a row and starts at the first of them. */
  private next(s: FaceSample, co: number | undefined, dust: number | undefined): InferredChange | null {
    switch (this.stage) {
      case 'blasting':
        if (co !== undefined) {
          this.peakCo = Math.max(this.peakCo, co);
          // the plume has peaked (a minute or two after the shot): the fans are clearing it
          if (co < this.peakCo * 0.9) return this.commit('ventilation', s.tMs, 'medium');
        }
        return null;
      case 'ventilation':
        if (co !== undefined) this.minCoSinceBlast = Math.min(this.minCoSinceBlast, co);
        return this.confirm('scaling', s.tMs, s.atFace > 0 && (co === undefined || co < REENTRY_CO_PPM), 'medium');
      case 'scaling':
        if (co === undefined) return this.confirm('support', s.tMs, this.dustRise(dust), 'low');
        this.minCoSinceBlast = Math.min(this.minCoSinceBlast, co);
        if (this.dustRise(dust)) return this.confirm('support', s.tMs, true, 'low');
        return this.confirm('mucking', s.tMs, s.atFace > 0 && co - this.minCoSinceBlast >= MUCKING_CO_RISE_PPM, 'medium');
      case 'mucking':
        return this.confirm('support', s.tMs, this.dustRise(dust), 'medium');
      case 'support': {
        const settled = dust !== undefined && this.dustQuiet !== null && dust - this.dustQuiet < SUPPORT_END_DUST_MGM3;
        return this.confirm(s.atFace >= DRILLING_CREW ? 'drilling' : 'idle', s.tMs, settled, 'low');
      }
      case 'idle':
        return this.confirm('drilling', s.tMs, s.atFace >= DRILLING_CREW, 'low');
      default:
        return null;
    }
  }

  private dustRise(dust: number | undefined): boolean {
    return dust !== undefined && this.dustQuiet !== null && dust - this.dustQuiet >= SUPPORT_DUST_RISE_MGM3;
  }

  /** Counts readings in a row that show `stage`; the change is committed at the onset of the run. */
  private confirm(stage: CycleStage, tMs: number, holds: boolean, confidence: StageConfidence): InferredChange | null {
    if (!holds) {
      this.pending = null;
      return null;
    }
    if (!this.pending || this.pending.stage !== stage) this.pending = { stage, onsetMs: tMs, count: 0 };
    this.pending.count++;
    if (this.pending.count < CONFIRM_SAMPLES) return null;
    return this.commit(stage, this.pending.onsetMs, confidence);
  }

  private commit(stage: CycleStage, startMs: number, confidence: StageConfidence): InferredChange {
    this.pending = null;
    this.stage = stage;
    return { stage, startMs, confidence };
  }
}

function ewma(prev: number | null, v: number): number {
  return prev === null ? v : prev + QUIET_ALPHA * (v - prev);
}

/** Appends `v` to a window of the last three values. */
function push(window: number[], v: number): number[] {
  window.push(v);
  if (window.length > 3) window.shift();
  return window;
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
