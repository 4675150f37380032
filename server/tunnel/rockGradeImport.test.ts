import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseRockGradeRows, parseRockGradeXlsx } from './rockGradeImport';

const BORES = [
  { tunnelId: 'LK', lengthM: 3050 },
  { tunnelId: 'RK', lengthM: 3010 },
];

/** An .xlsx whose first sheet holds `rows` (first the header). */
async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Rock grades');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('rock-grade import', () => {
  it("reads a good file into each bore's segments, sorted, columns in any order and case", async () => {
    const file = await xlsx([
      ['Grade', 'tunnelId', 'FROMM', 'toM'],
      ['iv', 'LK', 60, 400],
      ['V', 'LK', 0, 60],
      [],
      ['III', 'RK', 0, 1500],
    ]);
    const r = await parseRockGradeXlsx(file, BORES);
    expect(r.problems).toEqual([]);
    expect(r.segments.get('LK')).toEqual([
      { fromM: 0, toM: 60, grade: 'V' },
      { fromM: 60, toM: 400, grade: 'IV' },
    ]);
    expect(r.segments.get('RK')).toEqual([{ fromM: 0, toM: 1500, grade: 'III' }]);
  });

  it('answers every bad row with its file row number', async () => {
    const file = await xlsx([
      ['tunnelId', 'fromM', 'toM', 'grade'],
      ['LK', 0, 60, 'V'], // row 2: fine
      ['XX', 0, 10, 'III'], // row 3: no such bore
      ['LK', 100, 90, 'IV'], // row 4: to before from
      ['LK', 'abc', 200, 'IV'], // row 5: not a number
      ['LK', 200, 300, 'VII'], // row 6: no such grade
      ['RK', 0, 3100, 'III'], // row 7: past the bore
    ]);
    const r = await parseRockGradeXlsx(file, BORES);
    expect(r.problems.map((p) => [p.row, p.field])).toEqual([
      [3, 'tunnelId'],
      [4, 'toM'],
      [5, 'fromM'],
      [6, 'grade'],
      [7, 'fromM'],
    ]);
    expect(r.problems.find((p) => p.row === 6)!.message).toContain('I, II, III, IV, V, VI');
    expect(r.problems.find((p) => p.row === 7)!.message).toContain('past the bore');
  });

  it('names both rows of overlapping segments', () => {
    const r = parseRockGradeRows(
      [
        ['tunnelId', 'fromM', 'toM', 'grade'],
        ['LK', '0', '100', 'V'],
        ['RK', '0', '50', 'V'],
        ['LK', '90', '300', 'IV'],
      ],
      BORES,
    );
    expect(r.problems).toEqual([{ row: 2, field: 'fromM', message: 'LK: rows 2 and 4 overlap (90 m < 100 m)' }]);
  });

  it('refuses a file without the columns, an empty one, and one that is no workbook', async () => {
    expect(parseRockGradeRows([['tunnel', 'from', 'to', 'grade']], BORES).problems.map((p) => p.field)).toEqual(['tunnelId', 'fromM', 'toM']);
    expect(parseRockGradeRows([['tunnelId', 'fromM', 'toM', 'grade']], BORES).problems).toEqual([{ row: 1, field: 'row', message: 'the file holds no segment' }]);
    expect((await parseRockGradeXlsx(Buffer.from('not a zip'), BORES)).problems).toEqual([{ row: 1, field: 'file', message: 'not a readable .xlsx workbook' }]);
  });
});
