import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SCHEDULE, type AuditPage, type ScheduleDetail, type ScheduleImportResult, type ScheduleSimple, type ScheduleTask, type ScheduleWorkDays } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { memberClient, startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
/** A tunnel plan saved from Microsoft Project as XML (fixtures/k13-tunnel-plan.xml). */
const MS_PROJECT_PLAN_XML = readFileSync(path.join(import.meta.dirname, '../../fixtures/k13-tunnel-plan.xml'), 'utf8');

/**
 * The project schedule against the real server (docs/api.md "Project schedule"): the demo's tunnel schedule
 * with late and at-risk tasks, a task added, edited into a cycle (refused) and deleted (audited), who may
 * read and write, the work days, the export that imports as it is, and an import refused whole on a bad row.
 */
describe('project schedule', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let viewer: ApiClient;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-schedule-'));
    ({ server, admin, bridge } = await startServerWithUsers({ DATA_DIR: dir }));
    viewer = await memberClient(server, demo, 'watcher', 'viewer');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const simple = async (client = admin) => (await client.post<ScheduleSimple>(SCHEDULE.simple.path, { projectId: demo })).body.data!;
  const byWbs = (s: ScheduleSimple, wbs: string) => s.list.find((t) => t.wbs === wbs)!;
  const download = async (path: string, client = admin) => fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: client.cookie! }, body: JSON.stringify({ projectId: demo }) });

  it("shows a viewer the demo's schedule in WBS order with late and at-risk tasks and the overall progress", async () => {
    const s = await simple(viewer);
    expect(s.total).toBe(29);
    expect(s.list.slice(0, 3).map((t) => t.wbs)).toEqual(['1', '1.1', '1.2']);
    expect(byWbs(s, '3.2')).toMatchObject({ status: 'late', reasons: expect.arrayContaining(['plannedEndPassed', 'startedLateUnfinished']) });
    expect(byWbs(s, '4.2')).toMatchObject({ status: 'atRisk', reasons: ['behindPlan', 'predecessorLate'] });
    expect(byWbs(s, '2.3').status).toBe('onTrack');
    expect(byWbs(s, '1.1').status).toBe('done');
    expect(byWbs(s, '7.3')).toMatchObject({ status: 'notStarted', milestone: true });
    expect(s.late).toBe(s.list.filter((t) => t.status === 'late').length);
    expect(s.late).toBeGreaterThan(0);
    expect(s.atRisk).toBeGreaterThan(0);
    expect(s.progressPct).toBeGreaterThan(20);
    expect(s.progressPct).toBeLessThan(60);

    const d = (await viewer.post<ScheduleDetail>(SCHEDULE.detail.path, { projectId: demo, taskId: byWbs(s, '3.2').taskId })).body.data!;
    expect(d.parent?.wbs).toBe('3');
    expect(d.predecessors.map((t) => t.wbs)).toEqual(['3.1']);
    expect(d.successors.map((t) => t.wbs)).toEqual(['3.3', '4.2']);
    expect((await viewer.post<ScheduleDetail>(SCHEDULE.detail.path, { projectId: demo, taskId: byWbs(s, '2').taskId })).body.data!.children.map((t) => t.wbs)).toEqual(['2.1', '2.2', '2.3', '2.4']);
    expect((await viewer.post(SCHEDULE.detail.path, { projectId: demo, taskId: 999_999 })).body.errorCode).toBe('NOT_FOUND');
  });

  it("counts the project's work days from its start date and plans them from the profile", async () => {
    const w = (await viewer.post<ScheduleWorkDays>(SCHEDULE.workDays.path, { projectId: demo })).body.data!;
    // the demo started 420 days before seeding, four years (1460 days) planned
    expect(w).toMatchObject({ plannedDays: 1460 });
    expect(w.workedDays).toBeGreaterThanOrEqual(420);
    expect(w.workedDays).toBeLessThanOrEqual(422);
    expect(w.remainingDays).toBe(1460 - w.workedDays!);
  });

  it('refuses a non-member (403) and a viewer who would write', async () => {
    expect((await bridge.post(SCHEDULE.simple.path, { projectId: demo })).status).toBe(403);
    expect((await download(SCHEDULE.export.path, bridge)).status).toBe(403);
    const task = { wbs: '9', name: 'Viewer task', plannedStart: '2026-01-01', plannedEnd: '2026-01-02', progressPct: 0 };
    expect((await viewer.post(SCHEDULE.save.path, { projectId: demo, task })).status).toBe(403);
    expect((await viewer.post(SCHEDULE.delete.path, { projectId: demo, taskIds: [1] })).status).toBe(403);
    expect((await simple()).total).toBe(29);
  });

  it('adds, edits and deletes a task; refuses a cycle, a repeated WBS and bad dates; audited', async () => {
    const s = await simple();
    const lining = byWbs(s, '4.1');
    const task = { wbs: '4.3', name: 'Cable trough', parentId: byWbs(s, '4').taskId, plannedStart: lining.plannedStart, plannedEnd: lining.plannedEnd, progressPct: 0, predecessorIds: [lining.taskId] };
    const saved = await admin.post<ScheduleTask>(SCHEDULE.save.path, { projectId: demo, task });
    expect(saved.status).toBe(200);
    const added = saved.body.data!;
    expect(added).toMatchObject({ ...task, actualStart: null, responsibleUnit: '', milestone: false, updatedBy: 'admin' });

    // 4.1 waiting for 4.3, which waits for 4.1
    const { taskId: _id, summary: _sm, status: _s, reasons: _r, plannedPct: _p, updatedBy: _b, updatedAtMs: _u, ...liningFields } = lining;
    const cycle = await admin.post(SCHEDULE.save.path, { projectId: demo, taskId: lining.taskId, task: { ...liningFields, predecessorIds: [added.taskId] } });
    expect(cycle.body.errorMessage).toBe('task.predecessorIds: the dependencies would make a cycle: 4.1 → 4.3 → 4.1');
    expect(cycle.body.errorCode).toBe('VALIDATION');
    expect((await admin.post(SCHEDULE.save.path, { projectId: demo, task: { ...task, wbs: '4.1' } })).body.errorCode).toBe('CONFLICT');
    expect((await admin.post(SCHEDULE.save.path, { projectId: demo, task: { ...task, wbs: '4.4', plannedEnd: '2000-01-01' } })).body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'task.plannedEnd: the planned end is before the planned start' });
    expect((await admin.post(SCHEDULE.save.path, { projectId: demo, task: { ...task, wbs: '4.4', predecessorIds: [999_999] } })).body.errorMessage).toBe('task.predecessorIds: no task 999999 in this schedule');

    const edited = await admin.post<ScheduleTask>(SCHEDULE.save.path, { projectId: demo, taskId: added.taskId, task: { ...task, progressPct: 100, actualStart: task.plannedStart, actualEnd: task.plannedStart } });
    expect(edited.body.data).toMatchObject({ taskId: added.taskId, progressPct: 100, status: 'done' });
    expect((await simple()).total).toBe(30);

    expect((await admin.post(SCHEDULE.delete.path, { projectId: demo, taskIds: [added.taskId] })).body.data).toEqual({ deleted: 1 });
    expect((await simple()).total).toBe(29);
    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, q: 'schedule' });
    expect(audit.body.data!.rows.map((r) => r.action)).toEqual(['schedule.delete', 'schedule.save', 'schedule.save']);
  });

  it('exports the schedule as .xlsx that imports as it is; refuses a sheet with a bad row whole, naming the rows', async () => {
    const before = await simple();
    const res = await download(SCHEDULE.export.path);
    expect(res.status).toBe(200);
    const exported = Buffer.from(await res.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported as unknown as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).values).toEqual(expect.arrayContaining(['WBS', 'Name', 'Planned start', 'Planned end', 'Actual start', 'Actual end', 'Progress %', 'Predecessors (WBS)']));
    expect(book.worksheets[0].rowCount).toBe(1 + 29);

    const template = await download(SCHEDULE.importTemplate.path, viewer);
    expect(template.status).toBe(200);

    const sheetOf = async (rows: unknown[][]) => {
      const b = new ExcelJS.Workbook();
      const s = b.addWorksheet('s');
      s.addRow(['WBS编码', '任务名称', '计划开始', '计划完成', '实际开始', '实际完成', '进度', '前置任务']);
      for (const r of rows) s.addRow(r);
      return Buffer.from(await b.xlsx.writeBuffer()).toString('base64');
    };
    const bad = await admin.post<ScheduleImportResult>(SCHEDULE.import.path, {
      projectId: demo,
      contentBase64: await sheetOf([
        ['1', 'Portal', '2026-01-01', '2026-02-01', '', '', 0, ''],
        ['1.1', 'Slope', '2026-01-01', '2025-12-01', '', '', 0, ''],
        ['1.2', 'Pipe roof', '2026-01-01', '2026-01-20', '', '', 'half', '1.1'],
      ]),
    });
    expect(bad.body.data).toEqual({
      imported: 0,
      problems: [
        { row: 3, field: 'plannedEnd', message: 'the planned end is before the planned start' },
        { row: 4, field: 'progressPct', message: expect.any(String) },
      ],
    });
    const cyclic = await admin.post<ScheduleImportResult>(SCHEDULE.import.path, {
      projectId: demo,
      contentBase64: await sheetOf([
        ['2.1', 'A', new Date(Date.UTC(2026, 0, 1)), '2026-01-10', '', '', 0, '2.2'],
        ['2.2', 'B', '2026-01-11', '2026-01-20', '', '', 0, '2.1'],
      ]),
    });
    expect(cyclic.body.data!.problems).toEqual([{ row: 2, field: 'predecessors', message: 'the dependencies would make a cycle: 2.1 → 2.2 → 2.1' }]);
    expect((await simple()).list).toEqual(before.list);
    expect((await viewer.post(SCHEDULE.import.path, { projectId: demo, contentBase64: exported.toString('base64') })).status).toBe(403);

    const again = await admin.post<ScheduleImportResult>(SCHEDULE.import.path, { projectId: demo, contentBase64: exported.toString('base64') });
    expect(again.body.data).toEqual({ imported: 29, problems: [] });
    const after = await simple();
    const shape = (s: ScheduleSimple) => s.list.map(({ taskId: _t, parentId, predecessorIds, updatedAtMs: _u, updatedBy: _b, ...t }) => ({ ...t, parent: s.list.find((p) => p.taskId === parentId)?.wbs ?? null, predecessors: predecessorIds.map((id) => s.list.find((p) => p.taskId === id)!.wbs) }));
    expect(shape(after)).toEqual(shape(before));
  });

  it('imports a plan saved from Microsoft Project as XML: baseline dates, links, milestones; a broken file changes nothing', async () => {
    const before = await simple();
    const saved = Buffer.from(await (await download(SCHEDULE.export.path)).arrayBuffer()).toString('base64');
    const broken = await admin.post<ScheduleImportResult>(SCHEDULE.import.path, { projectId: demo, contentBase64: Buffer.from(MS_PROJECT_PLAN_XML.slice(0, 900)).toString('base64') });
    expect(broken.body.data).toMatchObject({ imported: 0, problems: [{ row: 0, field: 'file', message: expect.stringContaining('not well-formed XML') }] });
    expect((await simple()).list).toEqual(before.list);

    const r = await admin.post<ScheduleImportResult>(SCHEDULE.import.path, { projectId: demo, contentBase64: Buffer.from(MS_PROJECT_PLAN_XML).toString('base64') });
    expect(r.body.data).toEqual({ imported: 6, problems: [] });
    const after = await simple();
    const wbsOf = (id: number | null) => after.list.find((t) => t.taskId === id)?.wbs ?? null;
    expect(after.list.map((t) => [t.wbs, t.name, wbsOf(t.parentId), t.predecessorIds.map(wbsOf)])).toEqual([
      ['1', 'Portal works', null, []],
      ['1.1', 'Slope protection', '1', []],
      ['1.2', 'Portal arch', '1', ['1.1']],
      ['2', 'Excavation & support', null, []],
      ['2.1', 'Left bore K13+630–K14+200', '2', ['1.2']],
      ['2.2', 'Breakthrough', '2', ['2.1']],
    ]);
    expect(byWbs(after, '1.1')).toMatchObject({ plannedEnd: '2026-03-09', actualEnd: '2026-03-10', progressPct: 100 });
    expect(byWbs(after, '2.1')).toMatchObject({ plannedStart: '2026-03-21', plannedEnd: '2026-06-20', actualStart: '2026-03-23', actualEnd: null, progressPct: 20 });
    expect(byWbs(after, '2.2')).toMatchObject({ milestone: true, plannedStart: '2026-06-30' });
    // the summary tasks roll up from the tasks under them, as for a sheet
    expect(byWbs(after, '1')).toMatchObject({ summary: true, plannedStart: '2026-03-02', plannedEnd: '2026-03-20' });

    // the demo's own schedule back, for the tests after this one
    expect((await admin.post<ScheduleImportResult>(SCHEDULE.import.path, { projectId: demo, contentBase64: saved })).body.data).toEqual({ imported: before.list.length, problems: [] });
  });

  it('answers summary tasks rolled up from their children, nested, and judges them on those values', async () => {
    const save = async (task: Record<string, unknown>, taskId?: number) => {
      const r = await admin.post<ScheduleTask>(SCHEDULE.save.path, { projectId: demo, ...(taskId ? { taskId } : {}), task });
      expect(r.status).toBe(200);
      return r.body.data!;
    };
    // the group's own stored values say done; its children say otherwise
    const group = await save({ wbs: '9', name: 'Ventilation', plannedStart: '2020-01-01', plannedEnd: '2020-01-02', actualStart: '2020-01-01', actualEnd: '2020-01-02', progressPct: 100 });
    expect(group).toMatchObject({ summary: false, status: 'done' });
    await save({ wbs: '9.1', name: 'Fans', parentId: group.taskId, plannedStart: '2020-01-01', plannedEnd: '2020-01-10', actualStart: '2020-01-01', actualEnd: '2020-01-10', progressPct: 100 });
    const ducts = await save({ wbs: '9.2', name: 'Ducts', parentId: group.taskId, plannedStart: '2020-01-01', plannedEnd: '2020-01-01', progressPct: 0 });
    await save({ wbs: '9.2.1', name: 'Left duct', parentId: ducts.taskId, plannedStart: '2020-01-11', plannedEnd: '2020-01-30', actualStart: '2020-01-12', progressPct: 50 });
    await save({ wbs: '9.2.2', name: 'Right duct', parentId: ducts.taskId, plannedStart: '2020-01-21', plannedEnd: '2020-01-30', progressPct: 0 });

    const s = await simple(viewer);
    // ducts: 20 days at 50 %, 10 at 0 %, spanning 01-11..01-30 (20 days); the group: 10 days at 100, 20 at 33.3…
    expect(byWbs(s, '9.2')).toMatchObject({ summary: true, plannedStart: '2020-01-11', plannedEnd: '2020-01-30', actualStart: '2020-01-12', actualEnd: null, progressPct: 33.3, status: 'late' });
    expect(byWbs(s, '9')).toMatchObject({ summary: true, plannedStart: '2020-01-01', plannedEnd: '2020-01-30', actualStart: '2020-01-01', actualEnd: null, progressPct: 55.6, status: 'late' });
    expect(byWbs(s, '9.1')).toMatchObject({ summary: false, progressPct: 100, status: 'done' });
    const detail = (await viewer.post<ScheduleDetail>(SCHEDULE.detail.path, { projectId: demo, taskId: group.taskId })).body.data!;
    expect(detail.task).toEqual(byWbs(s, '9'));
    expect(detail.children.map((c) => [c.wbs, c.progressPct])).toEqual([['9.1', 100], ['9.2', 33.3]]);
    // the home's overall progress weighs the top-level tasks, the group among them, by their rolled-up days
    const top = s.list.filter((t) => t.parentId === null);
    const days = (t: ScheduleTask) => (Date.parse(t.plannedEnd) - Date.parse(t.plannedStart)) / 86_400_000 + 1;
    expect(s.progressPct).toBeCloseTo(top.reduce((n, t) => n + days(t) * t.progressPct, 0) / top.reduce((n, t) => n + days(t), 0), 0);

    // every child finished: the group ends with its last child, done
    const left = byWbs(s, '9.2.1');
    await save({ wbs: '9.2.1', name: 'Left duct', parentId: ducts.taskId, plannedStart: '2020-01-11', plannedEnd: '2020-01-30', actualStart: left.actualStart, actualEnd: '2020-02-03', progressPct: 100 }, left.taskId);
    await save({ wbs: '9.2.2', name: 'Right duct', parentId: ducts.taskId, plannedStart: '2020-01-21', plannedEnd: '2020-01-30', actualStart: '2020-01-22', actualEnd: '2020-01-29', progressPct: 100 }, byWbs(s, '9.2.2').taskId);
    const done = await simple();
    expect(byWbs(done, '9')).toMatchObject({ actualEnd: '2020-02-03', progressPct: 100, status: 'done' });
    expect(byWbs(done, '9.2')).toMatchObject({ actualStart: '2020-01-12', actualEnd: '2020-02-03', status: 'done' });

    expect((await admin.post(SCHEDULE.delete.path, { projectId: demo, taskIds: [group.taskId] })).body.data).toEqual({ deleted: 5 });
    expect((await simple()).total).toBe(29);
  });

  it('keeps the schedule across a restart', async () => {
    const before = await simple();
    await server.close();
    ({ server, admin, bridge } = await startServerWithUsers({ DATA_DIR: dir }));
    expect((await simple()).list).toEqual(before.list);
  });
});
