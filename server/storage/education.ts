import type { Kysely, Selectable } from 'kysely';
import { EDUCATION_METHODS, EDUCATION_TYPES, educationAttachmentIds, type EducationFields, type EducationParticipant, type EducationRecord, type EducationStatisRecord } from '../../protocol';
import { deleteRecordAttachments, recordAttachments, setRecordAttachments } from './attachments';
import type { Database, EducationRecordsTable } from './schema';

/** The register name the education records' attachments carry (attachments.owner_register). */
export const EDUCATION_REGISTER = 'education';

/** The type of the three-level entry education (protocol/education.ts). */
const THREE_LEVEL = 'threeLevel';

/** A refusal of a record write: attachment ids that are not free uploads of the project (nor the record's own), or participants not in the registry. */
export class EducationRefused extends Error {
  constructor(
    readonly field: 'attachmentIds' | 'participants',
    readonly ids: ReadonlyArray<number | string>,
  ) {
    super(field === 'attachmentIds' ? `record.attachmentIds: no upload ${ids.join(', ')} in this project` : `record.participants: nobody ${ids.join(', ')} in this project's registry`);
  }
}

/** What the list and the export filter on (protocol/contracts/education.ts educationListBody). */
export interface EducationFilter {
  projectId: string;
  type?: string;
  fromMs?: number;
  toMs?: number;
  /** A participant of this team, or a pre-shift record of it. */
  team?: string;
  /** A participant of this company. */
  company?: string;
}

function known<T extends string>(values: readonly T[], v: string, fallback: T): T {
  return (values as readonly string[]).includes(v) ? (v as T) : fallback;
}

