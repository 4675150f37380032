import { describe, expect, it } from 'vitest';
import { compareWbs, dependencyCycle, isLate, overallProgressPct, plannedProgressPct, rollUpSchedule, scheduleStatuses, taskGraphProblem, taskFieldsSchema, workDays, type JudgedTask } from './schedule';

const task = (taskId: number, t: Partial<JudgedTask> = {}): JudgedTask => ({
  taskId,
  plannedStart: '2026-03-01',
  plannedEnd: '2026-03-10',
  actualStart: null,
  actualEnd: null,
  progressPct: 0,
  predecessorIds: [],
  ...t,
});

describe('the late rule', () => {
  it('is late once the planned end has passed without 100 %, not on the planned end day itself', () => {
    expect(isLate(task(1, { actualStart: '2026-03-01', progressPct: 90 }), '2026-03-10')).toBe(false);
    expect(isLate(task(1, { actualStart: '2026-03-01', progressPct: 90 }), '2026-03-11')).toBe(true);
    expect(isLate(task(1, { actualStart: '2026-03-01', actualEnd: '2026-03-12', progressPct: 100 }), '2026-03-20')).toBe(false);
  });

  it('is late when it started after its planned start and has not finished, until it does', () => {
    expect(scheduleStatuses([task(1, { actualStart: '2026-03-03', progressPct: 50 })], '2026-03-05').get(1)).toMatchObject({ status: 'late', reasons: ['startedLateUnfinished'] });
    expect(isLate(task(1, { actualStart: '2026-03-01', progressPct: 50 }), '2026-03-05')).toBe(false);
    expect(scheduleStatuses([task(1, { actualStart: '2026-03-03', actualEnd: '2026-03-09', progressPct: 100 })], '2026-03-20').get(1)!.status).toBe('done');
  });
});

describe('the at-risk rule', () => {
  it('is at risk when more than 10 points behind the linear planned progress, not at 10', () => {
    // day 5 of 10: planned 50 %
    expect(plannedProgressPct(task(1), '2026-03-05')).toBe(50);
    expect(scheduleStatuses([task(1, { actualStart: '2026-03-01', progressPct: 40 })], '2026-03-05').get(1)!.status).toBe('onTrack');
    expect(scheduleStatuses([task(1, { actualStart: '2026-03-01', progressPct: 39 })], '2026-03-05').get(1)).toMatchObject({ status: 'atRisk', reasons: ['behindPlan'], plannedPct: 50 });
  });

  it('is at risk when a predecessor is late, though on plan itself', () => {
    const pred = task(1, { plannedEnd: '2026-03-04', actualStart: '2026-03-01', progressPct: 80 });
    const next = task(2, { plannedStart: '2026-03-05', plannedEnd: '2026-03-20', predecessorIds: [1] });
    const s = scheduleStatuses([pred, next], '2026-03-05');
    expect(s.get(1)!.status).toBe('late');
    expect(s.get(2)).toMatchObject({ status: 'atRisk', reasons: ['predecessorLate'] });
  });

  it('is not started before its planned start with nothing done, and late wins over at risk', () => {
    expect(scheduleStatuses([task(1)], '2026-02-20').get(1)).toMatchObject({ status: 'notStarted', plannedPct: 0 });
    expect(scheduleStatuses([task(1, { progressPct: 10 })], '2026-03-15').get(1)).toMatchObject({ status: 'late', reasons: ['plannedEndPassed'] });
  });
});

describe('dependency checks', () => {
  it('finds a cycle and names its tasks; a chain or a diamond is none', () => {
    expect(dependencyCycle([task(1), task(2, { predecessorIds: [1] }), task(3, { predecessorIds: [1] }), task(4, { predecessorIds: [2, 3] })])).toBeNull();
    expect(dependencyCycle([task(1, { predecessorIds: [3] }), task(2, { predecessorIds: [1] }), task(3, { predecessorIds: [2] })])).toEqual([1, 3, 2, 1]);
  });

  it('words the first problem of a schedule by WBS: unknown, self, a parent loop, a cycle', () => {
    const t = (taskId: number, wbs: string, parentId: number | null, predecessorIds: number[]) => ({ taskId, wbs, parentId, predecessorIds });
    expect(taskGraphProblem([t(1, '1', null, []), t(2, '1.1', 1, [])])).toBeNull();
    expect(taskGraphProblem([t(1, '1', null, [9])])).toMatchObject({ field: 'predecessorIds', message: 'no task 9 in this schedule' });
    expect(taskGraphProblem([t(1, '1', null, [1])])).toMatchObject({ field: 'predecessorIds', message: 'a task cannot be its own predecessor' });
    expect(taskGraphProblem([t(1, '1', 2, []), t(2, '2', 1, [])])).toMatchObject({ field: 'parentId' });
    expect(taskGraphProblem([t(1, '2.1', null, [2]), t(2, '2.2', null, [1])])).toEqual({ taskId: 1, field: 'predecessorIds', message: 'the dependencies would make a cycle: 2.1 → 2.2 → 2.1' });
  });
});

