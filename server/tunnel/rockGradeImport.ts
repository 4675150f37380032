import { rockSegmentSchema, segmentProblems, type ImportProblem, type RockSegment } from '../../protocol';
import { xlsxRows } from '../http/deviceImport';

/** Columns of a rock-grade import (header names, any order, case ignored). */
export const ROCK_GRADE_COLUMNS = ['tunnelId', 'fromM', 'toM', 'grade'] as const;

/** What an import would write: each named bore's segments, sorted, or the problems (then nothing). */
export interface RockGradeImport {
  segments: Map<string, RockSegment[]>;
  problems: ImportProblem[];
}

/**
 * Checks the rows of a rock-grade file (first row the header) against the project's bores: every row a known
 * bore, numbers for `fromM` < `toM` within the bore, a grade I–VI; no two segments of a bore overlapping.
 * Each problem names its file row (the header is row 1); blank rows are skipped.
 */
export function parseRockGradeRows(rows: readonly string[][], bores: ReadonlyArray<{ tunnelId: string; lengthM: number }>): RockGradeImport {
  const problems: ImportProblem[] = [];
  const segments = new Map<string, RockSegment[]>();
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = Object.fromEntries(ROCK_GRADE_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())])) as Record<(typeof ROCK_GRADE_COLUMNS)[number], number>;
  const missing = ROCK_GRADE_COLUMNS.filter((c) => col[c] < 0);
  if (missing.length > 0) return { segments, problems: missing.map((c) => ({ row: 1, field: c, message: `column ${c} missing from the header` })) };
  const rowOf = new Map<string, number[]>();
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    const cell = (c: (typeof ROCK_GRADE_COLUMNS)[number]) => (cells[col[c]] ?? '').trim();
    if (ROCK_GRADE_COLUMNS.every((c) => cell(c) === '')) continue;
    const row = i + 1;
    const tunnelId = cell('tunnelId');
    const bore = bores.find((b) => b.tunnelId === tunnelId);
    if (!bore) {
      problems.push({ row, field: 'tunnelId', message: tunnelId ? `no bore ${tunnelId} in this project` : 'tunnelId is required' });
      continue;
    }
    const num = (c: 'fromM' | 'toM') => (cell(c) === '' ? NaN : Number(cell(c)));
    const parsed = rockSegmentSchema.safeParse({ fromM: num('fromM'), toM: num('toM'), grade: cell('grade').toUpperCase() });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        problems.push({ row, field, message: field === 'grade' ? `grade must be one of I, II, III, IV, V, VI: "${cell('grade')}"` : `${field}: ${issue.message}` });
      }
      continue;
    }
    const list = segments.get(tunnelId) ?? [];
    list.push(parsed.data);
    segments.set(tunnelId, list);
    rowOf.set(tunnelId, [...(rowOf.get(tunnelId) ?? []), row]);
  }
  for (const [tunnelId, list] of segments) {
    const bore = bores.find((b) => b.tunnelId === tunnelId)!;
    const rowsOfBore = rowOf.get(tunnelId)!;
    // the segments named by their file rows
    const rowsNamed = (at: readonly number[]) => (at.length === 1 ? `row ${rowsOfBore[at[0]]}` : `rows ${at.map((i) => rowsOfBore[i]).join(' and ')}`);
    for (const p of segmentProblems(list, bore.lengthM, rowsNamed)) problems.push({ row: rowsOfBore[p.at[0]], field: 'fromM', message: `${tunnelId}: ${p.message}` });
    list.sort((a, b) => a.fromM - b.fromM);
  }
  if (problems.length === 0 && segments.size === 0) problems.push({ row: 1, field: 'row', message: 'the file holds no segment' });
  problems.sort((a, b) => a.row - b.row);
  return { segments, problems };
}

/** {@link parseRockGradeRows} over an .xlsx file's first sheet. A file that is no workbook is one problem on row 1. */
export async function parseRockGradeXlsx(content: Buffer, bores: ReadonlyArray<{ tunnelId: string; lengthM: number }>): Promise<RockGradeImport> {
  let rows: string[][];
  try {
    rows = await xlsxRows(content);
  } catch {
    return { segments: new Map(), problems: [{ row: 1, field: 'file', message: 'not a readable .xlsx workbook' }] };
  }
  return parseRockGradeRows(rows, bores);
}
