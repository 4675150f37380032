import { z } from 'zod';
import { attachmentSchema, MAX_ATTACHMENTS_PER_RECORD, type Attachment } from './attachments';
import { TOPIC_SEGMENT, type ArchiveDimensions } from './kinds';

/**
 * The archive of a piece of lifting equipment (docs/api.md "Equipment"): the type plate, the units that own
 * and installed it, its use registration and inspection, its dimensions, and its papers as attachments
 * (the inspection report, the use registration certificate, photos). Members read it (equipment/archive);
 * project managers and administrators save it (equipment/archive/save, audited `equipment.archive`).
 */

/** The attachment groups of an archive, each its own register of the attachment store. */
export const ARCHIVE_FILE_GROUPS = ['inspectionReport', 'registrationCertificate', 'photos'] as const;
export type ArchiveFileGroup = (typeof ARCHIVE_FILE_GROUPS)[number];

/** Largest rated load accepted, t: the largest crawler cranes and girder erectors lift about 4 000 t. */
export const MAX_RATED_LOAD_T = 5_000;
/** Largest rated lifting moment accepted, kN·m: the largest tower cranes are rated about 100 000 kN·m. */
export const MAX_RATED_MOMENT_KNM = 200_000;
/** Largest height accepted, m (hook height or cage travel; the tallest climbing cranes and elevators reach about 600 m). */
export const MAX_ARCHIVE_HEIGHT_M = 1_000;
/** Largest span, jib or boom length accepted, m. */
export const MAX_ARCHIVE_SPAN_M = 300;
/** Earliest date accepted (1950-01-01 Beijing), ms: anything before is a typing slip. */
const EARLIEST_MS = Date.UTC(1949, 11, 31, 16);

const projectIdField = z.string().min(1).max(64);
const sn = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });
const text = (max: number) => z.string().trim().max(max, { error: `must be at most ${max} characters` });
const required = (max: number) => text(max).min(1, { error: 'must not be empty' });
/** A Beijing day as the instant it starts (ms); the server stores the start of the day holding any instant sent. */
const day = z.number().int().min(EARLIEST_MS, { error: 'must be after 1950' }).max(8.64e15).nullable().default(null);
const positive = (max: number, unit: string) => z.number().positive({ error: 'must be more than 0' }).max(max, { error: `must be at most ${max} ${unit}` }).nullable().default(null);

/** The fields of an archive an administrator types (equipment/archive/save `archive`). */
export const archiveFieldsSchema = z
  .strictObject({
    /** Type designation on the plate, e.g. `TC7035-16`. */
    model: required(64),
    /** Manufacturer. */
    maker: required(128),
    /** Factory (serial) number on the plate. */
    serialNo: text(64).default(''),
    /** Manufacture date (a Beijing day). */
    manufacturedAtMs: day,
    /** The unit holding the property right (产权单位). */
    propertyUnit: text(128).default(''),
    /** The unit that installed it on this site (安装单位). */
    installationUnit: text(128).default(''),
    /** Installed on this site (a Beijing day). */
    installedAtMs: day,
    /** Use registration certificate number (使用登记证号). */
    registrationNo: text(64).default(''),
    /** Number of the latest inspection report (检验报告编号). */
    inspectionReportNo: text(64).default(''),
    /** Inspected on (the report's date, a Beijing day). */
    lastInspectionMs: day,
    /** Next inspection due (a Beijing day). */
    nextInspectionMs: day,
    /** Rated load, t. */
    ratedLoadT: positive(MAX_RATED_LOAD_T, 't'),
    /** Rated lifting moment, kN·m: only kinds rated by it (descriptor `equipment.archive.ratedMoment`). */
    ratedMomentKnm: positive(MAX_RATED_MOMENT_KNM, 'kN·m'),
    /** Highest hook height, or the cage's highest travel, m (descriptor `equipment.archive.height`). */
    maxHeightM: positive(MAX_ARCHIVE_HEIGHT_M, 'm'),
    /** Jib length, span or boom length, m: only kinds that record one (descriptor `equipment.archive.span`). */
    maxSpanM: positive(MAX_ARCHIVE_SPAN_M, 'm'),
  })
  .refine((a) => a.manufacturedAtMs === null || a.installedAtMs === null || a.manufacturedAtMs <= a.installedAtMs, { message: 'must not be before the manufacture date', path: ['installedAtMs'] })
  .refine((a) => a.lastInspectionMs === null || a.nextInspectionMs === null || a.lastInspectionMs < a.nextInspectionMs, { message: 'must be after the inspection date', path: ['nextInspectionMs'] });
export type ArchiveFields = z.output<typeof archiveFieldsSchema>;
export type ArchiveFieldsInput = z.input<typeof archiveFieldsSchema>;

const attachmentIds = z.array(z.number().int().positive()).max(MAX_ATTACHMENTS_PER_RECORD);

/**
 * equipment/archive/save body: the archive of machine `sn` (created, or every field replaced) and, when
 * `files` is given, its attachments by group (uploads of the project or files it already holds; those left
 * out are deleted). Without `files` the attachments stay as they are.
 */
export const archiveSaveBody = z.strictObject({
  projectId: projectIdField,
  sn,
  archive: archiveFieldsSchema,
  files: z.strictObject({ inspectionReport: attachmentIds, registrationCertificate: attachmentIds, photos: attachmentIds }).optional(),
});
export type ArchiveSaveBody = z.input<typeof archiveSaveBody>;

/** equipment/archive/export body: the project. */
export const archiveExportBody = z.strictObject({ projectId: projectIdField });

/** The attachments of an archive by group, in upload order. */
export type ArchiveFiles = Record<ArchiveFileGroup, Attachment[]>;

/** The attachments by group on the wire. */
export const archiveFilesSchema = z.object({ inspectionReport: z.array(attachmentSchema), registrationCertificate: z.array(attachmentSchema), photos: z.array(attachmentSchema) });

/**
 * The dimensions of `dims` that `a` fills though the kind does not record them (wire names), e.g.
 * `maxSpanM` for a construction elevator: equipment/archive/save refuses those.
 */
export function archiveDimensionProblems(a: Pick<ArchiveFields, 'ratedMomentKnm' | 'maxSpanM'>, dims: ArchiveDimensions): Array<'ratedMomentKnm' | 'maxSpanM'> {
  const out: Array<'ratedMomentKnm' | 'maxSpanM'> = [];
  if (!dims.ratedMoment && a.ratedMomentKnm !== null) out.push('ratedMomentKnm');
  if (dims.span === null && a.maxSpanM !== null) out.push('maxSpanM');
  return out;
}