describe('schedule figures', () => {
  it('weighs overall progress by planned days of the top-level tasks, rolled up', () => {
    const t = (taskId: number, parentId: number | null, plannedEnd: string, progressPct: number) => ({ taskId, parentId, plannedStart: '2026-03-01', plannedEnd, actualStart: null, actualEnd: null, progressPct });
    // the group is 10 days at 100 % and 30 days at 0 %: 25 %; its own stored 50 % does not count
    expect(overallProgressPct([t(1, null, '2026-03-30', 50), t(2, 1, '2026-03-10', 100), t(3, 1, '2026-03-30', 0)])).toBe(25);
    // beside it a 10-day task at 100 %: (30 × 25 + 10 × 100) / 40
    expect(overallProgressPct([t(1, null, '2026-03-30', 50), t(2, 1, '2026-03-10', 100), t(3, 1, '2026-03-30', 0), t(4, null, '2026-03-10', 100)])).toBe(43.8);
    expect(overallProgressPct([])).toBeNull();
  });

  it('counts work days from the start date, both ends included, and plans from the design duration first', () => {
    const noonBeijing = Date.parse('2026-03-10T04:00:00Z');
    expect(workDays('2026-03-01', '2026-12-31', 400, noonBeijing)).toEqual({ startDate: '2026-03-01', plannedEndDate: '2026-12-31', workedDays: 10, plannedDays: 400, remainingDays: 390 });
    expect(workDays('2026-03-01', '2026-03-31', null, noonBeijing).plannedDays).toBe(31);
    expect(workDays('2026-04-01', null, null, noonBeijing)).toMatchObject({ workedDays: 0, plannedDays: null, remainingDays: null });
    expect(workDays(null, null, null, noonBeijing).workedDays).toBeNull();
  });

  it('orders WBS codes part by part', () => {
    expect(['1.10', '2', '1.2', '1'].sort(compareWbs)).toEqual(['1', '1.2', '1.10', '2']);
  });

  it('refuses task fields that contradict themselves', () => {
    const base = { wbs: '1.1', name: 'Lining', plannedStart: '2026-03-01', plannedEnd: '2026-03-10', progressPct: 50 };
    expect(taskFieldsSchema.safeParse(base).success).toBe(true);
    expect(taskFieldsSchema.safeParse({ ...base, plannedEnd: '2026-02-28' }).error?.issues[0].path).toEqual(['plannedEnd']);
    expect(taskFieldsSchema.safeParse({ ...base, actualStart: '2026-03-01', actualEnd: '2026-03-05' }).error?.issues[0].path).toEqual(['progressPct']);
    expect(taskFieldsSchema.safeParse({ ...base, wbs: '1..2' }).success).toBe(false);
    expect(taskFieldsSchema.safeParse({ ...base, progressPct: 101 }).success).toBe(false);
  });
});

