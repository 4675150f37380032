import { describe, expect, it } from 'vitest';
import type { ScheduleTask } from '../../../protocol';
import { renderWithApp, testRoot } from '../../test/render';
import { GANTT_FONT_PX, GANTT_TICK_CHAR_PX, Gantt } from './Gantt';
import { PX_PER_DAY } from './ganttScale';

const task = (taskId: number, wbs: string, f: Partial<ScheduleTask> = {}): ScheduleTask => ({
  taskId,
  wbs,
  name: wbs,
  parentId: null,
  plannedStart: '2026-03-01',
  plannedEnd: '2026-03-10',
  actualStart: null,
  actualEnd: null,
  progressPct: 0,
  predecessorIds: [],
  responsibleUnit: '',
  milestone: false,
  summary: false,
  status: 'onTrack',
  reasons: [],
  plannedPct: 0,
  updatedBy: '',
  updatedAtMs: 0,
  ...f,
});

describe('the Gantt', () => {
  it('draws a summary task as a bracket over its span with its progress, a task as a bar', async () => {
    const tasks = [task(1, '1', { summary: true, plannedEnd: '2026-03-20', progressPct: 25 }), task(2, '1.1', { parentId: 1, progressPct: 50 }), task(3, '1.2', { parentId: 1, plannedStart: '2026-03-11', plannedEnd: '2026-03-20' })];
    const { container } = await renderWithApp(<Gantt tasks={tasks} today="2026-03-05" scale="day" />, testRoot());
    const summary = container.querySelector('[data-gantt-task="1"]')!;
    expect(summary.hasAttribute('data-summary')).toBe(true);
    // 20 days at 22 px, a quarter filled
    expect(Number(summary.querySelector('[data-progress]')!.getAttribute('width'))).toBeCloseTo((20 * PX_PER_DAY.day) / 4);
    expect(container.querySelector('[data-gantt-task="1.1"]')!.hasAttribute('data-summary')).toBe(false);
  });

  it("writes its scale at the task table's text size", async () => {
    const { container } = await renderWithApp(<Gantt tasks={[task(1, '1')]} today="2026-03-05" scale="month" />, testRoot());
    expect(container.querySelector('svg[data-gantt]')!.getAttribute('style')).toContain(`font-size: ${GANTT_FONT_PX}px`);
    expect(container.querySelector('[data-tick="2026-03"]')).not.toBeNull();
  });

  it('ends far enough after today for the late word on the month scale, and writes no month label it would cut', async () => {
    // a plan that ended before today: its late task's bar runs to today, the word beside it
    const tasks = [task(1, '1', { plannedStart: '2026-03-21', plannedEnd: '2026-06-20', actualStart: '2026-03-23', status: 'late' })];
    const { container } = await renderWithApp(<Gantt tasks={tasks} today="2026-11-29" scale="month" />, testRoot());
    const width = Number(container.querySelector('svg[data-gantt]')!.getAttribute('width'));
    const todayX = Number(container.querySelector('[data-today]')!.getAttribute('x1'));
    expect(width - todayX).toBeGreaterThanOrEqual(70);
    for (const label of container.querySelectorAll('[data-tick]')) {
      expect(Number(label.getAttribute('x')) + (label.textContent ?? '').length * GANTT_TICK_CHAR_PX).toBeLessThanOrEqual(width);
    }
    expect([...container.querySelectorAll('[data-tick]')].map((l) => l.textContent)).toContain('2026-11');
  });
});
