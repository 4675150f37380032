import type { Kysely, Selectable } from 'kysely';
import { INSPECTION_CATEGORIES, INSPECTION_SEVERITIES, REVIEW_RESULTS, inspectionState, isOverdue, type Inspection, type InspectionFields, type InspectionCategory, type ReviewResult } from '../../protocol';
import type { Database, InspectionsTable } from './schema';

/** A stored value of `values`, or the first one for a value this version does not know. */
function known<T extends string>(values: readonly T[], v: string): T {
  return (values as readonly string[]).includes(v) ? (v as T) : values[0];
}

/** A stored inspection as answered, its state and overdue flag as of `nowMs` (protocol/inspections.ts). */
export function toInspection(r: Selectable<InspectionsTable>, nowMs: number): Inspection {
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
    rectification: r.rectification,
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

/** Deletes inspections of `projectId` by id; answers how many were. */
export async function deleteInspections(db: Kysely<Database>, projectId: string, ids: readonly number[]): Promise<number> {
  const r = await db.deleteFrom('inspections').where('project_id', '=', projectId).where('inspection_id', 'in', [...ids]).executeTakeFirst();
  return Number(r.numDeletedRows);
}