describe('the roll-up of summary tasks', () => {
  type T = Parameters<typeof rollUpSchedule>[0][number];
  const t = (taskId: number, parentId: number | null, f: Partial<T> = {}): T => ({ taskId, parentId, plannedStart: '2026-01-01', plannedEnd: '2026-01-01', actualStart: null, actualEnd: null, progressPct: 0, ...f });
  const byId = (tasks: readonly T[]) => new Map(rollUpSchedule(tasks).map((x) => [x.taskId, x] as const));

  it('spans its children, starts with the first and weighs progress by their planned calendar days', () => {
    const r = byId([
      // stored values of the summary are not read
      t(1, null, { plannedStart: '2025-06-01', plannedEnd: '2027-01-01', progressPct: 90, actualStart: '2025-06-01' }),
      t(2, 1, { plannedStart: '2026-03-01', plannedEnd: '2026-03-10', actualStart: '2026-03-03', progressPct: 100, actualEnd: '2026-03-12' }),
      t(3, 1, { plannedStart: '2026-03-05', plannedEnd: '2026-04-03', actualStart: '2026-03-02', progressPct: 20 }),
      t(4, 1, { plannedStart: '2026-04-01', plannedEnd: '2026-04-10' }),
    ]);
    // 10 days at 100, 30 at 20, 10 at 0: 1600 / 50
    expect(r.get(1)).toEqual({ taskId: 1, parentId: null, plannedStart: '2026-03-01', plannedEnd: '2026-04-10', actualStart: '2026-03-02', actualEnd: null, progressPct: 32, summary: true });
    expect(r.get(3)).toMatchObject({ plannedStart: '2026-03-05', progressPct: 20, summary: false });
  });

  it('has no actual start while no child started, and an actual end only once every child has one', () => {
    const open = byId([t(1, null), t(2, 1, { plannedEnd: '2026-01-05' }), t(3, 1, { plannedStart: '2026-01-03', plannedEnd: '2026-01-04' })]).get(1)!;
    expect(open).toMatchObject({ plannedStart: '2026-01-01', plannedEnd: '2026-01-05', actualStart: null, actualEnd: null, progressPct: 0 });
    const finished = (a: string, b: string) => ({ actualStart: a, actualEnd: b, progressPct: 100 });
    const oneOpen = byId([t(1, null), t(2, 1, finished('2026-01-01', '2026-01-09')), t(3, 1, { actualStart: '2026-01-02', progressPct: 99 })]).get(1)!;
    expect(oneOpen).toMatchObject({ actualStart: '2026-01-01', actualEnd: null, progressPct: 99.5 });
    const allDone = byId([t(1, null), t(2, 1, finished('2026-01-01', '2026-01-09')), t(3, 1, finished('2026-01-02', '2026-01-07'))]).get(1)!;
    expect(allDone).toMatchObject({ actualStart: '2026-01-01', actualEnd: '2026-01-09', progressPct: 100 });
  });

  it('rolls nested levels up recursively, weighing a sub-summary by its rolled-up span', () => {
    const r = byId([
      t(1, null),
      t(2, 1),
      t(3, 2, { plannedStart: '2026-01-01', plannedEnd: '2026-01-10', progressPct: 100, actualStart: '2026-01-01', actualEnd: '2026-01-10' }),
      t(4, 2, { plannedStart: '2026-01-11', plannedEnd: '2026-01-20', progressPct: 0 }),
      t(5, 1, { plannedStart: '2026-01-21', plannedEnd: '2026-01-30', progressPct: 50, actualStart: '2026-01-21' }),
    ]);
    expect(r.get(2)).toMatchObject({ plannedStart: '2026-01-01', plannedEnd: '2026-01-20', progressPct: 50, actualStart: '2026-01-01', actualEnd: null, summary: true });
    // 20 days at 50, 10 at 50
    expect(r.get(1)).toMatchObject({ plannedStart: '2026-01-01', plannedEnd: '2026-01-30', progressPct: 50, actualStart: '2026-01-01', actualEnd: null, summary: true });
    expect(overallProgressPct([...r.values()])).toBe(50);
  });

  it('judges a summary task on its rolled-up values', () => {
    // the child is late (planned end passed); the summary's own stored 100 % would have made it done
    const rolled = rollUpSchedule([t(1, null, { progressPct: 100, actualStart: '2026-01-01', actualEnd: '2026-01-01' }), t(2, 1, { plannedEnd: '2026-01-05', actualStart: '2026-01-01', progressPct: 40 })]);
    const s = scheduleStatuses(rolled.map((x) => ({ ...x, predecessorIds: [] })), '2026-01-08');
    expect(s.get(1)).toMatchObject({ status: 'late', reasons: ['plannedEndPassed'] });
  });

  it('leaves a parent loop as it is rather than recursing for ever', () => {
    expect(() => rollUpSchedule([t(1, 2, { progressPct: 10 }), t(2, 1, { progressPct: 30 })])).not.toThrow();
  });
});
