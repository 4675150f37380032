import { dateOfDay, dayNumber, type ScheduleTask } from '../../../protocol';

/** The Gantt's time scales: pixels per day and how the header is ticked. */
export const GANTT_SCALES = ['day', 'week', 'month'] as const;
export type GanttScale = (typeof GANTT_SCALES)[number];

/** Pixels per day of each scale (a day label, a week's `MM-DD` and a month's `YYYY-MM` fit in 12 px text). */
export const PX_PER_DAY: Record<GanttScale, number> = { day: 22, week: 7, month: 2 };

/** Days of margin before the first and after the last date shown. */
const MARGIN_DAYS = 7;
/**
 * Pixels after the last date shown at the least: room for the late / at-risk word written beside a bar that
 * ends there (about 60 px of bold 14 px text) on any scale, where a week at 2 px a day is 14 px.
 */
const END_MARGIN_PX = 72;

/**
 * The days a Gantt spans on `scale`: from a week before the earliest date to a week after the latest (today
 * included), or further after it when a week is narrower than END_MARGIN_PX on that scale.
 */
export function ganttSpan(tasks: ReadonlyArray<Pick<ScheduleTask, 'plannedStart' | 'plannedEnd' | 'actualStart' | 'actualEnd'>>, today: string, scale: GanttScale): { firstDay: number; days: number } {
  let lo = dayNumber(today);
  let hi = lo;
  for (const t of tasks) {
    for (const d of [t.plannedStart, t.plannedEnd, t.actualStart, t.actualEnd]) {
      if (d === null) continue;
      const n = dayNumber(d);
      if (n < lo) lo = n;
      if (n > hi) hi = n;
    }
  }
  const after = Math.max(MARGIN_DAYS, Math.ceil(END_MARGIN_PX / PX_PER_DAY[scale]));
  return { firstDay: lo - MARGIN_DAYS, days: hi - lo + 1 + MARGIN_DAYS + after };
}

/** A tick of the header: its day (from the span's first day), its label, and whether it starts a month. */
export interface GanttTick {
  offsetDays: number;
  label: string;
  major: boolean;
}

/**
 * The header ticks of a span on a scale: every day (its day of month; months start major), every Monday
 * (`MM-DD`), or every first of a month (`YYYY-MM`; January major).
 */
export function ganttTicks(span: { firstDay: number; days: number }, scale: GanttScale): GanttTick[] {
  const out: GanttTick[] = [];
  for (let i = 0; i < span.days; i++) {
    const day = span.firstDay + i;
    const date = dateOfDay(day);
    const dom = date.slice(8, 10);
    if (scale === 'day') out.push({ offsetDays: i, label: String(Number(dom)), major: dom === '01' });
    // 1970-01-01 was a Thursday: day 4 a Monday
    else if (scale === 'week' && (((day - 4) % 7) + 7) % 7 === 0) out.push({ offsetDays: i, label: date.slice(5, 10), major: dom <= '07' });
    else if (scale === 'month' && dom === '01') out.push({ offsetDays: i, label: date.slice(0, 7), major: date.slice(5, 7) === '01' });
  }
  return out;
}

/** The x of the start of `date` (px from the span's left edge). */
export function xOfDate(date: string, span: { firstDay: number }, scale: GanttScale): number {
  return (dayNumber(date) - span.firstDay) * PX_PER_DAY[scale];
}
