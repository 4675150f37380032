import type { FastifyInstance } from 'fastify';
import { beijingDateOf, MAX_SCHEDULE_TASKS, overallProgressPct, SCHEDULE, taskGraphProblem, workDays, type ScheduleTask } from '../../../protocol';
import { readScheduleFile, SCHEDULE_HEADERS } from '../../schedule/taskImport';
import { deleteTasks, findProjectRow, inTransaction, insertTask, judged, projectProfile, replaceSchedule, scheduleTasks, storedTasks, toProjectDetails, updateTask } from '../../storage';
import { auditAsFailed } from '../audit';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

/** Largest schedule sheet accepted (base64 in the JSON body). */
const IMPORT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** The Beijing date statuses are judged on now. */
const today = () => beijingDateOf(Date.now());

/**
 * Columns of the export: the import's columns first (headers as the template writes them, predecessors by
 * WBS code) so an exported schedule imports as it is, then its status.
 */
function exportColumns(tasks: readonly ScheduleTask[]): Array<ExportColumn<ScheduleTask>> {
  const wbsOf = new Map(tasks.map((t) => [t.taskId, t.wbs] as const));
  const h = SCHEDULE_HEADERS;
  return [
    { header: h.wbs[0], width: 10, cell: (t) => t.wbs },
    { header: h.name[0], width: 36, cell: (t) => t.name },
    { header: h.plannedStart[0], width: 12, cell: (t) => t.plannedStart },
    { header: h.plannedEnd[0], width: 12, cell: (t) => t.plannedEnd },
    { header: h.actualStart[0], width: 12, cell: (t) => t.actualStart },
    { header: h.actualEnd[0], width: 12, cell: (t) => t.actualEnd },
    { header: h.progressPct[0], width: 10, cell: (t) => t.progressPct },
    { header: h.predecessors[0], width: 18, cell: (t) => t.predecessorIds.map((id) => wbsOf.get(id) ?? '').filter((w) => w !== '').join(', ') },
    { header: h.responsibleUnit[0], width: 24, cell: (t) => t.responsibleUnit },
    { header: h.milestone[0], width: 10, cell: (t) => (t.milestone ? 'yes' : '') },
    { header: 'Status', width: 12, cell: (t) => t.status },
    { header: 'Planned progress %', width: 12, cell: (t) => t.plannedPct },
  ];
}

/** The template's one example row (a finished portal task), so the format of every column shows. */
const TEMPLATE_EXAMPLE: ScheduleTask = {
  taskId: 1,
  wbs: '1.1',
  name: 'Entrance portal slope protection',
  parentId: null,
  plannedStart: '2026-03-01',
  plannedEnd: '2026-03-20',
  actualStart: '2026-03-02',
  actualEnd: '2026-03-22',
  progressPct: 100,
  predecessorIds: [],
  responsibleUnit: 'Section 1',
  milestone: false,
  summary: false,
  status: 'done',
  reasons: [],
  plannedPct: 100,
  updatedBy: '',
  updatedAtMs: 0,
};

/**
 * The project schedule (docs/api.md "Project schedule"): members read the tasks with their statuses, one
 * task's links, the work days, the export and the template; project managers and administrators
 * (`zone.edit`) add, edit, delete and import tasks, audited (server/http/audit.ts). Every change is checked
 * against the whole schedule in its transaction: parents and predecessors of the project, no cycle.
 */