function filtered(db: Kysely<Database>, f: EducationFilter) {
  let q = db.selectFrom('education_records as r').where('r.project_id', '=', f.projectId);
  if (f.type !== undefined) q = q.where('r.type', '=', f.type);
  if (f.fromMs !== undefined) q = q.where('r.trained_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('r.trained_at_ms', '<', f.toMs);
  const through = (column: 'team' | 'company', value: string) =>
    q.where((eb) => {
      const participant = eb.exists(
        eb
          .selectFrom('education_participants as ep')
          .innerJoin('people as p', (j) => j.onRef('p.project_id', '=', 'ep.project_id').onRef('p.person_id', '=', 'ep.person_id'))
          .select('ep.person_id')
          .whereRef('ep.record_id', '=', 'r.record_id')
          .where(`p.${column}`, '=', value),
      );
      return column === 'team' ? eb.or([participant, eb('r.team', '=', value)]) : participant;
    });
  if (f.team !== undefined) q = through('team', f.team);
  if (f.company !== undefined) q = through('company', f.company);
  return q;
}

/** The participants of records `ids`, with the registry's name, company and team ('' for a person removed since). */
async function participantsOf(db: Kysely<Database>, projectId: string, ids: readonly number[]): Promise<Map<number, EducationParticipant[]>> {
  const out = new Map<number, EducationParticipant[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('education_participants as ep')
    .leftJoin('people as p', (j) => j.onRef('p.project_id', '=', 'ep.project_id').onRef('p.person_id', '=', 'ep.person_id'))
    .select(['ep.record_id', 'ep.person_id', 'p.name', 'p.company', 'p.team'])
    .where('ep.project_id', '=', projectId)
    .where('ep.record_id', 'in', [...ids])
    .orderBy('ep.record_id')
    .orderBy('p.name')
    .execute();
  for (const r of rows) {
    const list = out.get(r.record_id) ?? [];
    list.push({ personId: r.person_id, name: r.name ?? '', company: r.company ?? '', team: r.team ?? '' });
    out.set(r.record_id, list);
  }
  return out;
}

/** Rows with their participants and attachments, as the wire has them. */
async function toRecords(db: Kysely<Database>, projectId: string, rows: Array<Selectable<EducationRecordsTable>>): Promise<EducationRecord[]> {
  const ids = rows.map((r) => r.record_id);
  const [people, files] = await Promise.all([participantsOf(db, projectId, ids), recordAttachments(db, projectId, EDUCATION_REGISTER, ids)]);
  return rows.map((r) => {
    const attachments = files.get(r.record_id) ?? [];
    const roles = new Set([r.sign_sheet_id, r.photo_id, r.video_id]);
    return {
      recordId: r.record_id,
      trainedAtMs: r.trained_at_ms,
      theme: r.theme,
      type: known(EDUCATION_TYPES, r.type, 'other'),
      method: known(EDUCATION_METHODS, r.method, 'other'),
      hours: r.hours,
      participants: people.get(r.record_id) ?? [],
      attachments,
      attachmentIds: attachments.map((a) => a.attachmentId).filter((id) => !roles.has(id)),
      team: r.team,
      initiator: r.initiator,
      signSheetId: r.sign_sheet_id,
      photoId: r.photo_id,
      videoId: r.video_id,
      recordedBy: r.recorded_by,
      updatedAtMs: r.updated_at_ms,
    };
  });
}

/** One page of a filter's records, latest trained first (then by id). */
export async function listEducation(db: Kysely<Database>, f: EducationFilter, offset: number, limit: number): Promise<{ total: number; list: EducationRecord[] }> {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered(db, f).selectAll('r').orderBy('r.trained_at_ms', 'desc').orderBy('r.record_id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(total), list: await toRecords(db, f.projectId, rows) };
}

/** How many records `projectId` keeps. */
export async function educationCount(db: Kysely<Database>, projectId: string): Promise<number> {
  const r = await db.selectFrom('education_records').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Writes participants and attachments of record `recordId`; throws EducationRefused (the caller's transaction rolls back). */
async function setParts(tx: Kysely<Database>, projectId: string, recordId: number, f: EducationFields): Promise<void> {
  const registered = await tx.selectFrom('people').select('person_id').where('project_id', '=', projectId).where('person_id', 'in', [...f.participants]).execute();
  const have = new Set(registered.map((r) => r.person_id));
  const missing = f.participants.filter((id) => !have.has(id));
  if (missing.length > 0) throw new EducationRefused('participants', missing);
  await tx.deleteFrom('education_participants').where('record_id', '=', recordId).execute();
  await tx
    .insertInto('education_participants')
    .values(f.participants.map((person_id) => ({ record_id: recordId, project_id: projectId, person_id })))
    .execute();
  const bad = await setRecordAttachments(tx, projectId, { register: EDUCATION_REGISTER, id: recordId }, educationAttachmentIds(f));
  if (bad.length > 0) throw new EducationRefused('attachmentIds', bad);
}

function columnsOf(f: EducationFields) {
  return { trained_at_ms: f.trainedAtMs, theme: f.theme, type: f.type, method: f.method, hours: f.hours, team: f.team, initiator: f.initiator, sign_sheet_id: f.signSheetId, photo_id: f.photoId, video_id: f.videoId };
}

/**
 * Records a training of `projectId` with its participants and attachments. Run it in a transaction.
 * @throws EducationRefused when a participant is not in the registry or an attachment is not a free upload of the project
 */
export async function insertEducation(tx: Kysely<Database>, projectId: string, f: EducationFields, by: string, nowMs: number): Promise<EducationRecord> {
  const row = await tx
    .insertInto('education_records')
    .values({ project_id: projectId, ...columnsOf(f), recorded_by: by, updated_at_ms: nowMs })
    .returningAll()
    .executeTakeFirstOrThrow();
  await setParts(tx, projectId, row.record_id, f);
  return (await toRecords(tx, projectId, [row]))[0];
}

/**
 * Replaces a record's fields, participants and attachments (those dropped are deleted). Run it in a transaction.
 * @returns the record, or undefined when `projectId` has none of that id
 * @throws EducationRefused as {@link insertEducation}
 */
export async function updateEducation(tx: Kysely<Database>, projectId: string, recordId: number, f: EducationFields, nowMs: number): Promise<EducationRecord | undefined> {
  const row = await tx.updateTable('education_records').set({ ...columnsOf(f), updated_at_ms: nowMs }).where('project_id', '=', projectId).where('record_id', '=', recordId).returningAll().executeTakeFirst();
  if (!row) return undefined;
  await setParts(tx, projectId, recordId, f);
  return (await toRecords(tx, projectId, [row]))[0];
}

/** Deletes a record of `projectId`, its participants and attachments (run it in a transaction). @returns false when there was none */
export async function deleteEducation(tx: Kysely<Database>, projectId: string, recordId: number): Promise<boolean> {
  const r = await tx.deleteFrom('education_records').where('project_id', '=', projectId).where('record_id', '=', recordId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) return false;
  await deleteRecordAttachments(tx, projectId, { register: EDUCATION_REGISTER, id: recordId });
  return true;
}

/** The records of `projectId` trained in `[fromMs, toMs)` with their participants' company and team, for educationStatis (protocol/education.ts). */
export async function educationStatisRecords(db: Kysely<Database>, projectId: string, fromMs?: number, toMs?: number): Promise<EducationStatisRecord[]> {
  let q = db
    .selectFrom('education_records as r')
    .innerJoin('education_participants as ep', 'ep.record_id', 'r.record_id')
    .leftJoin('people as p', (j) => j.onRef('p.project_id', '=', 'ep.project_id').onRef('p.person_id', '=', 'ep.person_id'))
    .select(['r.record_id', 'r.trained_at_ms', 'r.hours', 'ep.person_id', 'p.company', 'p.team'])
    .where('r.project_id', '=', projectId);
  if (fromMs !== undefined) q = q.where('r.trained_at_ms', '>=', fromMs);
  if (toMs !== undefined) q = q.where('r.trained_at_ms', '<', toMs);
  const out = new Map<number, EducationStatisRecord & { participants: Array<{ personId: string; company: string; team: string }> }>();
  for (const r of await q.execute()) {
    let rec = out.get(r.record_id);
    if (!rec) out.set(r.record_id, (rec = { recordId: r.record_id, trainedAtMs: r.trained_at_ms, hours: r.hours, participants: [] }));
    rec.participants.push({ personId: r.person_id, company: r.company ?? '', team: r.team ?? '' });
  }
  return [...out.values()];
}

/**
 * The people of `projectId` (or of every project) named by a three-level entry education record, by project.
 * Projects without any are absent.
 */
export async function threeLevelEducated(db: Kysely<Database>, projectId?: string): Promise<Map<string, Set<string>>> {
  let q = db
    .selectFrom('education_participants as ep')
    .innerJoin('education_records as r', 'r.record_id', 'ep.record_id')
    .select(['ep.project_id', 'ep.person_id'])
    .where('r.type', '=', THREE_LEVEL)
    .distinct();
  if (projectId !== undefined) q = q.where('ep.project_id', '=', projectId);
  const out = new Map<string, Set<string>>();
  for (const r of await q.execute()) {
    const set = out.get(r.project_id) ?? new Set<string>();
    set.add(r.person_id);
    out.set(r.project_id, set);
  }
  return out;
}

/** Each registered person of `projectId` (by name) with whether a three-level record names them and their latest training of any type. */
export async function educationPeople(db: Kysely<Database>, projectId: string): Promise<Array<{ personId: string; name: string; company: string; team: string; threeLevel: boolean; lastTrainedAtMs: number | null }>> {
  const [people, trained, last] = await Promise.all([
    db.selectFrom('people').select(['person_id', 'name', 'company', 'team']).where('project_id', '=', projectId).orderBy('name').orderBy('person_id').execute(),
    threeLevelEducated(db, projectId),
    db
      .selectFrom('education_participants as ep')
      .innerJoin('education_records as r', 'r.record_id', 'ep.record_id')
      .select(['ep.person_id', (eb) => eb.fn.max<number>('r.trained_at_ms').as('last')])
      .where('ep.project_id', '=', projectId)
      .groupBy('ep.person_id')
      .execute(),
  ]);
  const educated = trained.get(projectId) ?? new Set<string>();
  const lastOf = new Map(last.map((r) => [r.person_id, Number(r.last)]));
  return people.map((p) => ({ personId: p.person_id, name: p.name, company: p.company, team: p.team, threeLevel: educated.has(p.person_id), lastTrainedAtMs: lastOf.get(p.person_id) ?? null }));
}
