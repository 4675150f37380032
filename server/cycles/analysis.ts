import { WORK_FACE_TYPES, type CycleAnalysis, type CycleRecord, type CycleStage, type CycleWindow, type GradeEfficiency, type RockGrade } from '../../protocol';

/**
 * The process analysis of closed rounds (docs/api.md "cycles/analysis", docs/domain.md "Drill-and-blast
 * cycle"): averages over the last 1, 3 and 7 days per work-face type, and the cycle-footage time analysis
 * per grade against the preset round hours, low efficiency flagged where the mean round is longer. Pure.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The windows of the averages, days. */
export const ANALYSIS_WINDOWS = [1, 3, 7] as const;

/** What the analysis reads of a record. */
export type AnalysedRecord = Pick<CycleRecord, 'headingId' | 'workFace' | 'rockGrade' | 'startMs' | 'endMs' | 'footageM' | 'effectiveHours' | 'stages'>;

/**
 * @param records the rounds that ended in the 7 days before `atMs` (others are ignored)
 * @param presets preset round hours per grade (DEFAULT_CYCLE_PRESET_HOURS with the project's edits)
 */
export function analyseCycles(records: readonly AnalysedRecord[], presets: Readonly<Record<Exclude<RockGrade, null>, number>>, atMs: number): CycleAnalysis {
  const recent = records.filter((r) => r.endMs <= atMs && r.endMs > atMs - 7 * DAY_MS).sort((a, b) => a.startMs - b.startMs);
  const windows: CycleWindow[] = [];
  for (const workFace of WORK_FACE_TYPES) {
    for (const days of ANALYSIS_WINDOWS) {
      const rs = recent.filter((r) => r.workFace === workFace && r.endMs > atMs - days * DAY_MS);
      const headings = new Set(rs.map((r) => r.headingId)).size;
      const idle = rs.flatMap((r) => r.stages.filter((s) => s.stage === 'idle'));
      windows.push({
        days,
        workFace,
        cycles: rs.length,
        avgCycleHours: mean(rs.map((r) => (r.endMs - r.startMs) / HOUR_MS)),
        cyclesPerDay: headings === 0 ? 0 : round2(rs.length / days / headings),
        avgEffectiveHours: mean(rs.map((r) => r.effectiveHours)),
        idlePeriods: idle.length,
        idleHours: round2(idle.reduce((sum, s) => sum + (s.endMs - s.startMs), 0) / HOUR_MS),
        footageM: round2(rs.reduce((sum, r) => sum + r.footageM, 0)),
      });
    }
  }
  const efficiency: GradeEfficiency[] = [];
  for (const [grade, presetHours] of Object.entries(presets) as Array<[Exclude<RockGrade, null>, number]>) {
    const rs = recent.filter((r) => r.workFace === 'excavation' && r.rockGrade === grade);
    const avgCycleHours = mean(rs.map((r) => (r.endMs - r.startMs) / HOUR_MS));
    const hours = rs.reduce((sum, r) => sum + (r.endMs - r.startMs) / HOUR_MS, 0);
    const footage = rs.reduce((sum, r) => sum + r.footageM, 0);
    efficiency.push({
      rockGrade: grade,
      presetHours,
      cycles: rs.length,
      avgCycleHours,
      avgFootageM: mean(rs.map((r) => r.footageM)),
      metresPerHour: hours > 0 ? round2(footage / hours) : null,
      lowEfficiency: avgCycleHours !== null && avgCycleHours > presetHours,
    });
  }
  const trend = recent.map((r) => {
    const stageHours: Partial<Record<CycleStage, number>> = {};
    for (const s of r.stages) stageHours[s.stage] = round2((stageHours[s.stage] ?? 0) + (s.endMs - s.startMs) / HOUR_MS);
    return { headingId: r.headingId, startMs: r.startMs, stageHours };
  });
  return { atMs, windows, efficiency, trend };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : round2(values.reduce((a, b) => a + b, 0) / values.length);
}

/** `v` to 2 decimals (hours and metres as the cycle answers give them). */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
