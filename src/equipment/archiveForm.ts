import { archiveFieldsSchema, beijingDateOf, beijingDayStartOf, type ArchiveDimensions, type ArchiveFieldsInput, type EquipmentArchive } from '../../protocol';

/**
 * The archive form's fields as typed (docs/api.md "Equipment", equipment/archive/save): text, dates as
 * YYYY-MM-DD (Beijing days), numbers as text (a comma as the decimal mark is read too).
 * {@link archiveFieldsOf} turns a draft into the body's `archive`, {@link archiveProblems} says what is wrong, by field.
 */
export const ARCHIVE_TEXT_FIELDS = ['model', 'maker', 'serialNo', 'propertyUnit', 'installationUnit', 'registrationNo', 'inspectionReportNo'] as const;
export const ARCHIVE_DATE_FIELDS = ['manufacturedAtMs', 'installedAtMs', 'lastInspectionMs', 'nextInspectionMs'] as const;
export const ARCHIVE_NUMBER_FIELDS = ['ratedLoadT', 'ratedMomentKnm', 'maxHeightM', 'maxSpanM'] as const;
export type ArchiveField = (typeof ARCHIVE_TEXT_FIELDS)[number] | (typeof ARCHIVE_DATE_FIELDS)[number] | (typeof ARCHIVE_NUMBER_FIELDS)[number];

/** The draft: every field's text by its wire name. */
export type ArchiveDraft = Record<ArchiveField, string>;

/** Why a field is refused: empty though required, not a number, not a date, out of order with another date, or out of range. */
export type ArchiveProblem = 'required' | 'number' | 'date' | 'order' | 'range';

const isDate = (f: string): f is (typeof ARCHIVE_DATE_FIELDS)[number] => (ARCHIVE_DATE_FIELDS as readonly string[]).includes(f);
const isNumber = (f: string): f is (typeof ARCHIVE_NUMBER_FIELDS)[number] => (ARCHIVE_NUMBER_FIELDS as readonly string[]).includes(f);

/** The draft of a recorded archive, or an empty one (null). */
export function archiveDraft(a: EquipmentArchive['archive']): ArchiveDraft {
  const d = {} as ArchiveDraft;
  for (const f of ARCHIVE_TEXT_FIELDS) d[f] = a?.[f] ?? '';
  for (const f of ARCHIVE_DATE_FIELDS) d[f] = a?.[f] == null ? '' : beijingDateOf(a[f]);
  for (const f of ARCHIVE_NUMBER_FIELDS) d[f] = a?.[f] == null ? '' : String(a[f]);
  return d;
}

/** A number as typed: null when empty, NaN when it is not one (the schema refuses NaN). */
function numberOf(text: string): number | null {
  const t = text.trim().replace(',', '.');
  return t === '' ? null : Number(t);
}

/** A date as typed: null when empty, the start of its Beijing day, NaN when it is not YYYY-MM-DD. */
function dayOf(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : beijingDayStartOf(t);
}

/** The `archive` of an equipment/archive/save body for `d`; the dimensions `dims` does not record are sent empty. */
export function archiveFieldsOf(d: ArchiveDraft, dims: ArchiveDimensions): ArchiveFieldsInput {
  return {
    model: d.model,
    maker: d.maker,
    serialNo: d.serialNo,
    propertyUnit: d.propertyUnit,
    installationUnit: d.installationUnit,
    registrationNo: d.registrationNo,
    inspectionReportNo: d.inspectionReportNo,
    manufacturedAtMs: dayOf(d.manufacturedAtMs),
    installedAtMs: dayOf(d.installedAtMs),
    lastInspectionMs: dayOf(d.lastInspectionMs),
    nextInspectionMs: dayOf(d.nextInspectionMs),
    ratedLoadT: numberOf(d.ratedLoadT),
    ratedMomentKnm: dims.ratedMoment ? numberOf(d.ratedMomentKnm) : null,
    maxHeightM: numberOf(d.maxHeightM),
    maxSpanM: dims.span === null ? null : numberOf(d.maxSpanM),
  };
}

/** What is wrong with `d` by field (the first problem of each); empty when the server's schema accepts it. */
export function archiveProblems(d: ArchiveDraft, dims: ArchiveDimensions): Partial<Record<ArchiveField, ArchiveProblem>> {
  const fields = archiveFieldsOf(d, dims);
  const parsed = archiveFieldsSchema.safeParse(fields);
  const out: Partial<Record<ArchiveField, ArchiveProblem>> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const f = String(issue.path[0]) as ArchiveField;
    if (out[f]) continue;
    const value = (fields as Record<string, unknown>)[f];
    if (typeof value === 'string') out[f] = value.trim() === '' ? 'required' : 'range';
    else if (issue.code === 'custom') out[f] = 'order';
    else if (Number.isNaN(value)) out[f] = isDate(f) ? 'date' : 'number';
    else out[f] = isNumber(f) || isDate(f) ? 'range' : 'required';
  }
  return out;
}
