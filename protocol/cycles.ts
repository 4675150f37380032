import { z } from 'zod';
import { rockGradeSchema, type RockGrade } from './api';
import { TOPIC_SEGMENT } from './kinds/descriptor';
import { CYCLE_STAGES, WORK_FACE_TYPES, type CycleStage, type WorkFaceType } from './kinds/cycleStage';

/**
 * Drill-and-blast cycles per heading (docs/domain.md "Drill-and-blast cycle", docs/api.md "Drill-and-blast
 * cycles"): the stages, the stage spans the server identifies, the cycle records it closes, and the bodies
 * of the cycle routes (protocol/contracts/cycles.ts).
 */

/**
 * How a stage was identified: `reported` by a process device or the foreman's tablet (kind `cycleStage`,
 * docs/device-protocol.md), or `inferred` by the server from gas and beacon evidence (docs/domain.md).
 */
export const STAGE_SOURCES = ['reported', 'inferred'] as const;
export type StageSource = (typeof STAGE_SOURCES)[number];

/** How sure an identification is: reported stages are `high`; an inference says its own (docs/domain.md). */
export const STAGE_CONFIDENCES = ['high', 'medium', 'low'] as const;
export type StageConfidence = (typeof STAGE_CONFIDENCES)[number];

/** The stage after `stage` in a round (idle is followed by the next round's drilling). */
export function nextStageOf(stage: CycleStage): CycleStage {
  return CYCLE_STAGES[(CYCLE_STAGES.indexOf(stage) + 1) % CYCLE_STAGES.length];
}

/** The stage before `stage` in a round (drilling follows the previous round's idle). */
export function previousStageOf(stage: CycleStage): CycleStage {
  return CYCLE_STAGES[(CYCLE_STAGES.indexOf(stage) + CYCLE_STAGES.length - 1) % CYCLE_STAGES.length];
}

/**
 * Preset (planned) whole-cycle hours by surrounding-rock grade, for the cycle-footage time analysis: a grade
 * whose average cycle is longer flags low efficiency. Defaults from docs/domain.md (two-lane highway tunnel,
 * ~100 m² face: III 12–14 h, IV 10–12 h, V 8–12 h; the upper end is the preset); I–II as III, VI as V.
 */
export const DEFAULT_CYCLE_PRESET_HOURS: Readonly<Record<Exclude<RockGrade, null>, number>> = { I: 14, II: 14, III: 14, IV: 12, V: 12, VI: 12 };

/**
 * Nominal advance per round in metres by grade, used as a cycle's footage when no advance was reported
 * (the record says `footageSource: 'nominal'`): the middle of docs/domain.md's ranges (III 3–3.5 m; IV
 * ≤ 2 steel arches at 0.6–0.8 m; V–VI ≤ 1 arch). A heading without a grade takes IV's.
 */
export const NOMINAL_ADVANCE_M: Readonly<Record<Exclude<RockGrade, null> | 'unset', number>> = { I: 3.2, II: 3.2, III: 3.2, IV: 1.4, V: 0.8, VI: 0.65, unset: 1.4 };

/** One identified stage of one heading: `endMs` null while it lasts. Times ms since epoch. */
export interface CycleStageSpan {
  headingId: string;
  stage: CycleStage;
  startMs: number;
  endMs: number | null;
  source: StageSource;
  confidence: StageConfidence;
}

/**
 * One closed round of one heading (drilling start → next drilling start). `index` counts the heading's
 * rounds; `blastMs` is the detonation (null when none was seen); `effectiveHours` the round's hours outside
 * idle; `footageM` the face advance: reported by the site (`footageSource: 'reported'`) or the grade's
 * nominal advance (`'nominal'`, NOMINAL_ADVANCE_M). `editors` are the devices that reported its stages.
 */
export interface CycleRecord {
  cycleId: number;
  projectId: string;
  headingId: string;
  headingName: string;
  tunnelId: string;
  tunnelName: string;
  workFace: WorkFaceType;
  index: number;
  startMs: number;
  endMs: number;
  blastMs: number | null;
  effectiveHours: number;
  footageM: number;
  footageSource: 'reported' | 'nominal';
  rockGrade: RockGrade;
  editors: string[];
  stages: Array<Omit<CycleStageSpan, 'headingId' | 'endMs'> & { endMs: number }>;
}

const projectIdField = z.string().min(1).max(64);
const headingIdField = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });
const msField = z.number().int().min(0).max(4_102_444_800_000);

/** cycles/state: each heading's stage as of `atMs` (default now), from the stored spans (so replay reads it too). */
export const cycleStateBody = z.strictObject({ projectId: projectIdField, atMs: msField.optional() });

