import type { Kysely, Selectable } from 'kysely';
import { ARCHIVE_FILE_GROUPS, beijingDayStart, isAttachmentType, isPictureType, type ArchiveDocument, type ArchiveFileGroup, type ArchiveFiles, type ArchiveFields, type EquipmentArchive } from '../../protocol';
import { attachmentTypes, recordAttachments, setRecordAttachments } from './attachments';
import { fromJson, toJson } from './mappers';
import type { Database, EquipmentArchiveTable } from './schema';

/**
 * The archive of lifting equipment (docs/api.md "Equipment"): one row per machine in `equipment_archive`,
 * its files in the attachment store under one register per group (owner id `archive_id`, migration
 * 0073_equipment_archive_attachments).
 */

/** The attachment register of an archive's group (attachments.owner_register). */
export function archiveRegister(group: ArchiveFileGroup): string {
  return `equipmentArchive.${group}`;
}

/** A refused archive write: attachment ids that are not uploads of the project (nor the archive's own), or not pictures among the photos. */
export class ArchiveFilesRefused extends Error {
  constructor(group: ArchiveFileGroup, reason: 'notUpload' | 'notPicture', ids: readonly number[]) {
    super(reason === 'notUpload' ? `files.${group}: no upload ${ids.join(', ')} in this project` : `files.${group}: attachment ${ids.join(', ')} is not a JPEG, PNG or WebP photo`);
  }
}

const NO_FILES = (): ArchiveFiles => ({ inspectionReport: [], registrationCertificate: [], photos: [] });

/** The files of archives `archiveIds` of `projectId` by archive id. */
async function filesOf(db: Kysely<Database>, projectId: string, archiveIds: readonly number[]): Promise<Map<number, ArchiveFiles>> {
  const out = new Map<number, ArchiveFiles>();
  for (const id of archiveIds) out.set(id, NO_FILES());
  const groups = await Promise.all(ARCHIVE_FILE_GROUPS.map((g) => recordAttachments(db, projectId, archiveRegister(g), archiveIds)));
  ARCHIVE_FILE_GROUPS.forEach((g, i) => {
    for (const [id, list] of groups[i]) out.get(id)![g] = list;
  });
  return out;
}

function toArchive(r: Selectable<EquipmentArchiveTable>, files: ArchiveFiles): NonNullable<EquipmentArchive['archive']> {
  return {
    model: r.model,
    maker: r.maker,
    serialNo: r.serial_no,
    ratedLoadT: r.rated_load_t,
    ratedMomentKnm: r.rated_moment_knm,
    maxHeightM: r.max_height_m,
    maxSpanM: r.max_span_m,
    manufacturedAtMs: r.manufactured_at_ms,
    propertyUnit: r.property_unit,
    installationUnit: r.installation_unit,
    installedAtMs: r.installed_at_ms,
    registrationNo: r.registration_no,
    inspectionReportNo: r.inspection_report_no,
    lastInspectionMs: r.last_inspection_ms,
    nextInspectionMs: r.next_inspection_ms,
    documents: fromJson<ArchiveDocument[]>(r.documents),
    files,
  };
}

/** The archive of machine `sn` of `projectId` as answered (with its files), or null when none is recorded. */
export async function archiveOf(db: Kysely<Database>, projectId: string, sn: string): Promise<EquipmentArchive['archive']> {
  const r = await db.selectFrom('equipment_archive').selectAll().where('project_id', '=', projectId).where('device_sn', '=', sn).executeTakeFirst();
  if (!r) return null;
  return toArchive(r, (await filesOf(db, projectId, [r.archive_id])).get(r.archive_id)!);
}

/** Start of the Beijing day holding `ms`, or null. */
const dayOf = (ms: number | null): number | null => (ms === null ? null : beijingDayStart(ms));

/** The columns of `f`, dates as the start of their Beijing day. */
function archiveColumns(f: ArchiveFields) {
  return {
    model: f.model,
    maker: f.maker,
    serial_no: f.serialNo,
    rated_load_t: f.ratedLoadT,
    rated_moment_knm: f.ratedMomentKnm,
    max_height_m: f.maxHeightM,
    max_span_m: f.maxSpanM,
    manufactured_at_ms: dayOf(f.manufacturedAtMs),
    property_unit: f.propertyUnit,
    installation_unit: f.installationUnit,
    installed_at_ms: dayOf(f.installedAtMs),
    registration_no: f.registrationNo,
    inspection_report_no: f.inspectionReportNo,
    last_inspection_ms: dayOf(f.lastInspectionMs),
    next_inspection_ms: dayOf(f.nextInspectionMs),
  };
}

/**
 * Creates the archive of machine `sn` of `projectId`, or replaces every field of it (the papers referenced in
 * `documents` stay); with `files`, makes them its attachments by group (uploads taken, files left out deleted).
 * Run it in a transaction: a refusal rolls the write back.
 * @throws ArchiveFilesRefused when an id is not a free upload of the project nor the archive's, or a photo is not a picture
 */
export async function saveArchive(tx: Kysely<Database>, projectId: string, sn: string, fields: ArchiveFields, files?: Readonly<Record<ArchiveFileGroup, readonly number[]>>, documents: readonly ArchiveDocument[] = []): Promise<void> {
  const columns = archiveColumns(fields);
  const row = await tx
    .insertInto('equipment_archive')
    .values({ project_id: projectId, device_sn: sn, ...columns, documents: toJson(documents) })
    .onConflict((oc) => oc.columns(['project_id', 'device_sn']).doUpdateSet(columns))
    .returning('archive_id')
    .executeTakeFirstOrThrow();
  if (!files) return;
  const types = await attachmentTypes(tx, projectId, files.photos);
  const notPicture = files.photos.filter((id) => {
    const t = types.get(id);
    return t !== undefined && !(isAttachmentType(t) && isPictureType(t));
  });
  if (notPicture.length > 0) throw new ArchiveFilesRefused('photos', 'notPicture', notPicture);
  for (const g of ARCHIVE_FILE_GROUPS) {
    const bad = await setRecordAttachments(tx, projectId, { register: archiveRegister(g), id: row.archive_id }, files[g]);
    if (bad.length > 0) throw new ArchiveFilesRefused(g, 'notUpload', bad);
  }
}

/** One machine of the fleet with its archive (null when none is recorded): the rows of the archive export. */
export interface FleetArchiveRow {
  sn: string;
  kind: string;
  name: string;
  archive: EquipmentArchive['archive'];
}

/**
 * Every device of `projectId` of one of `kinds` (the lifting kinds) with its archive and files, by kind and
 * sn. Bounded by the project's device registry.
 */
export async function fleetArchives(db: Kysely<Database>, projectId: string, kinds: readonly string[]): Promise<FleetArchiveRow[]> {
  if (kinds.length === 0) return [];
  const [devices, archived] = await Promise.all([
    db.selectFrom('devices').select(['sn', 'kind', 'name']).where('project_id', '=', projectId).where('kind', 'in', [...kinds]).orderBy('kind').orderBy('sn').execute(),
    db.selectFrom('equipment_archive').selectAll().where('project_id', '=', projectId).execute(),
  ]);
  const bySn = new Map(archived.map((a) => [a.device_sn, a]));
  const shown = devices.flatMap((d) => bySn.get(d.sn) ?? []);
  const files = await filesOf(db, projectId, shown.map((a) => a.archive_id));
  return devices.map((d) => {
    const a = bySn.get(d.sn);
    return { ...d, archive: a ? toArchive(a, files.get(a.archive_id)!) : null };
  });
}