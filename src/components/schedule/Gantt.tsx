import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { dateOfDay, dayNumber, type ScheduleTask, type TaskStatus } from '../../../protocol';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { ganttSpan, ganttTicks, PX_PER_DAY, xOfDate, type GanttScale } from './ganttScale';

/** Height of a task row in px (the table beside the chart uses the same). */
export const GANTT_ROW_PX = 34;
/** Height of the header (the scale) in px. */
export const GANTT_HEADER_PX = 44;
/**
 * Text size of the Gantt (scale labels, marks, today) in px: the task table's beside it, so both read alike
 * and grow together with the screen's zoom (src/app/shell/screenZoom.ts) on a 4K screen.
 */
export const GANTT_FONT_PX = 14;
/** Width of a scale label's character at GANTT_FONT_PX, px (digits and `-`, a little generous). */
export const GANTT_TICK_CHAR_PX = GANTT_FONT_PX * 0.62;

/** The words of the statuses (shown in the table and beside a late or at-risk bar). */
export const TASK_STATUS_LABEL: Record<TaskStatus, MessageDescriptor> = {
  done: msg`Done`,
  late: msg`Late`,
  atRisk: msg`At risk`,
  onTrack: msg`On track`,
  notStarted: msg`Not started`,
};

/** The colour of a status: late red, at risk amber, done green, the rest the brand colour. */
export function statusColor(s: TaskStatus): string {
  return s === 'late' ? STATUS_COLOR.alarm : s === 'atRisk' ? STATUS_COLOR.warning : s === 'done' ? STATUS_COLOR.online : SCREEN.brand;
}

/**
 * The schedule's Gantt, drawn as SVG: the scale (day, week or month), per task a planned bar with its progress
 * filled in and the actual bar beneath it (to today while unfinished), a summary task (rolled up from its
 * children, docs/domain.md "Project schedule") as a bracket over its span, a milestone as a diamond, arrows from
 * each predecessor's planned end to its successor's planned start, the today line, and late (red) and at-risk
 * (amber) bars marked with the word too. Rows follow `tasks`' order, {@link GANTT_ROW_PX} each.
 */
