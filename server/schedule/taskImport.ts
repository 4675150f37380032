import { MAX_SCHEDULE_TASKS, parentWbs, taskFieldsSchema, taskGraphProblem, type ImportProblem } from '../../protocol';
import { xlsxRows } from '../http/deviceImport';
import type { ImportedTask } from '../storage';
import { looksLikeXml, MSPDI_COLUMNS, readMsProjectXml } from './msProjectXml';

/**
 * The columns of a schedule sheet (docs/api.md "Project schedule"), the header each is written with in the
 * template and export first, then the other names a site's sheet may use (English or Chinese, matched
 * case-insensitively). `responsibleUnit` and `milestone` may be left out.
 */
export const SCHEDULE_HEADERS = {
  wbs: ['WBS', 'wbs code', 'WBS编码', '编码'],
  name: ['Name', 'task', 'task name', '任务名称', '名称'],
  plannedStart: ['Planned start', '计划开始', '计划开始日期'],
  plannedEnd: ['Planned end', 'planned finish', '计划完成', '计划结束', '计划完成日期'],
  actualStart: ['Actual start', '实际开始', '实际开始日期'],
  actualEnd: ['Actual end', 'actual finish', '实际完成', '实际结束', '实际完成日期'],
  progressPct: ['Progress %', 'progress', '进度', '完成百分比', '进度%'],
  predecessors: ['Predecessors (WBS)', 'predecessors', '前置任务'],
  responsibleUnit: ['Responsible unit', '责任单位'],
  milestone: ['Milestone', '里程碑'],
} as const;
type Column = keyof typeof SCHEDULE_HEADERS;
const OPTIONAL: ReadonlySet<Column> = new Set(['responsibleUnit', 'milestone']);

/** A cell as a date: `YYYY-MM-DD` as written, or the date of a spreadsheet date cell (read as ISO midnight UTC). */
export function dateCell(text: string): string | null {
  if (text === '') return null;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(T00:00:00(\.000)?Z)?$/.exec(text);
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : text;
}

/** The WBS codes of a predecessors cell: separated by commas (also full-width), semicolons or spaces. */
export function predecessorCodes(text: string): string[] {
  return text.split(/[,;，；、\s]+/).filter((c) => c !== '');
}

/**
 * Reads a schedule file: an .xlsx sheet, or a Microsoft Project XML file (MSPDI, read into the same columns by
 * server/schedule/msProjectXml.ts). In a sheet the first row names the columns ({@link SCHEDULE_HEADERS}, any
 * order) and every other non-empty row is one task. A task's parent is the task whose WBS code is the longest
 * proper prefix of its own (`2.3` for `2.3.1`), when the file has one. Every bad task is reported (its row
 * number as the spreadsheet shows it, or its ID in Project; the field; the problem): a field, a repeated WBS
 * code, an unknown predecessor, a dependency cycle; nothing is to be written then.
 */
export async function readScheduleFile(content: Buffer): Promise<{ tasks: ImportedTask[]; problems: ImportProblem[] }> {
  if (looksLikeXml(content)) {
    try {
      const read = readMsProjectXml(content);
      return readScheduleRows([MSPDI_COLUMNS.map((c) => SCHEDULE_HEADERS[c][0]), ...read.rows], read.rowNumbers);
    } catch (e) {
      return { tasks: [], problems: [{ row: 0, field: 'file', message: e instanceof Error ? e.message : String(e) }] };
    }
  }
  let rows: string[][];
  try {
    rows = await xlsxRows(content);
  } catch {
    return { tasks: [], problems: [{ row: 0, field: 'file', message: 'not a readable xlsx file or Microsoft Project XML file' }] };
  }
  return readScheduleRows(rows, rows.slice(1).map((_, i) => i + 2));
}

/** The tasks of a header row and data rows; `rowNumbers[i]` is the number data row i is reported by. */
function readScheduleRows(rows: string[][], rowNumbers: number[]): { tasks: ImportedTask[]; problems: ImportProblem[] } {
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const columnOf = {} as Record<Column, number>;
  const problems: ImportProblem[] = [];
  for (const [field, names] of Object.entries(SCHEDULE_HEADERS) as Array<[Column, readonly string[]]>) {
    const i = header.findIndex((h) => names.some((n) => n.toLowerCase() === h));
    if (i < 0 && !OPTIONAL.has(field)) problems.push({ row: 1, field, message: `no column ${names[0]}` });
    columnOf[field] = i;
  }
  if (problems.length > 0) return { tasks: [], problems };

  const read: Array<{ row: number; task: ImportedTask }> = [];
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const cell = (c: Column) => (columnOf[c] < 0 ? '' : (cells[columnOf[c]] ?? ''));
    const progressText = cell('progressPct').replace(/%$/, '');
    const r = taskFieldsSchema.safeParse({
      wbs: cell('wbs'),
      name: cell('name'),
      plannedStart: dateCell(cell('plannedStart')) ?? '',
      plannedEnd: dateCell(cell('plannedEnd')) ?? '',
      actualStart: dateCell(cell('actualStart')),
      actualEnd: dateCell(cell('actualEnd')),
      progressPct: progressText === '' ? 0 : Number(progressText),
      responsibleUnit: cell('responsibleUnit'),
      milestone: /^(yes|true|1|是|y)$/i.test(cell('milestone')),
    });
    if (!r.success) {
      problems.push({ row: rowNumbers[i], field: r.error.issues[0].path.map(String).join('.'), message: r.error.issues[0].message });
      return;
    }
    const { parentId: _p, predecessorIds: _q, ...fields } = r.data;
    read.push({ row: rowNumbers[i], task: { fields, parentWbs: null, predecessorWbs: predecessorCodes(cell('predecessors')) } });
  });
  if (read.length > MAX_SCHEDULE_TASKS) problems.push({ row: 0, field: 'file', message: `more than ${MAX_SCHEDULE_TASKS} tasks` });
  if (problems.length > 0) return { tasks: [], problems };

  const rowOf = new Map<string, number>();
  for (const { row, task } of read) {
    const first = rowOf.get(task.fields.wbs);
    if (first !== undefined) problems.push({ row, field: 'wbs', message: `WBS ${task.fields.wbs} is also on row ${first}` });
    else rowOf.set(task.fields.wbs, row);
  }
  for (const { row, task } of read) {
    for (const code of task.predecessorWbs) if (!rowOf.has(code)) problems.push({ row, field: 'predecessors', message: `no task with WBS ${code}` });
  }
  if (problems.length > 0) return { tasks: [], problems };

  const tasks = read.map(({ task }) => {
    let parent = parentWbs(task.fields.wbs);
    while (parent !== null && !rowOf.has(parent)) parent = parentWbs(parent);
    return { ...task, parentWbs: parent };
  });
  // the rows' numbers stand for the task ids in the graph check
  const cycle = taskGraphProblem(
    tasks.map((t) => ({ taskId: rowOf.get(t.fields.wbs)!, wbs: t.fields.wbs, parentId: t.parentWbs === null ? null : rowOf.get(t.parentWbs)!, predecessorIds: t.predecessorWbs.map((w) => rowOf.get(w)!) })),
  );
  if (cycle) return { tasks: [], problems: [{ row: cycle.taskId, field: cycle.field === 'parentId' ? 'wbs' : 'predecessors', message: cycle.message }] };
  return { tasks, problems: [] };
}
