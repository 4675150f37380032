import type { Kysely, Selectable } from 'kysely';
import { INSPECTION_CATEGORIES, INSPECTION_SEVERITIES, REVIEW_RESULTS, inspectionState, isOverdue, type Attachment, type Inspection, type InspectionFields, type InspectionCategory, type ReviewResult } from '../../protocol';
import { attachmentTypes, recordAttachments, setRecordAttachments } from './attachments';
import type { Database, InspectionsTable } from './schema';

/**
 * The register names an inspection's photos carry (attachments.owner_register, owner_id the inspection):
 * the issue's, and its rectification's.
 */
export const INSPECTION_REGISTER = 'inspection';
export const INSPECTION_RECTIFICATION_REGISTER = 'inspection.rectification';

/** Which photos of an inspection: the issue's or its rectification's. */
export type InspectionPhotoPart = 'issue' | 'rectification';
const REGISTER_OF: Record<InspectionPhotoPart, string> = { issue: INSPECTION_REGISTER, rectification: INSPECTION_RECTIFICATION_REGISTER };

/** Attachment types an inspection photo may have (a picture every browser and the .xlsx viewer show). */
const PHOTO_TYPES: ReadonlySet<string> = new Set(['jpeg', 'png']);

/** A refusal of an inspection's photos: ids that are not free uploads of the project (nor its own), or not JPEG/PNG. */
export class InspectionPhotosRefused extends Error {
  constructor(field: string, reason: 'notUpload' | 'notPhoto', readonly ids: readonly number[]) {
    super(reason === 'notUpload' ? `${field}: no upload ${ids.join(', ')} in this project` : `${field}: attachment ${ids.join(', ')} is not a JPEG or PNG photo`);
    this.name = 'InspectionPhotosRefused';
  }
}

/** An inspection's photos as answered. */
export interface InspectionPhotos {
  attachments: Attachment[];
  rectificationAttachments: Attachment[];
}
const NO_PHOTOS: InspectionPhotos = { attachments: [], rectificationAttachments: [] };

/** A stored value of `values`, or the first one for a value this version does not know. */
function known<T extends string>(values: readonly T[], v: string): T {
  return (values as readonly string[]).includes(v) ? (v as T) : values[0];
}

/**
 * A stored inspection as answered, its state and overdue flag as of `nowMs` (protocol/inspections.ts), with
 * `photos` (none unless given: read them with {@link inspectionPhotos}).
 */
export function toInspection(r: Selectable<InspectionsTable>, nowMs: number, photos: InspectionPhotos = NO_PHOTOS): Inspection {
  const review = r.review === null ? null : known(REVIEW_RESULTS, r.review);
  const progress = { deadline: r.deadline, rectifiedOn: r.rectified_on, review };
  return {
    inspectionId: Number(r.inspection_id),
    category: known(INSPECTION_CATEGORIES, r.category),
    issue: r.issue,
    tunnelId: r.tunnel_id,
    chainageM: r.chainage_m,
    place: r.place,
    severity: known(INSPECTION_SEVERITIES, r.severity),
    company: r.company,
    foundOn: r.found_on,
    deadline: r.deadline,
    inspector: r.inspector,
    photoNote: r.photo_note,
    attachments: photos.attachments,
    rectification: r.rectification,
    rectificationAttachments: photos.rectificationAttachments,
    rectifiedOn: r.rectified_on,
    review,
    reviewer: r.reviewer,
    reviewNote: r.review_note,
    reviewedAtMs: r.reviewed_at_ms,
    state: inspectionState(progress),
    overdue: isOverdue(progress, nowMs),
    updatedAtMs: r.updated_at_ms,
  };
}

function columnsOf(f: InspectionFields) {
  return {
    category: f.category,
    issue: f.issue,
    tunnel_id: f.tunnelId,
    chainage_m: f.chainageM,
    place: f.place,
    severity: f.severity,
    company: f.company,
    found_on: f.foundOn,
    deadline: f.deadline,
    inspector: f.inspector,
    photo_note: f.photoNote,
  };
}

/** What {@link inspectionRows} filters on in SQL (state and overdue are decided on the rows, protocol/inspections.ts). */
export interface InspectionFilter {
  category?: InspectionCategory;
  company?: string;
  severity?: string;
  /** Found on or after / on or before (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** Text in the issue, place, company or inspector (case-insensitive). */
  q?: string;
}

/** The inspections of `projectId` matching `f`, newest found first, at most `limit` rows. */
export async function inspectionRows(db: Kysely<Database>, projectId: string, f: InspectionFilter, limit: number): Promise<Array<Selectable<InspectionsTable>>> {
  let q = db.selectFrom('inspections').selectAll().where('project_id', '=', projectId);
  if (f.category) q = q.where('category', '=', f.category);
  if (f.company) q = q.where('company', '=', f.company);
  if (f.severity) q = q.where('severity', '=', f.severity);
  if (f.from) q = q.where('found_on', '>=', f.from);
  if (f.to) q = q.where('found_on', '<=', f.to);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('issue', 'ilike', like), eb('place', 'ilike', like), eb('company', 'ilike', like), eb('inspector', 'ilike', like)]));
  }
  return q.orderBy('found_on', 'desc').orderBy('inspection_id', 'desc').limit(limit).execute();
}

