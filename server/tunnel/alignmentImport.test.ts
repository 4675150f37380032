import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseAlignmentFile, parseAlignmentRows } from './alignmentImport';

const BORES = ['LK', 'RK'];

/** An .xlsx whose first sheet holds `rows` (first the header). */
async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alignment');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('alignment import', () => {
  it("reads a good .xlsx into each bore's points in file order, columns in any order and case", async () => {
    const file = await xlsx([
      ['Y', 'X', 'TunnelId', 'chainagem'],
      [0, 0, 'LK', 12_000],
      [10.5, 99.4, 'LK', 12_100],
      [],
      [-35, 20, 'RK', 12_020],
      [-30, 120, 'RK', 12_120],
    ]);
    const r = await parseAlignmentFile('xlsx', file, BORES);
    expect(r.problems).toEqual([]);
    expect(r.points.get('LK')).toEqual([
      { chainageM: 12_000, x: 0, y: 0 },
      { chainageM: 12_100, x: 99.4, y: 10.5 },
    ]);
    expect(r.points.get('RK')).toHaveLength(2);
  });

  it('reads the same from a .csv with a byte-order mark and CRLF lines', async () => {
    const csv = '\uFEFFtunnelId,chainageM,x,y\r\nLK,12000,0,0\r\nLK,12100,99.4,10.5\r\n';
    const r = await parseAlignmentFile('csv', Buffer.from(csv, 'utf8'), BORES);
    expect(r.problems).toEqual([]);
    expect(r.points.get('LK')).toEqual([
      { chainageM: 12_000, x: 0, y: 0 },
      { chainageM: 12_100, x: 99.4, y: 10.5 },
    ]);
  });

  it('answers every bad row with its file row number and writes nothing', async () => {
    const file = await xlsx([
      ['tunnelId', 'chainageM', 'x', 'y'],
      ['LK', 12_000, 0, 0], // row 2: fine
      ['XX', 12_050, 50, 0], // row 3: no such bore
      ['LK', 'abc', 50, 0], // row 4: chainage not a number
      ['LK', 12_050, '', 0], // row 5: x missing
      ['LK', 12_100, 100, 0], // row 6: fine
      ['LK', 12_100, 110, 0], // row 7: chainage does not increase
      ['', 12_200, 200, 0], // row 8: no bore named
      ['RK', 12_020, 0, -35], // row 9: a bore with only one point
    ]);
    const r = await parseAlignmentFile('xlsx', file, BORES);
    expect(r.problems.map((p) => [p.row, p.field])).toEqual([
      [3, 'tunnelId'],
      [4, 'chainageM'],
      [5, 'x'],
      [7, 'chainageM'],
      [8, 'tunnelId'],
      [9, 'chainageM'],
    ]);
    expect(r.problems.find((p) => p.row === 7)!.message).toContain('not after 12100 (row 6)');
    expect(r.problems.find((p) => p.row === 9)!.message).toContain('at least 2 points');
  });

  it('refuses a header without its columns, a file with no point, and a file that is no workbook', async () => {
    expect(parseAlignmentRows([['tunnelId', 'chainage', 'x']], BORES).problems.map((p) => p.field)).toEqual(['chainageM', 'y']);
    expect(parseAlignmentRows([['tunnelId', 'chainageM', 'x', 'y'], []], BORES).problems).toEqual([{ row: 1, field: 'row', message: 'the file holds no point' }]);
    expect((await parseAlignmentFile('xlsx', Buffer.from('not a zip'), BORES)).problems).toEqual([{ row: 1, field: 'file', message: 'not a readable .xlsx file' }]);
  });

  it('bounds the points of a bore', () => {
    const rows = [['tunnelId', 'chainageM', 'x', 'y'], ...Array.from({ length: 2_001 }, (_, i) => ['LK', String(i), String(i), '0'])];
    const r = parseAlignmentRows(rows, BORES);
    expect(r.problems).toEqual([{ row: 2, field: 'chainageM', message: 'LK: at most 2000 points, the file has 2001' }]);
  });
});
