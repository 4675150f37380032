import { z } from 'zod';
import { beijingDateOf } from './attendance';
import { inspectionDateSchema } from './inspections';

/**
 * The project schedule (docs/domain.md "Project schedule"): tasks with a WBS code, planned and actual dates
 * (YYYY-MM-DD, Beijing time), progress and finish-to-start predecessors; whether a task is late or at risk is
 * decided here, once, by {@link scheduleStatuses}.
 */

/** Most tasks a project's schedule keeps (the Gantt draws them all; an import is refused beyond). */
export const MAX_SCHEDULE_TASKS = 2_000;
/** Most predecessors one task names. */
export const MAX_PREDECESSORS = 20;
/**
 * Percentage points a task's progress may fall behind its linear planned progress before it is at risk.
 * A product rule of SiteBoard, not a standard: it flags a task early enough to act without marking every
 * task a day behind.
 */
export const AT_RISK_BEHIND_PCT = 10;

/**
 * Where a task stands: `done` (100 %), `late` ({@link isLate}), `atRisk` (behind plan, or a predecessor late),
 * `notStarted` (not yet due), `onTrack`.
 */
export const TASK_STATUSES = ['done', 'late', 'atRisk', 'onTrack', 'notStarted'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Why a task is late or at risk (several may hold). */
export const TASK_REASONS = ['plannedEndPassed', 'startedLateUnfinished', 'behindPlan', 'predecessorLate'] as const;
export type TaskReason = (typeof TASK_REASONS)[number];

const name = z.string().trim().min(1, 'required').max(200);
/** A WBS code: dot-separated numbers or letters, e.g. `2.3.1` (the parent of `2.3.1` is `2.3`). */
export const wbsSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(40)
  .regex(/^[0-9A-Za-z]+(\.[0-9A-Za-z]+)*$/, 'expected a WBS code like 2.3.1');

/** What a person writes of a task (schedule/save, one import row after its WBS references are resolved). */
export const taskFieldsSchema = z
  .strictObject({
    wbs: wbsSchema,
    name,
    /** The task this one is grouped under (same project), or null at the top. */
    parentId: z.number().int().min(1).nullable().default(null),
    plannedStart: inspectionDateSchema,
    plannedEnd: inspectionDateSchema,
    actualStart: inspectionDateSchema.nullable().default(null),
    actualEnd: inspectionDateSchema.nullable().default(null),
    /** Work done, percent 0–100. */
    progressPct: z.number().finite().min(0).max(100),
    /** Finish-to-start predecessors: tasks of the same project that must finish before this one starts. */
    predecessorIds: z.array(z.number().int().min(1)).max(MAX_PREDECESSORS).default([]),
    responsibleUnit: z.string().trim().max(100).default(''),
    milestone: z.boolean().default(false),
  })
  .refine((t) => t.plannedEnd >= t.plannedStart, { message: 'the planned end is before the planned start', path: ['plannedEnd'] })
  .refine((t) => t.actualEnd === null || t.actualStart !== null, { message: 'an actual end needs an actual start', path: ['actualStart'] })
  .refine((t) => t.actualEnd === null || t.actualStart === null || t.actualEnd >= t.actualStart, { message: 'the actual end is before the actual start', path: ['actualEnd'] })
  .refine((t) => t.actualEnd === null || t.progressPct === 100, { message: 'a task with an actual end is 100 % done', path: ['progressPct'] });
export type TaskFields = z.output<typeof taskFieldsSchema>;
export type TaskFieldsInput = z.input<typeof taskFieldsSchema>;

/** One task as answered: its fields, id, status and the reasons for it. */
export const scheduleTaskSchema = z.object({
  taskId: z.number(),
  wbs: z.string(),
  name: z.string(),
  parentId: z.number().nullable(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  actualStart: z.string().nullable(),
  actualEnd: z.string().nullable(),
  progressPct: z.number(),
  predecessorIds: z.array(z.number()),
  responsibleUnit: z.string(),
  milestone: z.boolean(),
  /**
   * A summary task (one with children): its planned and actual dates and its progress are rolled up from
   * its children ({@link rollUpSchedule}), not its own stored values.
   */
  summary: z.boolean(),
  status: z.enum(TASK_STATUSES),
  reasons: z.array(z.enum(TASK_REASONS)),
  /** Linear planned progress today, percent (0 before the planned start, 100 from the planned end). */
  plannedPct: z.number(),
  updatedBy: z.string(),
  updatedAtMs: z.number(),
});
export type ScheduleTask = z.output<typeof scheduleTaskSchema>;

/** A task as {@link scheduleStatuses} reads it. */
export type JudgedTask = Pick<ScheduleTask, 'taskId' | 'plannedStart' | 'plannedEnd' | 'actualStart' | 'actualEnd' | 'progressPct' | 'predecessorIds'>;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (calendar arithmetic, no time zone). */
export function dayNumber(date: string): number {
  return Math.round(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000);
}

/** The `YYYY-MM-DD` date of a {@link dayNumber}. */
export function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Linear planned progress of a task on `today` (percent): the share of its planned days (both ends counted)
 * up to and including today; 0 before the planned start, 100 from the planned end on.
 */
export function plannedProgressPct(t: Pick<JudgedTask, 'plannedStart' | 'plannedEnd'>, today: string): number {
  if (today < t.plannedStart) return 0;
  if (today >= t.plannedEnd) return 100;
  const days = dayNumber(t.plannedEnd) - dayNumber(t.plannedStart) + 1;
  return Math.round(((dayNumber(today) - dayNumber(t.plannedStart) + 1) / days) * 1000) / 10;
}

/**
 * The late rule (docs/domain.md "Project schedule"): not 100 % done and either its planned end is past
 * (`today` is after it), or it started after its planned start and has not finished.
 */
export function lateReasons(t: JudgedTask, today: string): TaskReason[] {
  if (t.progressPct >= 100) return [];
  const out: TaskReason[] = [];
  if (today > t.plannedEnd) out.push('plannedEndPassed');
  if (t.actualStart !== null && t.actualStart > t.plannedStart && t.actualEnd === null) out.push('startedLateUnfinished');
  return out;
}

/** Whether a task is late on `today` (see {@link lateReasons}). */
export function isLate(t: JudgedTask, today: string): boolean {
  return lateReasons(t, today).length > 0;
}

/**
 * The status of every task on `today` (Beijing date): done at 100 %; late by {@link lateReasons}; at risk when
 * its progress is more than {@link AT_RISK_BEHIND_PCT} points behind {@link plannedProgressPct} or a
 * predecessor is late; otherwise not started (before its planned start, nothing done) or on track.
 * A predecessor id not among `tasks` is ignored.
 */
export function scheduleStatuses(tasks: readonly JudgedTask[], today: string): Map<number, { status: TaskStatus; reasons: TaskReason[]; plannedPct: number }> {
  const late = new Map<number, TaskReason[]>();
  for (const t of tasks) late.set(t.taskId, lateReasons(t, today));
  const out = new Map<number, { status: TaskStatus; reasons: TaskReason[]; plannedPct: number }>();
  for (const t of tasks) {
    const plannedPct = plannedProgressPct(t, today);
    if (t.progressPct >= 100) {
      out.set(t.taskId, { status: 'done', reasons: [], plannedPct });
      continue;
    }
    const reasons = [...late.get(t.taskId)!];
    if (reasons.length > 0) {
      out.set(t.taskId, { status: 'late', reasons, plannedPct });
      continue;
    }
    if (plannedPct - t.progressPct > AT_RISK_BEHIND_PCT) reasons.push('behindPlan');
    if (t.predecessorIds.some((p) => (late.get(p)?.length ?? 0) > 0)) reasons.push('predecessorLate');
    const status: TaskStatus = reasons.length > 0 ? 'atRisk' : today < t.plannedStart && t.progressPct === 0 ? 'notStarted' : 'onTrack';
    out.set(t.taskId, { status, reasons, plannedPct });
  }
  return out;
}

/**
 * A cycle among finish-to-start dependencies: the ids around it (first id repeated at the end, e.g.
 * `[3, 5, 3]`), or null when there is none. Depth-first over `predecessorIds`; ids not among the tasks are
 * ignored.
 */
export function dependencyCycle(tasks: ReadonlyArray<{ taskId: number; predecessorIds: readonly number[] }>): number[] | null {
  const preds = new Map<number, readonly number[]>(tasks.map((t) => [t.taskId, t.predecessorIds] as const));
  const state = new Map<number, 1 | 2>(); // 1 on the path, 2 finished
  const path: number[] = [];
  const visit = (id: number): number[] | null => {
    state.set(id, 1);
    path.push(id);
    for (const p of preds.get(id) ?? []) {
      if (!preds.has(p)) continue;
      const s = state.get(p);
      if (s === 1) return [...path.slice(path.indexOf(p)), p];
      if (s === undefined) {
        const c = visit(p);
        if (c) return c;
      }
    }
    path.pop();
    state.set(id, 2);
    return null;
  };
  for (const t of tasks) {
    if (state.has(t.taskId)) continue;
    const c = visit(t.taskId);
    if (c) return c;
  }
  return null;
}

/** A cycle among parents (a task under itself, directly or through others), as {@link dependencyCycle} answers it. */
export function parentCycle(tasks: ReadonlyArray<{ taskId: number; parentId: number | null }>): number[] | null {
  return dependencyCycle(tasks.map((t) => ({ taskId: t.taskId, predecessorIds: t.parentId === null ? [] : [t.parentId] })));
}

/** The planned days of a task: calendar days from its planned start to its planned end, both included. */
export function plannedDays(t: Pick<JudgedTask, 'plannedStart' | 'plannedEnd'>): number {
  return dayNumber(t.plannedEnd) - dayNumber(t.plannedStart) + 1;
}

/** What {@link rollUpSchedule} reads of a task and rewrites on a summary task. */
export type RollUpFields = Pick<ScheduleTask, 'taskId' | 'parentId' | 'plannedStart' | 'plannedEnd' | 'actualStart' | 'actualEnd' | 'progressPct'>;

/** Progress weighted by planned calendar days (unrounded): null for no tasks. */
function weightedProgress(tasks: ReadonlyArray<Pick<RollUpFields, 'plannedStart' | 'plannedEnd' | 'progressPct'>>): number | null {
  let weight = 0;
  let done = 0;
  for (const t of tasks) {
    const days = plannedDays(t);
    weight += days;
    done += days * t.progressPct;
  }
  return weight > 0 ? done / weight : null;
}

/**
 * Rolls a schedule's summary tasks up from their children (docs/domain.md "Project schedule"), recursively:
 * a task with children gets planned start = earliest child planned start, planned end = latest child planned
 * end, actual start = earliest child actual start (null while none started), actual end = latest child
 * actual end once every child has one (else null), progress = the children's progress weighted by their
 * planned calendar days (one decimal). A task without children keeps its own values. `summary` says which is
 * which. Order is kept; a parent id not among `tasks` is a top-level task; a parent loop (refused on every
 * write) leaves the tasks on it as they are.
 */
export function rollUpSchedule<T extends RollUpFields>(tasks: readonly T[]): Array<T & { summary: boolean }> {
  const children = new Map<number, T[]>();
  for (const t of tasks) {
    if (t.parentId === null) continue;
    const list = children.get(t.parentId);
    if (list) list.push(t);
    else children.set(t.parentId, [t]);
  }
  const rolled = new Map<number, RollUpFields>();
  const visiting = new Set<number>();
  const roll = (t: T): RollUpFields => {
    const done = rolled.get(t.taskId);
    if (done) return done;
    const kids = children.get(t.taskId);
    if (!kids || visiting.has(t.taskId)) return t;
    visiting.add(t.taskId);
    const rk = kids.map(roll);
    visiting.delete(t.taskId);
    const min = (ds: Array<string | null>) => ds.reduce<string | null>((m, d) => (d !== null && (m === null || d < m) ? d : m), null);
    const max = (ds: Array<string | null>) => ds.reduce<string | null>((m, d) => (d !== null && (m === null || d > m) ? d : m), null);
    const out: RollUpFields = {
      taskId: t.taskId,
      parentId: t.parentId,
      plannedStart: min(rk.map((k) => k.plannedStart))!,
      plannedEnd: max(rk.map((k) => k.plannedEnd))!,
      actualStart: min(rk.map((k) => k.actualStart)),
      actualEnd: rk.every((k) => k.actualEnd !== null) ? max(rk.map((k) => k.actualEnd)) : null,
      progressPct: weightedProgress(rk)!,
    };
    rolled.set(t.taskId, out);
    return out;
  };
  return tasks.map((t) => {
    const r = roll(t);
    if (r === t) return { ...t, summary: false };
    return { ...t, plannedStart: r.plannedStart, plannedEnd: r.plannedEnd, actualStart: r.actualStart, actualEnd: r.actualEnd, progressPct: Math.round(r.progressPct * 10) / 10, summary: true };
  });
}

/**
 * Overall progress of a schedule, percent (one decimal): its top-level tasks (rolled up first, see
 * {@link rollUpSchedule}) weighted by their planned calendar days, the same rule as a summary task over the
 * whole schedule; null for an empty schedule.
 */
export function overallProgressPct(tasks: readonly RollUpFields[]): number | null {
  const ids = new Set(tasks.map((t) => t.taskId));
  const p = weightedProgress(rollUpSchedule(tasks).filter((t) => t.parentId === null || !ids.has(t.parentId)));
  return p === null ? null : Math.round(p * 10) / 10;
}

/** The parent WBS code of a code (`2.3.1` → `2.3`), or null at the top. */
export function parentWbs(wbs: string): string | null {
  const i = wbs.lastIndexOf('.');
  return i < 0 ? null : wbs.slice(0, i);
}

/**
 * Days worked and planned of a project (schedule/workDays): `workedDays` counts the Beijing days from the
 * start date to `nowMs`, both included (0 before the start, null without a start date); `plannedDays` is the
 * profile's design duration, else the days from the start date to the planned end date, both included.
 */
export function workDays(startDate: string | null, plannedEndDate: string | null, designDurationDays: number | null, nowMs: number): { startDate: string | null; plannedEndDate: string | null; workedDays: number | null; plannedDays: number | null; remainingDays: number | null } {
  const valid = (d: string | null): d is string => d !== null && inspectionDateSchema.safeParse(d).success;
  const today = dayNumber(beijingDateOf(nowMs));
  const workedDays = valid(startDate) ? Math.max(0, today - dayNumber(startDate) + 1) : null;
  const plannedDays = designDurationDays ?? (valid(startDate) && valid(plannedEndDate) ? Math.max(0, dayNumber(plannedEndDate) - dayNumber(startDate) + 1) : null);
  return {
    startDate: valid(startDate) ? startDate : null,
    plannedEndDate: valid(plannedEndDate) ? plannedEndDate : null,
    workedDays,
    plannedDays,
    remainingDays: workedDays !== null && plannedDays !== null ? Math.max(0, plannedDays - workedDays) : null,
  };
}

/** A task's place in the graph, as {@link taskGraphProblem} reads it. */
export interface TaskLinks {
  taskId: number;
  wbs: string;
  parentId: number | null;
  predecessorIds: readonly number[];
}

/**
 * The first problem of a schedule's links, or null: a parent or predecessor that is not a task of the
 * schedule or is the task itself, a task under itself, or a cycle of finish-to-start dependencies (named by
 * WBS codes, e.g. `2.1 → 2.2 → 2.1`). `field` is the task field at fault.
 */
export function taskGraphProblem(tasks: readonly TaskLinks[]): { taskId: number; field: 'parentId' | 'predecessorIds'; message: string } | null {
  const byId = new Map(tasks.map((t) => [t.taskId, t] as const));
  for (const t of tasks) {
    if (t.parentId !== null && (t.parentId === t.taskId || !byId.has(t.parentId))) return { taskId: t.taskId, field: 'parentId', message: `no parent task ${t.parentId} in this schedule` };
    const bad = t.predecessorIds.find((p) => p === t.taskId || !byId.has(p));
    if (bad !== undefined) return { taskId: t.taskId, field: 'predecessorIds', message: bad === t.taskId ? 'a task cannot be its own predecessor' : `no task ${bad} in this schedule` };
  }
  const wbsOf = (ids: number[]) => ids.map((id) => byId.get(id)!.wbs).join(' → ');
  const up = parentCycle(tasks);
  if (up) return { taskId: up[0], field: 'parentId', message: `a task would be under itself: ${wbsOf(up)}` };
  const cycle = dependencyCycle(tasks);
  if (cycle) return { taskId: cycle[0], field: 'predecessorIds', message: `the dependencies would make a cycle: ${wbsOf(cycle)}` };
  return null;
}

/** Compares WBS codes part by part, numbers as numbers (`1.2` before `1.10`). */
export function compareWbs(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const c = pa[i].localeCompare(pb[i], 'en', { numeric: true });
    if (c !== 0) return c;
  }
  return pa.length - pb.length;
}
