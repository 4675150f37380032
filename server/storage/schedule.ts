import type { Kysely, Selectable } from 'kysely';
import { compareWbs, rollUpSchedule, scheduleStatuses, type ScheduleTask, type TaskFields } from '../../protocol';
import type { Database, ScheduleTasksTable } from './schema';

/** A task row's predecessor ids (an unreadable value counts as none). */
function predecessorsOf(r: Selectable<ScheduleTasksTable>): number[] {
  const v = r.predecessor_ids;
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

/** The stored fields of a task (what {@link scheduleTasks} rolls up and judges). A summary task's stored dates and progress are not read. */
export type StoredTask = Omit<ScheduleTask, 'summary' | 'status' | 'reasons' | 'plannedPct'>;

function toStored(r: Selectable<ScheduleTasksTable>): StoredTask {
  return {
    taskId: Number(r.task_id),
    wbs: r.wbs,
    name: r.name,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    plannedStart: r.planned_start,
    plannedEnd: r.planned_end,
    actualStart: r.actual_start,
    actualEnd: r.actual_end,
    progressPct: r.progress_pct,
    predecessorIds: predecessorsOf(r),
    responsibleUnit: r.responsible_unit,
    milestone: r.milestone,
    updatedBy: r.updated_by,
    updatedAtMs: r.updated_at_ms,
  };
}

/** The stored tasks of `projectId` in WBS order (at most protocol's MAX_SCHEDULE_TASKS are ever written). */
export async function storedTasks(db: Kysely<Database>, projectId: string): Promise<StoredTask[]> {
  const rows = await db.selectFrom('schedule_tasks').selectAll().where('project_id', '=', projectId).execute();
  return rows.map(toStored).sort((a, b) => compareWbs(a.wbs, b.wbs));
}

/**
 * The tasks of `projectId` in WBS order, summary tasks rolled up from their children, with their status on
 * `today` (YYYY-MM-DD, Beijing; protocol/schedule.ts).
 */
export async function scheduleTasks(db: Kysely<Database>, projectId: string, today: string): Promise<ScheduleTask[]> {
  return judged(await storedTasks(db, projectId), today);
}

/** Stored tasks rolled up (protocol `rollUpSchedule`) and judged on `today`: the late and at-risk rules read the rolled-up values. */
export function judged(tasks: readonly StoredTask[], today: string): ScheduleTask[] {
  const rolled = rollUpSchedule(tasks);
  const statuses = scheduleStatuses(rolled, today);
  return rolled.map((t) => ({ ...t, ...statuses.get(t.taskId)! }));
}

function columnsOf(f: TaskFields, by: string, nowMs: number) {
  return {
    wbs: f.wbs,
    name: f.name,
    parent_id: f.parentId,
    planned_start: f.plannedStart,
    planned_end: f.plannedEnd,
    actual_start: f.actualStart,
    actual_end: f.actualEnd,
    progress_pct: f.progressPct,
    predecessor_ids: JSON.stringify(f.predecessorIds),
    responsible_unit: f.responsibleUnit,
    milestone: f.milestone,
    updated_by: by,
    updated_at_ms: nowMs,
  };
}

/** Adds a task to `projectId`'s schedule; answers its id. Check its links first (protocol `taskGraphProblem`). */
export async function insertTask(db: Kysely<Database>, projectId: string, f: TaskFields, by: string, nowMs: number): Promise<number> {
  const r = await db.insertInto('schedule_tasks').values({ project_id: projectId, ...columnsOf(f, by, nowMs) }).returning('task_id').executeTakeFirstOrThrow();
  return Number(r.task_id);
}

/** Replaces a task's fields; false when `projectId` has no such task. */
export async function updateTask(db: Kysely<Database>, projectId: string, taskId: number, f: TaskFields, by: string, nowMs: number): Promise<boolean> {
  const r = await db.updateTable('schedule_tasks').set(columnsOf(f, by, nowMs)).where('project_id', '=', projectId).where('task_id', '=', taskId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Deletes tasks of `projectId` with every task under them, and takes them out of the other tasks'
 * predecessors. Run it in a transaction. @returns how many tasks were deleted
 */
export async function deleteTasks(tx: Kysely<Database>, projectId: string, taskIds: readonly number[], by: string, nowMs: number): Promise<number> {
  const tasks = await storedTasks(tx, projectId);
  const gone = new Set(taskIds.filter((id) => tasks.some((t) => t.taskId === id)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of tasks) {
      if (t.parentId !== null && gone.has(t.parentId) && !gone.has(t.taskId)) {
        gone.add(t.taskId);
        grew = true;
      }
    }
  }
  if (gone.size === 0) return 0;
  await tx.deleteFrom('schedule_tasks').where('project_id', '=', projectId).where('task_id', 'in', [...gone]).execute();
  for (const t of tasks) {
    if (gone.has(t.taskId) || !t.predecessorIds.some((p) => gone.has(p))) continue;
    const kept = t.predecessorIds.filter((p) => !gone.has(p));
    await tx.updateTable('schedule_tasks').set({ predecessor_ids: JSON.stringify(kept), updated_by: by, updated_at_ms: nowMs }).where('task_id', '=', t.taskId).execute();
  }
  return gone.size;
}

/** An imported task: its fields, its parent and predecessors by WBS code. */
export interface ImportedTask {
  fields: Omit<TaskFields, 'parentId' | 'predecessorIds'>;
  parentWbs: string | null;
  predecessorWbs: readonly string[];
}

/**
 * Replaces the whole schedule of `projectId` with `tasks` (their WBS codes unique, every parent and
 * predecessor among them: check first). Run it in a transaction. @returns how many tasks were written
 */
export async function replaceSchedule(tx: Kysely<Database>, projectId: string, tasks: readonly ImportedTask[], by: string, nowMs: number): Promise<number> {
  await tx.deleteFrom('schedule_tasks').where('project_id', '=', projectId).execute();
  const idOf = new Map<string, number>();
  for (const t of tasks) {
    idOf.set(t.fields.wbs, await insertTask(tx, projectId, { ...t.fields, parentId: null, predecessorIds: [] }, by, nowMs));
  }
  for (const t of tasks) {
    if (t.parentWbs === null && t.predecessorWbs.length === 0) continue;
    await tx
      .updateTable('schedule_tasks')
      .set({ parent_id: t.parentWbs === null ? null : idOf.get(t.parentWbs)!, predecessor_ids: JSON.stringify(t.predecessorWbs.map((w) => idOf.get(w)!)) })
      .where('task_id', '=', idOf.get(t.fields.wbs)!)
      .execute();
  }
  return tasks.length;
}
