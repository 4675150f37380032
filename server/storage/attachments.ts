import { sql, type Kysely, type Selectable } from 'kysely';
import { isAttachmentType, type Attachment, type AttachmentType } from '../../protocol';
import type { AttachmentsTable, Database } from './schema';

/** An uploaded file's row without its bytes, as a record lists it. */
export function toAttachment(r: Omit<Selectable<AttachmentsTable>, 'content' | 'project_id' | 'owner_register' | 'owner_id'>): Attachment {
  return {
    attachmentId: r.attachment_id,
    fileName: r.file_name,
    // the type was sniffed on upload; a row of a type this version does not know is shown as a PDF link would be
    type: isAttachmentType(r.type) ? r.type : 'pdf',
    sizeBytes: r.size_bytes,
    uploadedBy: r.uploaded_by,
    uploadedAtMs: r.uploaded_at_ms,
  };
}

const META = ['attachment_id', 'file_name', 'type', 'size_bytes', 'uploaded_by', 'uploaded_at_ms'] as const;

/** Bytes of attachments `projectId` holds (uploads and records' files). */
export async function attachmentBytes(db: Kysely<Database>, projectId: string): Promise<number> {
  const r = await db.selectFrom('attachments').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), sql<number>`0`).as('used')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return Number(r.used);
}

/**
 * Stores an upload of `projectId` unless the project's attachments would then exceed `capBytes`; the check
 * and the insert hold a per-project lock, so two uploads at once cannot both pass the cap. Run it in a
 * transaction (the lock is the transaction's).
 * @returns the attachment, or `{ usedBytes }` when the cap refuses it
 */
export async function insertAttachment(
  tx: Kysely<Database>,
  a: { projectId: string; fileName: string; type: AttachmentType; content: Uint8Array; uploadedBy: string; nowMs: number },
  capBytes: number,
): Promise<Attachment | { usedBytes: number }> {
  await sql`select pg_advisory_xact_lock(hashtext(${`attachments:${a.projectId}`}))`.execute(tx);
  const usedBytes = await attachmentBytes(tx, a.projectId);
  if (usedBytes + a.content.byteLength > capBytes) return { usedBytes };
  const row = await tx
    .insertInto('attachments')
    .values({ project_id: a.projectId, owner_register: null, owner_id: null, file_name: a.fileName, type: a.type, size_bytes: a.content.byteLength, content: a.content, uploaded_by: a.uploadedBy, uploaded_at_ms: a.nowMs })
    .returning(META)
    .executeTakeFirstOrThrow();
  return toAttachment(row);
}

/** An attachment's file of `projectId`, or undefined. */
export async function attachmentFile(db: Kysely<Database>, projectId: string, attachmentId: number): Promise<{ type: string; fileName: string; content: Uint8Array } | undefined> {
  return db.selectFrom('attachments').select(['type', 'file_name as fileName', 'content']).where('project_id', '=', projectId).where('attachment_id', '=', attachmentId).executeTakeFirst();
}

/**
 * Deletes an upload of `projectId` that no record holds.
 * @returns `removed`, `held` (a record holds it: its record deletes it) or `missing`
 */
export async function removeUpload(db: Kysely<Database>, projectId: string, attachmentId: number): Promise<'removed' | 'held' | 'missing'> {
  const row = await db.selectFrom('attachments').select('owner_register').where('project_id', '=', projectId).where('attachment_id', '=', attachmentId).executeTakeFirst();
  if (!row) return 'missing';
  if (row.owner_register !== null) return 'held';
  await db.deleteFrom('attachments').where('attachment_id', '=', attachmentId).where('owner_register', 'is', null).execute();
  return 'removed';
}

/** Uploads older than this that no record took are deleted at the project's next upload (a dialog closed without saving). */
export const STRAY_UPLOAD_MS = 24 * 3_600_000;

/** Deletes the uploads of `projectId` no record took that are older than `beforeMs`. @returns how many */
export async function pruneStrayUploads(db: Kysely<Database>, projectId: string, beforeMs: number): Promise<number> {
  const r = await db.deleteFrom('attachments').where('project_id', '=', projectId).where('owner_register', 'is', null).where('uploaded_at_ms', '<', beforeMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Makes `ids` the attachments of record `owner` (register and id) of `projectId`: uploads of the project
 * not yet held are taken, the record's earlier attachments not listed are deleted. Run it in the record's
 * transaction.
 * @returns the ids that are neither the record's nor a free upload of the project (nothing changed then), or []
 */
export async function setRecordAttachments(tx: Kysely<Database>, projectId: string, owner: { register: string; id: number }, ids: readonly number[]): Promise<number[]> {
  if (ids.length > 0) {
    const rows = await tx.selectFrom('attachments').select(['attachment_id', 'owner_register', 'owner_id']).where('project_id', '=', projectId).where('attachment_id', 'in', [...ids]).execute();
    const usable = new Set(rows.filter((r) => r.owner_register === null || (r.owner_register === owner.register && r.owner_id === owner.id)).map((r) => r.attachment_id));
    const bad = ids.filter((id) => !usable.has(id));
    if (bad.length > 0) return bad;
    await tx.updateTable('attachments').set({ owner_register: owner.register, owner_id: owner.id }).where('project_id', '=', projectId).where('attachment_id', 'in', [...ids]).execute();
  }
  let gone = tx.deleteFrom('attachments').where('project_id', '=', projectId).where('owner_register', '=', owner.register).where('owner_id', '=', owner.id);
  if (ids.length > 0) gone = gone.where('attachment_id', 'not in', [...ids]);
  await gone.execute();
  return [];
}

/** The stored types of attachments `ids` of `projectId` (ids not in the project are absent). */
export async function attachmentTypes(db: Kysely<Database>, projectId: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('attachments').select(['attachment_id', 'type']).where('project_id', '=', projectId).where('attachment_id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.attachment_id, r.type]));
}

/** Deletes every attachment of record `owner` of `projectId` (with the record, in its transaction). */
export async function deleteRecordAttachments(tx: Kysely<Database>, projectId: string, owner: { register: string; id: number }): Promise<void> {
  await tx.deleteFrom('attachments').where('project_id', '=', projectId).where('owner_register', '=', owner.register).where('owner_id', '=', owner.id).execute();
}

/** The attachments (without bytes) of records `ids` of `register` in `projectId`, by record id, in upload order. */
export async function recordAttachments(db: Kysely<Database>, projectId: string, register: string, ids: readonly number[]): Promise<Map<number, Attachment[]>> {
  const out = new Map<number, Attachment[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('attachments')
    .select([...META, 'owner_id'])
    .where('project_id', '=', projectId)
    .where('owner_register', '=', register)
    .where('owner_id', 'in', [...ids])
    .orderBy('attachment_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.owner_id!) ?? [];
    list.push(toAttachment(r));
    out.set(r.owner_id!, list);
  }
  return out;
}