/** The process-identification view of one heading as of `atMs`. */
export interface HeadingCycleState {
  headingId: string;
  headingName: string;
  tunnelId: string;
  tunnelName: string;
  rockGrade: RockGrade;
  /** Excavation face and end of the second lining, metres from the bore's entry portal. */
  faceM: number;
  liningM: number;
  /** Null when nothing has been identified yet. */
  stage: CycleStage | null;
  source: StageSource | null;
  confidence: StageConfidence | null;
  stageStartMs: number | null;
  previousStage: CycleStage | null;
  nextStage: CycleStage | null;
  /** When the next stage is expected to start: the stage's start plus its median length over the heading's last closed rounds; null without history. */
  expectedNextStartMs: number | null;
  /** Start of the round under way. */
  cycleStartMs: number | null;
  /** Rounds closed since 00:00 Beijing time, and their footage (m). */
  cyclesToday: number;
  footageTodayM: number;
}
export interface CycleState {
  atMs: number;
  headings: HeadingCycleState[];
}

/** Most spans one timeline answer holds (a week of 4 headings at ~2 rounds a day is under 500). */
export const MAX_TIMELINE_SPANS = 2_000;
/** Longest range a timeline covers: 31 days. */
export const MAX_TIMELINE_RANGE_MS = 31 * 86_400_000;

/** cycles/timeline: the stage spans overlapping [fromMs, toMs] (the replayed stage timeline). */
export const cycleTimelineBody = z
  .strictObject({ projectId: projectIdField, headingId: headingIdField.optional(), fromMs: msField, toMs: msField })
  .refine((b) => b.toMs > b.fromMs && b.toMs - b.fromMs <= MAX_TIMELINE_RANGE_MS, { error: 'toMs must be after fromMs, at most 31 days on', path: ['toMs'] });
export interface CycleTimeline {
  spans: CycleStageSpan[];
  /** True when the range held more than MAX_TIMELINE_SPANS spans (the latest are returned). */
  truncated: boolean;
}

/** Filters of the process record table (and its export). */
const recordFilters = {
  projectId: projectIdField,
  headingId: headingIdField.optional(),
  workFace: z.enum(WORK_FACE_TYPES).optional(),
  /** Records whose round started in [fromMs, toMs). */
  fromMs: msField.optional(),
  toMs: msField.optional(),
};
/** cycles/records: closed rounds, newest first, paged. */
export const cycleRecordListBody = z.strictObject({
  ...recordFilters,
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});
export interface CycleRecordPage {
  total: number;
  page: number;
  pageSize: number;
  list: CycleRecord[];
}

/** Most rows a cycle-record export holds. */
export const MAX_CYCLE_EXPORT_ROWS = 10_000;
/** cycles/export: the filtered records as an .xlsx file. */
export const cycleExportBody = z.strictObject(recordFilters);

/** cycles/analysis: averages over 1, 3 and 7 days and the time analysis against the presets, as of `atMs`. */
export const cycleAnalysisBody = z.strictObject({ projectId: projectIdField, headingId: headingIdField.optional(), atMs: msField.optional() });

/** Averages of the rounds that closed in the `days` before the instant, per work-face type. */
export interface CycleWindow {
  days: 1 | 3 | 7;
  workFace: WorkFaceType;
  cycles: number;
  /** Mean round length, hours; null without rounds. */
  avgCycleHours: number | null;
  /** Rounds per day (cycles ÷ days ÷ headings that had any). */
  cyclesPerDay: number;
  /** Mean hours outside idle per round; null without rounds. */
  avgEffectiveHours: number | null;
  /** Idle spans and their total hours. */
  idlePeriods: number;
  idleHours: number;
  footageM: number;
}

/** The cycle-footage time analysis of one grade: mean round hours against the preset. */
export interface GradeEfficiency {
  rockGrade: Exclude<RockGrade, null>;
  presetHours: number;
  cycles: number;
  avgCycleHours: number | null;
  /** Mean footage per round, m, and per hour of round, m/h. */
  avgFootageM: number | null;
  metresPerHour: number | null;
  /** The mean round is longer than the preset. */
  lowEfficiency: boolean;
}

export interface CycleAnalysis {
  atMs: number;
  windows: CycleWindow[];
  /** Over the 7 days, one entry per grade with rounds or a preset. */
  efficiency: GradeEfficiency[];
  /** Each round closed in the 7 days: its stage hours (the trend by stage), oldest first. */
  trend: Array<{ headingId: string; startMs: number; stageHours: Partial<Record<CycleStage, number>> }>;
}

/** cycles/presets and cycles/presets/set: preset round hours per grade (administrators set them). */
export const cyclePresetsBody = z.strictObject({ projectId: projectIdField });
export const cyclePresetSetBody = z.strictObject({
  projectId: projectIdField,
  presets: z
    .array(z.strictObject({ rockGrade: rockGradeSchema.unwrap(), hours: z.number().finite().min(1).max(72) }))
    .min(1)
    .max(6),
});
export interface CyclePresets {
  presets: Array<{ rockGrade: Exclude<RockGrade, null>; hours: number; isDefault: boolean }>;
}