export function Gantt({ tasks, today, scale }: { tasks: readonly ScheduleTask[]; today: string; scale: GanttScale }) {
  const { i18n } = useLingui();
  const span = ganttSpan(tasks, today, scale);
  const width = span.days * PX_PER_DAY[scale];
  const height = GANTT_HEADER_PX + tasks.length * GANTT_ROW_PX;
  const x = (d: string) => xOfDate(d, span, scale);
  const xEnd = (d: string) => x(d) + PX_PER_DAY[scale];
  const rowOf = new Map(tasks.map((t, i) => [t.taskId, i] as const));
  const yMid = (i: number) => GANTT_HEADER_PX + i * GANTT_ROW_PX + GANTT_ROW_PX / 2;
  const todayX = x(today) + PX_PER_DAY[scale] / 2;
  // a tick whose label would run past the chart's end draws its line only (its text would be cut)
  const ticks = ganttTicks(span, scale).map((tk) => ({ ...tk, label: tk.offsetDays * PX_PER_DAY[scale] + 3 + tk.label.length * GANTT_TICK_CHAR_PX <= width ? tk.label : '' }));

  return (
    <svg width={width} height={height} role="img" aria-label={i18n._(msg`Gantt chart`)} data-gantt style={{ display: 'block', fontSize: GANTT_FONT_PX, fontFamily: 'inherit' }}>
      <defs>
        <marker id="gantt-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L8,4 L0,8 z" fill={SCREEN.textMuted} />
        </marker>
      </defs>
      {ticks.map((tk) => (
        <g key={tk.offsetDays}>
          <line x1={tk.offsetDays * PX_PER_DAY[scale]} x2={tk.offsetDays * PX_PER_DAY[scale]} y1={tk.major ? 0 : GANTT_HEADER_PX / 2} y2={height} stroke={SCREEN.panelBorder} strokeWidth={tk.major ? 1.5 : 1} />
          {tk.label ? (
            <text x={tk.offsetDays * PX_PER_DAY[scale] + 3} y={GANTT_HEADER_PX - 8} fill={tk.major ? SCREEN.text : SCREEN.textMuted} fontWeight={tk.major ? 600 : undefined} data-tick={tk.label}>
              {tk.label}
            </text>
          ) : null}
        </g>
      ))}
      {tasks.map((t, i) => {
        const color = statusColor(t.status);
        const top = GANTT_HEADER_PX + i * GANTT_ROW_PX;
        const mark = t.status === 'late' || t.status === 'atRisk' ? i18n._(TASK_STATUS_LABEL[t.status]) : null;
        const actualEnd = t.actualEnd ?? (t.actualStart !== null && t.actualStart <= today ? today : null);
        const right = Math.max(xEnd(t.plannedEnd), t.actualStart !== null && actualEnd !== null ? xEnd(actualEnd) : 0);
        // the late / at-risk word beside the bar, and the grey bar of the actual span under it
        const markAt = (mx: number, my: number) =>
          mark ? (
            <text x={mx} y={my} fill={color} fontWeight={700} data-mark={t.status}>
              {mark}
            </text>
          ) : null;
        const actualBar = (y: number, h: number) =>
          t.actualStart !== null && actualEnd !== null ? <rect x={x(t.actualStart)} y={y} width={xEnd(actualEnd) - x(t.actualStart)} height={h} fill={SCREEN.textMuted} opacity={0.8} rx={2} /> : null;
        if (t.milestone) {
          const cx = x(t.plannedEnd) + PX_PER_DAY[scale] / 2;
          const cy = yMid(i);
          return (
            <g key={t.taskId} data-gantt-task={t.wbs} data-status={t.status}>
              <path d={`M${cx},${cy - 9} L${cx + 9},${cy} L${cx},${cy + 9} L${cx - 9},${cy} z`} fill={t.status === 'done' ? color : 'none'} stroke={color} strokeWidth={2} />
              {markAt(cx + 14, cy + 5)}
            </g>
          );
        }
        const px = x(t.plannedStart);
        const pw = xEnd(t.plannedEnd) - px;
        if (t.summary) {
          // a bracket over the children's span: a bar with a hook down at each end, progress filled
          const tip = Math.min(7, pw / 2);
          return (
            <g key={t.taskId} data-gantt-task={t.wbs} data-status={t.status} data-summary>
              <rect x={px} y={top + 5} width={pw} height={8} fill={color} opacity={0.3} />
              <rect x={px} y={top + 5} width={(pw * t.progressPct) / 100} height={8} fill={color} data-progress={t.progressPct} />
              <path d={`M${px},${top + 5} h${tip} v8 L${px},${top + 20} z M${px + pw},${top + 5} h${-tip} v8 L${px + pw},${top + 20} z`} fill={color} />
              {actualBar(top + 23, 5)}
              {markAt(right + 6, top + 17)}
            </g>
          );
        }
        return (
          <g key={t.taskId} data-gantt-task={t.wbs} data-status={t.status}>
            <rect x={px} y={top + 5} width={pw} height={12} fill="none" stroke={color} strokeWidth={1.5} rx={2} />
            <rect x={px} y={top + 5} width={(pw * t.progressPct) / 100} height={12} fill={color} opacity={0.85} rx={2} data-progress={t.progressPct} />
            {actualBar(top + 20, 7)}
            {markAt(right + 6, top + 17)}
          </g>
        );
      })}
      {tasks.flatMap((t) =>
        t.predecessorIds.flatMap((p) => {
          const from = rowOf.get(p);
          const to = rowOf.get(t.taskId)!;
          if (from === undefined) return [];
          const pred = tasks[from];
          const x1 = xEnd(pred.plannedEnd);
          const x2 = x(t.plannedStart);
          const y1 = yMid(from) - 6;
          const y2 = yMid(to) - 6;
          const bend = Math.max(x1 + 6, Math.min(x2 - 6, x1 + 12));
          return [<path key={`${p}-${t.taskId}`} d={`M${x1},${y1} H${bend} V${y2} H${Math.max(x2, bend + 4)}`} fill="none" stroke={SCREEN.textMuted} strokeWidth={1} markerEnd="url(#gantt-arrow)" data-arrow={`${pred.wbs}>${t.wbs}`} />];
        }),
      )}
      <line x1={todayX} x2={todayX} y1={0} y2={height} stroke={STATUS_COLOR.alarm} strokeWidth={1.5} strokeDasharray="5 3" data-today={today} />
      {/* on the header's top line, above the scale's labels, left of the line (the chart usually scrolls to end near today: on its right the label ran out of view); right of it only at the chart's start */}
      <text x={todayX + (todayX < GANTT_FONT_PX * 7 ? 4 : -4)} y={GANTT_FONT_PX + 1} textAnchor={todayX < GANTT_FONT_PX * 7 ? 'start' : 'end'} fill={STATUS_COLOR.alarm}>
        {i18n._(msg`Today`)} {dateOfDay(dayNumber(today)).slice(5)}
      </text>
    </svg>
  );
}
