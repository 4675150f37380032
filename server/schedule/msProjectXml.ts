import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The namespace of Microsoft Project's XML format (MSPDI, "File > Save As > XML Format" in Project). */
export const MSPDI_NAMESPACE = 'http://schemas.microsoft.com/project';

/** The schedule sheet's columns a Project XML file fills, in the order of each row's cells. */
export const MSPDI_COLUMNS = ['wbs', 'name', 'plannedStart', 'plannedEnd', 'actualStart', 'actualEnd', 'progressPct', 'predecessors', 'milestone'] as const;

/** The sheet-like reading of a Project XML file: one row of cells per task, and each row's number. */
export interface ScheduleRows {
  /** Per task, its cells in MSPDI_COLUMNS order. */
  rows: string[][];
  /** The number each row is reported by: the task's ID, as Project's ID column shows it. */
  rowNumbers: number[];
}

/** The text of `bytes` as UTF-8 without a byte-order mark and leading white space. */
const xmlText = (bytes: Buffer): string => bytes.toString('utf8').replace(/^\uFEFF/, '').trimStart();

/** Whether the bytes look like an XML document (after an optional byte-order mark and white space). */
export function looksLikeXml(content: Buffer): boolean {
  return xmlText(content.subarray(0, 512)).startsWith('<');
}

type XmlValue = string | XmlNode | XmlValue[] | undefined;
interface XmlNode {
  [tag: string]: XmlValue;
}

const text = (v: XmlValue): string => (typeof v === 'string' ? v.trim() : '');
const list = (v: XmlValue): XmlNode[] => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]).filter((x): x is XmlNode => typeof x === 'object' && !Array.isArray(x));
/** The date of an MSPDI date-time (`2026-03-02T08:00:00`, project-local time), as `YYYY-MM-DD`; '' when absent. */
const dateOf = (v: XmlValue): string => /^\d{4}-\d{2}-\d{2}/.exec(text(v))?.[0] ?? '';

/**
 * Reads a Microsoft Project XML file (MSPDI) into the schedule sheet's columns (MSPDI_COLUMNS), so it goes through the same
 * checks as an .xlsx (server/schedule/taskImport.ts). Per task, skipping the project summary task (outline
 * level 0) and blank rows (`IsNull`):
 * - WBS: `WBS`, else `OutlineNumber`;
 * - planned start and end: the dates of baseline 0 when the plan has one (the plan agreed), else `Start` and `Finish`;
 * - actual start and end: `ActualStart`, `ActualFinish`;
 * - progress: `PercentComplete`; milestone: `Milestone`;
 * - predecessors: the WBS codes of the tasks each `PredecessorLink` names by UID (a UID not in the file stays
 *   as `UID#n`, which the import then reports as an unknown predecessor).
 * Dates keep their calendar day as Project wrote it (project-local time).
 * @throws Error when the text is not well-formed XML, or not a Project XML file
 */
export function readMsProjectXml(content: Buffer): ScheduleRows {
  const xml = xmlText(content);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'Task' || name === 'PredecessorLink' || name === 'Baseline' });
  const doc = parser.parse(xml) as XmlNode;
  const project = doc.Project;
  if (typeof project !== 'object' || Array.isArray(project) || (project['@_xmlns'] !== undefined && project['@_xmlns'] !== MSPDI_NAMESPACE)) {
    throw new Error('not a Microsoft Project XML file (no Project element of its namespace)');
  }
  const tasks = list((project.Tasks as XmlNode | undefined)?.Task).filter((t) => text(t.IsNull) !== '1' && Number(text(t.OutlineLevel) || '1') > 0);
  const wbsOf = (t: XmlNode) => text(t.WBS) || text(t.OutlineNumber);
  const wbsByUid = new Map(tasks.map((t) => [text(t.UID), wbsOf(t)]));
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  for (const t of tasks) {
    const baseline = list(t.Baseline).find((b) => text(b.Number) === '0' && text(b.Start) !== '' && text(b.Finish) !== '');
    const predecessors = list(t.PredecessorLink).map((l) => wbsByUid.get(text(l.PredecessorUID)) ?? `UID#${text(l.PredecessorUID)}`);
    rows.push([
      wbsOf(t),
      text(t.Name),
      dateOf(baseline?.Start ?? t.Start),
      dateOf(baseline?.Finish ?? t.Finish),
      dateOf(t.ActualStart),
      dateOf(t.ActualFinish),
      text(t.PercentComplete),
      predecessors.join(','),
      text(t.Milestone) === '1' ? 'yes' : 'no',
    ]);
    rowNumbers.push(Number(text(t.ID)) || rows.length);
  }
  return { rows, rowNumbers };
}