/** One inspection of `projectId`, or undefined. */
export async function inspectionRow(db: Kysely<Database>, projectId: string, inspectionId: number): Promise<Selectable<InspectionsTable> | undefined> {
  return db.selectFrom('inspections').selectAll().where('project_id', '=', projectId).where('inspection_id', '=', inspectionId).executeTakeFirst();
}

/** How many inspections `projectId` keeps. */
export async function inspectionCount(db: Kysely<Database>, projectId: string): Promise<number> {
  const r = await db.selectFrom('inspections').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Records new issues; answers their rows in order. */
export async function insertInspections(db: Kysely<Database>, projectId: string, fields: readonly InspectionFields[], nowMs = Date.now()): Promise<Array<Selectable<InspectionsTable>>> {
  if (fields.length === 0) return [];
  return db
    .insertInto('inspections')
    .values(fields.map((f) => ({ project_id: projectId, ...columnsOf(f), updated_at_ms: nowMs })))
    .returningAll()
    .execute();
}

/** Replaces an issue's fields (its rectification and review stay); undefined when there is no such inspection. */
export async function updateInspection(db: Kysely<Database>, projectId: string, inspectionId: number, f: InspectionFields, nowMs = Date.now()): Promise<Selectable<InspectionsTable> | undefined> {
  return db.updateTable('inspections').set({ ...columnsOf(f), updated_at_ms: nowMs }).where('project_id', '=', projectId).where('inspection_id', '=', inspectionId).returningAll().executeTakeFirst();
}

/**
 * Records a rectification, clearing an earlier (rejected) review; only on an issue not closed (whose review did
 * not pass), checked in the same statement, so a review landing at the same moment is never overwritten.
 * Undefined when there is no such open inspection.
 */
export async function rectifyInspection(db: Kysely<Database>, projectId: string, inspectionId: number, text: string, on: string, nowMs = Date.now()): Promise<Selectable<InspectionsTable> | undefined> {
  return db
    .updateTable('inspections')
    .set({ rectification: text, rectified_on: on, review: null, reviewer: '', review_note: '', reviewed_at_ms: null, updated_at_ms: nowMs })
    .where('project_id', '=', projectId)
    .where('inspection_id', '=', inspectionId)
    .where((eb) => eb.or([eb('review', 'is', null), eb('review', '!=', 'passed')]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records the review of a rectification by `reviewer` at `nowMs`; only of one awaiting review, checked in the
 * same statement (two reviewers at once: the first wins). Undefined when there is no such rectification.
 */
export async function reviewInspection(db: Kysely<Database>, projectId: string, inspectionId: number, result: ReviewResult, reviewer: string, note: string, nowMs = Date.now()): Promise<Selectable<InspectionsTable> | undefined> {
  return db
    .updateTable('inspections')
    .set({ review: result, reviewer, review_note: note, reviewed_at_ms: nowMs, updated_at_ms: nowMs })
    .where('project_id', '=', projectId)
    .where('inspection_id', '=', inspectionId)
    .where('rectified_on', 'is not', null)
    .where('review', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Deletes inspections of `projectId` by id and their photos (run it in a transaction); answers how many
 * inspections were.
 */
export async function deleteInspections(tx: Kysely<Database>, projectId: string, ids: readonly number[]): Promise<number> {
  const r = await tx.deleteFrom('inspections').where('project_id', '=', projectId).where('inspection_id', 'in', [...ids]).executeTakeFirst();
  await tx
    .deleteFrom('attachments')
    .where('project_id', '=', projectId)
    .where('owner_register', 'in', Object.values(REGISTER_OF))
    .where('owner_id', 'in', [...ids])
    .execute();
  return Number(r.numDeletedRows);
}

/**
 * Makes `ids` the `part` photos of inspection `inspectionId` of `projectId` (those it held and no longer
 * lists are deleted). Run it in the inspection's transaction.
 * @throws InspectionPhotosRefused when an id is neither the inspection's nor a free upload of the project, or not a JPEG/PNG (nothing changed then)
 */
export async function setInspectionPhotos(tx: Kysely<Database>, projectId: string, inspectionId: number, part: InspectionPhotoPart, ids: readonly number[]): Promise<void> {
  const field = part === 'issue' ? 'attachmentIds' : 'rectificationAttachmentIds';
  const types = await attachmentTypes(tx, projectId, ids);
  const notPhoto = ids.filter((id) => types.has(id) && !PHOTO_TYPES.has(types.get(id)!));
  if (notPhoto.length > 0) throw new InspectionPhotosRefused(field, 'notPhoto', notPhoto);
  const bad = await setRecordAttachments(tx, projectId, { register: REGISTER_OF[part], id: inspectionId }, ids);
  if (bad.length > 0) throw new InspectionPhotosRefused(field, 'notUpload', bad);
}

/** The photos of inspections `ids` of `projectId`, by inspection id (an inspection without photos is absent). */
export async function inspectionPhotos(db: Kysely<Database>, projectId: string, ids: readonly number[]): Promise<Map<number, InspectionPhotos>> {
  const [issue, rectification] = await Promise.all([recordAttachments(db, projectId, INSPECTION_REGISTER, ids), recordAttachments(db, projectId, INSPECTION_RECTIFICATION_REGISTER, ids)]);
  const out = new Map<number, InspectionPhotos>();
  for (const id of new Set([...issue.keys(), ...rectification.keys()])) out.set(id, { attachments: issue.get(id) ?? [], rectificationAttachments: rectification.get(id) ?? [] });
  return out;
}