export function registerScheduleRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, SCHEDULE.simple, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const day = today();
    const list = await scheduleTasks(db, body.projectId, day);
    return {
      today: day,
      progressPct: overallProgressPct(list),
      total: list.length,
      late: list.filter((t) => t.status === 'late').length,
      atRisk: list.filter((t) => t.status === 'atRisk').length,
      list,
    };
  });

  route(app, deps, SCHEDULE.detail, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const list = await scheduleTasks(db, body.projectId, today());
    const task = list.find((t) => t.taskId === body.taskId);
    if (!task) throw new ApiError('NOT_FOUND', `No task ${body.taskId} in this project's schedule`);
    return {
      task,
      parent: list.find((t) => t.taskId === task.parentId) ?? null,
      predecessors: list.filter((t) => task.predecessorIds.includes(t.taskId)),
      successors: list.filter((t) => t.predecessorIds.includes(task.taskId)),
      children: list.filter((t) => t.parentId === task.taskId),
    };
  });

  route(app, deps, SCHEDULE.workDays, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const row = await findProjectRow(db, body.projectId);
    if (!row) throw new ApiError('NOT_FOUND', 'There is no such project');
    const { startDate, plannedEndDate } = toProjectDetails(row, null);
    const profile = await projectProfile(db, body.projectId);
    return workDays(startDate, plannedEndDate, profile.design.durationDays, Date.now());
  });

  route(app, deps, SCHEDULE.save, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const f = body.task;
    const nowMs = Date.now();
    const taskId = await inTransaction(db, async (tx) => {
      const tasks = await storedTasks(tx, body.projectId);
      if (body.taskId !== undefined && !tasks.some((t) => t.taskId === body.taskId)) throw new ApiError('NOT_FOUND', `No task ${body.taskId} in this project's schedule`);
      if (body.taskId === undefined && tasks.length >= MAX_SCHEDULE_TASKS) throw new ApiError('VALIDATION', `task: the schedule holds ${MAX_SCHEDULE_TASKS} tasks already`);
      const twin = tasks.find((t) => t.wbs === f.wbs && t.taskId !== body.taskId);
      if (twin) throw new ApiError('CONFLICT', `Task ${twin.name} has WBS ${f.wbs} already`);
      // the schedule as it would be (the task first, so a cycle is named from it), a new task standing as id 0
      const id = body.taskId ?? 0;
      const graph = [{ taskId: id, wbs: f.wbs, parentId: f.parentId, predecessorIds: f.predecessorIds }, ...tasks.filter((t) => t.taskId !== id)];
      const problem = taskGraphProblem(graph);
      if (problem) throw new ApiError('VALIDATION', `task.${problem.field}: ${problem.message}`);
      if (body.taskId === undefined) return insertTask(tx, body.projectId, f, user.username, nowMs);
      await updateTask(tx, body.projectId, body.taskId, f, user.username, nowMs);
      return body.taskId;
    });
    const list = await scheduleTasks(db, body.projectId, today());
    return list.find((t) => t.taskId === taskId)!;
  });

  route(app, deps, SCHEDULE.delete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return { deleted: await inTransaction(db, (tx) => deleteTasks(tx, body.projectId, body.taskIds, user.username, Date.now())) };
  });

  route(
    app,
    deps,
    SCHEDULE.import,
    async ({ body, user, req }) => {
      requireMember(user, body.projectId);
      const { tasks, problems } = await readScheduleFile(Buffer.from(body.contentBase64, 'base64'));
      if (problems.length > 0) {
        auditAsFailed(req);
        return { imported: 0, problems };
      }
      const imported = await inTransaction(db, (tx) => replaceSchedule(tx, body.projectId, tasks, user.username, Date.now()));
      return { imported, problems: [] };
    },
    { bodyLimit: IMPORT_BODY_LIMIT_BYTES },
  );

  rawRoute(app, SCHEDULE.importTemplate, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(SCHEDULE.importTemplate.body, req.body);
    requireMember(user, body.projectId);
    const columns = exportColumns([TEMPLATE_EXAMPLE]).slice(0, 10);
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: `schedule-${body.projectId}-template.xlsx`,
      sheetName: 'Schedule',
      columns,
      pages: async function* () {
        yield [TEMPLATE_EXAMPLE];
      },
    });
  });

  rawRoute(app, SCHEDULE.export, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(SCHEDULE.export.body, req.body);
    requireMember(user, body.projectId);
    const list = judged(await storedTasks(db, body.projectId), today());
    return sendTableExport(req, reply, {
      format: 'xlsx',
      fileName: stampedFileName(`schedule-${body.projectId}`, 'xlsx'),
      sheetName: 'Schedule',
      columns: exportColumns(list),
      pages: async function* () {
        yield list;
      },
    });
  });
}
