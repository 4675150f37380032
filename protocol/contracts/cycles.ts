import { z } from 'zod';
import { rockGradeSchema } from '../api';
import {
  cycleAnalysisBody,
  cycleExportBody,
  cyclePresetSetBody,
  cyclePresetsBody,
  cycleRecordListBody,
  cycleStateBody,
  cycleTimelineBody,
  STAGE_CONFIDENCES,
  STAGE_SOURCES,
  type CycleAnalysis,
  type CyclePresets,
  type CycleRecordPage,
  type CycleState,
  type CycleTimeline,
} from '../cycles';
import { CYCLE_STAGES, cycleStageSchema as stage, WORK_FACE_TYPES } from '../kinds/cycleStage';
import { XLSX_MEDIA_TYPE } from './alarms';
import { defineContract, fileAnswer, notEnvelope, shapesAgree, type SameShape } from './define';

const source = z.enum(STAGE_SOURCES);
const confidence = z.enum(STAGE_CONFIDENCES);
const grade = rockGradeSchema.unwrap();
const stageHours = z.object(Object.fromEntries(CYCLE_STAGES.map((s) => [s, z.number().optional()])) as Record<(typeof CYCLE_STAGES)[number], z.ZodOptional<z.ZodNumber>>);

/** cycles/state data (protocol/cycles.ts CycleState). */
export const cycleStateSchema = z.object({
  atMs: z.number(),
  headings: z.array(
    z.object({
      headingId: z.string(),
      headingName: z.string(),
      tunnelId: z.string(),
      tunnelName: z.string(),
      rockGrade: rockGradeSchema,
      faceM: z.number(),
      liningM: z.number(),
      stage: stage.nullable(),
      source: source.nullable(),
      confidence: confidence.nullable(),
      stageStartMs: z.number().nullable(),
      previousStage: stage.nullable(),
      nextStage: stage.nullable(),
      expectedNextStartMs: z.number().nullable(),
      cycleStartMs: z.number().nullable(),
      cyclesToday: z.number(),
      footageTodayM: z.number(),
    }),
  ),
});

/** cycles/timeline data (CycleTimeline). */
export const cycleTimelineSchema = z.object({
  spans: z.array(z.object({ headingId: z.string(), stage, startMs: z.number(), endMs: z.number().nullable(), source, confidence })),
  truncated: z.boolean(),
});

/** One closed round (CycleRecord). */
export const cycleRecordSchema = z.object({
  cycleId: z.number(),
  projectId: z.string(),
  headingId: z.string(),
  headingName: z.string(),
  tunnelId: z.string(),
  tunnelName: z.string(),
  workFace: z.enum(WORK_FACE_TYPES),
  index: z.number(),
  startMs: z.number(),
  endMs: z.number(),
  blastMs: z.number().nullable(),
  effectiveHours: z.number(),
  footageM: z.number(),
  footageSource: z.enum(['reported', 'nominal']),
  rockGrade: rockGradeSchema,
  editors: z.array(z.string()),
  stages: z.array(z.object({ stage, startMs: z.number(), endMs: z.number(), source, confidence })),
});

/** cycles/records data (CycleRecordPage). */
export const cycleRecordPageSchema = z.object({ total: z.number(), page: z.number(), pageSize: z.number(), list: z.array(cycleRecordSchema) });

/** cycles/analysis data (CycleAnalysis). */
export const cycleAnalysisSchema = z.object({
  atMs: z.number(),
  windows: z.array(
    z.object({
      days: z.union([z.literal(1), z.literal(3), z.literal(7)]),
      workFace: z.enum(WORK_FACE_TYPES),
      cycles: z.number(),
      avgCycleHours: z.number().nullable(),
      cyclesPerDay: z.number(),
      avgEffectiveHours: z.number().nullable(),
      idlePeriods: z.number(),
      idleHours: z.number(),
      footageM: z.number(),
    }),
  ),
  efficiency: z.array(
    z.object({
      rockGrade: grade,
      presetHours: z.number(),
      cycles: z.number(),
      avgCycleHours: z.number().nullable(),
      avgFootageM: z.number().nullable(),
      metresPerHour: z.number().nullable(),
      lowEfficiency: z.boolean(),
    }),
  ),
  trend: z.array(z.object({ headingId: z.string(), startMs: z.number(), stageHours })),
});

/** cycles/presets data (CyclePresets). */
export const cyclePresetsSchema = z.object({ presets: z.array(z.object({ rockGrade: grade, hours: z.number(), isDefault: z.boolean() })) });

shapesAgree<
  [
    SameShape<z.output<typeof cycleStateSchema>, CycleState>,
    SameShape<z.output<typeof cycleTimelineSchema>, CycleTimeline>,
    SameShape<z.output<typeof cycleRecordPageSchema>, CycleRecordPage>,
    SameShape<z.output<typeof cycleAnalysisSchema>, CycleAnalysis>,
    SameShape<z.output<typeof cyclePresetsSchema>, CyclePresets>,
  ]
>();

const tag = 'cycles';

/** Drill-and-blast cycles per heading (docs/api.md "Drill-and-blast cycles"). */
export const CYCLES = {
  state: defineContract({ tag, path: '/zhgd/cycles/state', body: cycleStateBody, response: cycleStateSchema, permission: 'project.read', summary: "Each heading's drill-and-blast stage as of an instant" }),
  timeline: defineContract({ tag, path: '/zhgd/cycles/timeline', body: cycleTimelineBody, response: cycleTimelineSchema, permission: 'project.read', summary: 'Stage spans overlapping a time range' }),
  records: defineContract({ tag, path: '/zhgd/cycles/records', body: cycleRecordListBody, response: cycleRecordPageSchema, permission: 'project.read', summary: 'Closed rounds (process records), newest first, paged' }),
  analysis: defineContract({ tag, path: '/zhgd/cycles/analysis', body: cycleAnalysisBody, response: cycleAnalysisSchema, permission: 'project.read', summary: 'Average round times over 1, 3 and 7 days and efficiency against the presets' }),
  presets: defineContract({ tag, path: '/zhgd/cycles/presets', body: cyclePresetsBody, response: cyclePresetsSchema, permission: 'project.read', summary: 'Preset round hours per surrounding-rock grade' }),
  presetSet: defineContract({ tag, path: '/zhgd/cycles/presets/set', body: cyclePresetSetBody, response: cyclePresetsSchema, permission: 'project.admin', summary: 'Set preset round hours of the listed grades' }),
  export: defineContract({
    tag,
    path: '/zhgd/cycles/export',
    body: cycleExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The filtered process records as an .xlsx file'),
    permission: 'project.read',
    summary: 'Process records as an .xlsx file',
  }),
} as const;
