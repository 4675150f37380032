import { z } from 'zod';
import { MAX_SCHEDULE_TASKS, scheduleTaskSchema, taskFieldsSchema } from '../schedule';
import { XLSX_MEDIA_TYPE } from './alarms';
import { defineContract, fileAnswer, notEnvelope } from './define';

/**
 * The project schedule (docs/api.md "Project schedule"): members read the tasks, the Gantt's data and the
 * work days; project managers and administrators (`zone.edit`) add, edit, delete and import tasks, audited.
 */

const projectId = z.string().min(1).max(64);
const taskId = z.number().int().min(1);

export const scheduleProjectBody = z.strictObject({ projectId });
export const scheduleDetailBody = z.strictObject({ projectId, taskId });
/** schedule/save body: a new task (no `taskId`) or the new fields of one. */
export const scheduleSaveBody = z.strictObject({ projectId, taskId: taskId.optional(), task: taskFieldsSchema });
export type ScheduleSaveBody = z.input<typeof scheduleSaveBody>;
export const scheduleDeleteBody = z.strictObject({ projectId, taskIds: z.array(taskId).min(1).max(500) });
/** schedule/import body: an .xlsx sheet (base64) that replaces the whole schedule. */
export const scheduleImportBody = z.strictObject({ projectId, contentBase64: z.string().min(1).max(2_800_000) });

/** schedule/simple data: every task (WBS order) with its status, the overall progress and the counts by status. */
export const scheduleSimpleSchema = z.object({
  /** The Beijing date the statuses are judged on. */
  today: z.string(),
  /** Overall progress, percent (protocol/schedule.ts `overallProgressPct`), null without tasks. */
  progressPct: z.number().nullable(),
  total: z.number(),
  late: z.number(),
  atRisk: z.number(),
  list: z.array(scheduleTaskSchema),
});
export type ScheduleSimple = z.output<typeof scheduleSimpleSchema>;

/** schedule/detail data: one task, the tasks it waits for and that wait for it, its parent and children. */
export const scheduleDetailSchema = z.object({
  task: scheduleTaskSchema,
  parent: scheduleTaskSchema.nullable(),
  predecessors: z.array(scheduleTaskSchema),
  successors: z.array(scheduleTaskSchema),
  children: z.array(scheduleTaskSchema),
});
export type ScheduleDetail = z.output<typeof scheduleDetailSchema>;

/** schedule/workDays data (protocol/schedule.ts `workDays`). */
export const scheduleWorkDaysSchema = z.object({
  startDate: z.string().nullable(),
  plannedEndDate: z.string().nullable(),
  workedDays: z.number().nullable(),
  plannedDays: z.number().nullable(),
  remainingDays: z.number().nullable(),
});
export type ScheduleWorkDays = z.output<typeof scheduleWorkDaysSchema>;

export const scheduleImportResultSchema = z.object({
  imported: z.number(),
  problems: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
});
export type ScheduleImportResult = z.output<typeof scheduleImportResultSchema>;

const tag = 'schedule';

/** The schedule routes (docs/api.md "Project schedule"). */
export const SCHEDULE = {
  simple: defineContract({ tag, path: '/zhgd/project/schedule/simple/get', body: scheduleProjectBody, response: scheduleSimpleSchema, permission: 'project.read', summary: 'Every task of the schedule with planned and actual dates, progress and status (late, at risk)' }),
  detail: defineContract({ tag, path: '/zhgd/project/schedule/detail/get', body: scheduleDetailBody, response: scheduleDetailSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: 'One task with its predecessors, successors, parent and children' }),
  workDays: defineContract({ tag, path: '/zhgd/project/schedule/workDays/get', body: scheduleProjectBody, response: scheduleWorkDaysSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: "Days worked since the project's start date and days planned" }),
  save: defineContract({ tag, path: '/zhgd/project/schedule/save', body: scheduleSaveBody, response: scheduleTaskSchema, permission: 'zone.edit', errors: ['NOT_FOUND', 'CONFLICT'], summary: 'Add or edit a task; a dependency cycle is refused (audited)' }),
  delete: defineContract({ tag, path: '/zhgd/project/schedule/delete', body: scheduleDeleteBody, response: z.object({ deleted: z.number() }), permission: 'zone.edit', summary: 'Delete tasks with the tasks under them (audited)' }),
  import: defineContract({ tag, path: '/zhgd/project/schedule/import', body: scheduleImportBody, response: scheduleImportResultSchema, permission: 'zone.edit', summary: `Replace the schedule from .xlsx or Microsoft Project XML (at most ${MAX_SCHEDULE_TASKS} tasks); nothing written on any bad row (audited)` }),
  importTemplate: defineContract({
    tag,
    path: '/zhgd/project/schedule/importTemplate',
    body: scheduleProjectBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The header row schedule/import reads and one example task, as an .xlsx file'),
    permission: 'project.read',
    summary: 'The schedule import file to fill in',
  }),
  export: defineContract({
    tag,
    path: '/zhgd/project/schedule/export',
    body: scheduleProjectBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The schedule with statuses as an .xlsx file in the import columns (it imports as it is)'),
    permission: 'project.read',
    summary: 'The schedule as a file',
  }),
} as const;
