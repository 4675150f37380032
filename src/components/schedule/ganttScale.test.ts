import { describe, expect, it } from 'vitest';
import { ganttSpan, ganttTicks, xOfDate } from './ganttScale';

const task = { plannedStart: '2026-03-02', plannedEnd: '2026-03-20', actualStart: '2026-03-03', actualEnd: null };

describe('Gantt scale', () => {
  it('spans a week either side of every date and today', () => {
    expect(ganttSpan([task], '2026-03-10', 'day').days).toBe(19 + 14);
    expect(ganttSpan([task], '2026-04-30', 'day').days).toBe(60 + 14);
    expect(xOfDate('2026-02-23', ganttSpan([task], '2026-03-10', 'day'), 'day')).toBe(0);
    expect(xOfDate('2026-03-02', ganttSpan([task], '2026-03-10', 'week'), 'week')).toBe(7 * 7);
  });

  it('leaves room after the last date for the late word on the narrow scales', () => {
    // a week after at 22 px a day; at 7 px, 11 days (77 px); at 2 px, 36 days (72 px)
    expect(ganttSpan([task], '2026-03-10', 'day').days).toBe(19 + 14);
    expect(ganttSpan([task], '2026-03-10', 'week').days).toBe(19 + 7 + 11);
    expect(ganttSpan([task], '2026-03-10', 'month').days).toBe(19 + 7 + 36);
    expect(ganttSpan([task], '2026-03-10', 'month').firstDay).toBe(ganttSpan([task], '2026-03-10', 'day').firstDay);
  });

  it('ticks days, Mondays and first days of months', () => {
    const span = ganttSpan([task], '2026-03-10', 'day');
    expect(ganttTicks(span, 'day')).toHaveLength(span.days);
    expect(ganttTicks(span, 'day').find((t) => t.major)?.label).toBe('1');
    // 2026-03-02 is a Monday
    expect(ganttTicks(span, 'week').map((t) => t.label)).toEqual(['02-23', '03-02', '03-09', '03-16', '03-23']);
    expect(ganttTicks(span, 'month').map((t) => t.label)).toEqual(['2026-03']);
  });
});
