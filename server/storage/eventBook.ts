import type { Kysely, Selectable } from 'kysely';
import { EVENT_KINDS, type EventFilter, type EventKind, type ProjectEvent } from '../../protocol';
import { deleteRecordAttachments, recordAttachments, setRecordAttachments } from './attachments';
import type { Database, ProjectEventsTable } from './schema';

/** The register name the event book's attachments carry (attachments.owner_register). */
export const EVENT_REGISTER = 'event';

/** What a person writes of an event (protocol/eventBook.ts). */
export interface EventFields {
  occurredAtMs: number;
  kind: EventKind;
  title: string;
  text: string;
  recordable: boolean;
  attachmentIds: readonly number[];
}

/** A refusal of an event write: attachment ids that are not free uploads of the project (nor the event's own). */
export class EventAttachmentsRefused extends Error {
  constructor(readonly ids: readonly number[]) {
    super(`attachmentIds: no upload ${ids.join(', ')} in this project`);
  }
}

function kindOf(v: string): EventKind {
  return (EVENT_KINDS as readonly string[]).includes(v) ? (v as EventKind) : 'other';
}

/** Rows with their attachments, as the wire has them. */
async function toEvents(db: Kysely<Database>, projectId: string, rows: Array<Selectable<ProjectEventsTable>>): Promise<ProjectEvent[]> {
  const files = await recordAttachments(db, projectId, EVENT_REGISTER, rows.map((r) => r.event_id));
  return rows.map((r) => ({
    eventId: r.event_id,
    occurredAtMs: r.occurred_at_ms,
    kind: kindOf(r.kind),
    title: r.title,
    text: r.text,
    recordable: r.recordable,
    attachments: files.get(r.event_id) ?? [],
    recordedBy: r.recorded_by,
    recordedAtMs: r.recorded_at_ms,
    editedBy: r.edited_by,
    editedAtMs: r.edited_at_ms,
  }));
}

/** The events of a filter (kind, `[fromMs, toMs)`, words in title or text, recordable only). */
function filtered(db: Kysely<Database>, f: EventFilter) {
  let q = db.selectFrom('project_events').where('project_id', '=', f.projectId);
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.fromMs !== undefined) q = q.where('occurred_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('occurred_at_ms', '<', f.toMs);
  if (f.recordableOnly) q = q.where('recordable', '=', true);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('text', 'ilike', like)]));
  }
  return q;
}

/** One page of a filter's events, latest first (by time, then by id). */
export async function listEvents(db: Kysely<Database>, f: EventFilter, page: number, pageSize: number): Promise<{ total: number; list: ProjectEvent[] }> {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    filtered(db, f).selectAll().orderBy('occurred_at_ms', 'desc').orderBy('event_id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { total: Number(total), list: await toEvents(db, f.projectId, rows) };
}

/** Up to `limit` events of a filter after the keyset `after` (the previous page's last `[occurredAtMs, eventId]`; null: from the latest), latest first: the export's pages, the home's latest events. */
export async function eventsAfter(db: Kysely<Database>, f: EventFilter, after: readonly [number, number] | null, limit: number): Promise<ProjectEvent[]> {
  let q = filtered(db, f).selectAll();
  if (after !== null) q = q.where((eb) => eb.or([eb('occurred_at_ms', '<', after[0]), eb.and([eb('occurred_at_ms', '=', after[0]), eb('event_id', '<', after[1])])]));
  return toEvents(db, f.projectId, await q.orderBy('occurred_at_ms', 'desc').orderBy('event_id', 'desc').limit(limit).execute());
}

/**
 * Records an event of `projectId` and takes its attachments (uploads of the project). Run it in a transaction.
 * @throws EventAttachmentsRefused when an attachment id is not a free upload of the project
 */
export async function insertEvent(tx: Kysely<Database>, projectId: string, e: EventFields, by: string, nowMs: number): Promise<ProjectEvent> {
  const row = await tx
    .insertInto('project_events')
    .values({ project_id: projectId, occurred_at_ms: e.occurredAtMs, kind: e.kind, title: e.title, text: e.text, recordable: e.recordable, recorded_by: by, recorded_at_ms: nowMs, edited_by: null, edited_at_ms: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  const bad = await setRecordAttachments(tx, projectId, { register: EVENT_REGISTER, id: row.event_id }, e.attachmentIds);
  if (bad.length > 0) throw new EventAttachmentsRefused(bad);
  return (await toEvents(tx, projectId, [row]))[0];
}

/**
 * Changes an event of `projectId`: its fields, and its attachments are `e.attachmentIds` from now on (the
 * ones dropped are deleted). Run it in a transaction.
 * @returns the event, or undefined when there is none of that id in the project
 * @throws EventAttachmentsRefused when an attachment id is neither the event's nor a free upload of the project
 */
export async function updateEvent(tx: Kysely<Database>, projectId: string, eventId: number, e: EventFields, by: string, nowMs: number): Promise<ProjectEvent | undefined> {
  const row = await tx
    .updateTable('project_events')
    .set({ occurred_at_ms: e.occurredAtMs, kind: e.kind, title: e.title, text: e.text, recordable: e.recordable, edited_by: by, edited_at_ms: nowMs })
    .where('project_id', '=', projectId)
    .where('event_id', '=', eventId)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const bad = await setRecordAttachments(tx, projectId, { register: EVENT_REGISTER, id: eventId }, e.attachmentIds);
  if (bad.length > 0) throw new EventAttachmentsRefused(bad);
  return (await toEvents(tx, projectId, [row]))[0];
}

/** Deletes an event of `projectId` and its attachments (run it in a transaction). @returns false when there was none */
export async function deleteEvent(tx: Kysely<Database>, projectId: string, eventId: number): Promise<boolean> {
  const r = await tx.deleteFrom('project_events').where('project_id', '=', projectId).where('event_id', '=', eventId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) return false;
  await deleteRecordAttachments(tx, projectId, { register: EVENT_REGISTER, id: eventId });
  return true;
}

/**
 * The time of the last recordable accident at or before `atMs` per project of `projectIds` (one grouped
 * query; projects without one are absent).
 */
export async function lastRecordableAccidents(db: Kysely<Database>, projectIds: readonly string[], atMs: number): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('project_events')
    .select(['project_id', (eb) => eb.fn.max<number>('occurred_at_ms').as('at')])
    .where('project_id', 'in', [...projectIds])
    .where('recordable', '=', true)
    .where('occurred_at_ms', '<=', atMs)
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((r) => [r.project_id, Number(r.at)]));
}

/** The time of the last recordable accident of `projectId` at or before `atMs`, or null. */
export async function lastRecordableAccidentMs(db: Kysely<Database>, projectId: string, atMs: number): Promise<number | null> {
  const r = await db
    .selectFrom('project_events')
    .select((eb) => eb.fn.max<number>('occurred_at_ms').as('at'))
    .where('project_id', '=', projectId)
    .where('recordable', '=', true)
    .where('occurred_at_ms', '<=', atMs)
    .executeTakeFirst();
  return r?.at ?? null;
}
