import { alignmentPointSchema, MAX_ALIGNMENT_POINTS, type AlignmentPoint, type ImportProblem } from '../../protocol';
import { parseCsv, xlsxRows } from '../http/deviceImport';

/** Columns of an alignment import (header names, any order, case ignored): x east, y north, metres. */
export const ALIGNMENT_COLUMNS = ['tunnelId', 'chainageM', 'x', 'y'] as const;
type Column = (typeof ALIGNMENT_COLUMNS)[number];

/** What an import would write: each named bore's points in file order, or the problems (then nothing). */
export interface AlignmentImport {
  points: Map<string, AlignmentPoint[]>;
  problems: ImportProblem[];
}

/**
 * Checks the rows of an alignment file (first row the header) against the project's bores: every row a
 * known bore and three numbers; per bore, chainages strictly increasing down the file, 2 to
 * MAX_ALIGNMENT_POINTS points. Each problem names its file row (the header is row 1); blank rows are skipped.
 */
export function parseAlignmentRows(rows: readonly string[][], tunnelIds: readonly string[]): AlignmentImport {
  const problems: ImportProblem[] = [];
  const points = new Map<string, AlignmentPoint[]>();
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = Object.fromEntries(ALIGNMENT_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())])) as Record<Column, number>;
  const missing = ALIGNMENT_COLUMNS.filter((c) => col[c] < 0);
  if (missing.length > 0) return { points, problems: missing.map((c) => ({ row: 1, field: c, message: `column ${c} missing from the header` })) };
  const firstRow = new Map<string, number>();
  const lastRow = new Map<string, number>();
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    const cell = (c: Column) => (cells[col[c]] ?? '').trim();
    if (ALIGNMENT_COLUMNS.every((c) => cell(c) === '')) continue;
    const row = i + 1;
    const tunnelId = cell('tunnelId');
    if (!tunnelIds.includes(tunnelId)) {
      problems.push({ row, field: 'tunnelId', message: tunnelId ? `no bore ${tunnelId} in this project` : 'tunnelId is required' });
      continue;
    }
    const num = (c: Column) => (cell(c) === '' ? NaN : Number(cell(c)));
    const parsed = alignmentPointSchema.safeParse({ chainageM: num('chainageM'), x: num('x'), y: num('y') });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        problems.push({ row, field, message: `${field} must be a number${field === 'chainageM' ? ' from 0 to 1000000' : ''}: "${cell(field as Column)}"` });
      }
      continue;
    }
    const list = points.get(tunnelId) ?? [];
    const before = list.at(-1);
    if (before && !(parsed.data.chainageM > before.chainageM)) {
      problems.push({ row, field: 'chainageM', message: `${tunnelId}: chainage must increase down the file: ${parsed.data.chainageM} is not after ${before.chainageM} (row ${lastRow.get(tunnelId)})` });
      continue;
    }
    list.push(parsed.data);
    points.set(tunnelId, list);
    if (!firstRow.has(tunnelId)) firstRow.set(tunnelId, row);
    lastRow.set(tunnelId, row);
  }
  for (const [tunnelId, list] of points) {
    if (list.length < 2) problems.push({ row: firstRow.get(tunnelId)!, field: 'chainageM', message: `${tunnelId}: an alignment needs at least 2 points` });
    if (list.length > MAX_ALIGNMENT_POINTS) problems.push({ row: firstRow.get(tunnelId)!, field: 'chainageM', message: `${tunnelId}: at most ${MAX_ALIGNMENT_POINTS} points, the file has ${list.length}` });
  }
  if (problems.length === 0 && points.size === 0) problems.push({ row: 1, field: 'row', message: 'the file holds no point' });
  problems.sort((a, b) => a.row - b.row);
  return { points, problems };
}

/** {@link parseAlignmentRows} over an .xlsx file's first sheet or a CSV file (UTF-8). A file that cannot be read is one problem on row 1. */
export async function parseAlignmentFile(format: 'xlsx' | 'csv', content: Buffer, tunnelIds: readonly string[]): Promise<AlignmentImport> {
  let rows: string[][];
  try {
    rows = format === 'csv' ? parseCsv(content.toString('utf8')) : await xlsxRows(content);
  } catch {
    return { points: new Map(), problems: [{ row: 1, field: 'file', message: `not a readable .${format} file` }] };
  }
  return parseAlignmentRows(rows, tunnelIds);
}
