import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeXml, readMsProjectXml } from './msProjectXml';
import { readScheduleFile } from './taskImport';

const xml = (text: string) => Buffer.from(text, 'utf8');
/**
 * A small tunnel plan as Microsoft Project writes it with "File > Save As > XML Format": the project summary
 * task, a blank row, two summary tasks, baseline 0 on some tasks, actual dates, links by UID, a milestone.
 */
const MS_PROJECT_PLAN_XML = readFileSync(path.join(import.meta.dirname, '../../fixtures/k13-tunnel-plan.xml'), 'utf8');

describe('Microsoft Project XML schedules', () => {
  it('reads every task but the project summary and blank rows, planned dates from baseline 0 where saved', () => {
    const { rows, rowNumbers } = readMsProjectXml(xml(MS_PROJECT_PLAN_XML));
    expect(rowNumbers).toEqual([1, 2, 3, 5, 6, 7]);
    expect(rows.map((r) => r[0])).toEqual(['1', '1.1', '1.2', '2', '2.1', '2.2']);
    // baseline 0 ends on the 9th: the plan agreed, not the slipped schedule (10th)
    expect(rows[1]).toEqual(['1.1', 'Slope protection', '2026-03-02', '2026-03-09', '2026-03-02', '2026-03-10', '100', '', 'no']);
    expect(rows[3][1]).toBe('Excavation & support');
    expect(rows[4]).toEqual(['2.1', 'Left bore K13+630–K14+200', '2026-03-21', '2026-06-20', '2026-03-23', '', '20', '1.2', 'no']);
    expect(rows[5].slice(6)).toEqual(['0', '2.1', 'yes']);
  });

  it('goes through the import checks as an .xlsx does: parents from WBS, predecessors by WBS', async () => {
    const { tasks, problems } = await readScheduleFile(xml(`\uFEFF  ${MS_PROJECT_PLAN_XML}`));
    expect(problems).toEqual([]);
    expect(tasks.map((t) => [t.fields.wbs, t.parentWbs, t.predecessorWbs])).toEqual([
      ['1', null, []],
      ['1.1', '1', []],
      ['1.2', '1', ['1.1']],
      ['2', null, []],
      ['2.1', '2', ['1.2']],
      ['2.2', '2', ['2.1']],
    ]);
    expect(tasks[5].fields).toMatchObject({ name: 'Breakthrough', milestone: true, plannedStart: '2026-06-30', plannedEnd: '2026-06-30', actualStart: null });
  });

  it('reports a bad task by its ID in Project, and a link to a task not in the file', async () => {
    const swapped = MS_PROJECT_PLAN_XML.replace('<Start>2026-03-11T08:00:00</Start><Finish>2026-03-20T17:00:00</Finish>', '<Start>2026-03-21T08:00:00</Start><Finish>2026-03-20T17:00:00</Finish>');
    expect((await readScheduleFile(xml(swapped))).problems).toEqual([{ row: 3, field: 'plannedEnd', message: 'the planned end is before the planned start' }]);
    const dangling = MS_PROJECT_PLAN_XML.replace('<PredecessorUID>5</PredecessorUID>', '<PredecessorUID>77</PredecessorUID>');
    expect((await readScheduleFile(xml(dangling))).problems).toEqual([{ row: 7, field: 'predecessors', message: 'no task with WBS UID#77' }]);
  });

  it('refuses XML that is not well-formed or not a Project file, and says which', async () => {
    const broken = await readScheduleFile(xml(MS_PROJECT_PLAN_XML.replace('</Tasks>', '')));
    expect(broken.tasks).toEqual([]);
    expect(broken.problems[0]).toMatchObject({ row: 0, field: 'file', message: expect.stringMatching(/^not well-formed XML \(line \d+/) });
    const other = await readScheduleFile(xml('<?xml version="1.0"?><html><body>plan</body></html>'));
    expect(other.problems).toEqual([{ row: 0, field: 'file', message: 'not a Microsoft Project XML file (no Project element of its namespace)' }]);
    const foreign = await readScheduleFile(xml('<Project xmlns="urn:other"><Tasks/></Project>'));
    expect(foreign.problems[0].message).toContain('not a Microsoft Project XML file');
    expect((await readScheduleFile(Buffer.from('plain text'))).problems).toEqual([{ row: 0, field: 'file', message: 'not a readable xlsx file or Microsoft Project XML file' }]);
    expect(looksLikeXml(Buffer.from('PK\u0003\u0004'))).toBe(false);
  });
});
