import type { Kysely } from 'kysely';
import { MAX_EMERGENCY_RECORDS, emergencyFieldsSchema, type EmergencyFields, type EmergencyRecord, type EmergencyRegister } from '../../protocol';
import { fromJson, toJson } from './mappers';
import type { Database } from './schema';

/** The stored fields of a row as a record, or null when they no longer parse (written by another version). */
function toRecord(r: { record_id: number; fields: unknown; updated_at_ms: number; updated_by: string }): EmergencyRecord | null {
  const parsed = emergencyFieldsSchema.safeParse(fromJson(r.fields));
  if (!parsed.success) return null;
  return { ...parsed.data, recordId: Number(r.record_id), updatedAtMs: r.updated_at_ms, updatedBy: r.updated_by } as EmergencyRecord;
}

/** The columns of a record's fields: the JSON and, for a supply point, its bore and chainage. */
function columnsOf(fields: EmergencyFields) {
  const place = fields.register === 'supplyPoint' ? { tunnel_id: fields.tunnelId, chainage_m: fields.chainageM } : { tunnel_id: null, chainage_m: null };
  return { register: fields.register, fields: toJson(fields), ...place };
}

/**
 * The records of one register of `projectId` in the order they were added (at most {@link MAX_EMERGENCY_RECORDS}),
 * with `tunnelId` only the supply points of that bore (by the row's `tunnel_id`, nothing else parsed).
 */
export async function emergencyRecords<R extends EmergencyRegister>(db: Kysely<Database>, projectId: string, register: R, tunnelId?: string): Promise<Array<Extract<EmergencyRecord, { register: R }>>> {
  let q = db.selectFrom('emergency_records').select(['record_id', 'fields', 'updated_at_ms', 'updated_by']).where('project_id', '=', projectId).where('register', '=', register);
  if (tunnelId !== undefined) q = q.where('tunnel_id', '=', tunnelId);
  const rows = await q.orderBy('record_id').limit(MAX_EMERGENCY_RECORDS).execute();
  return rows.map(toRecord).filter((r): r is Extract<EmergencyRecord, { register: R }> => r !== null && r.register === register);
}

/** How many records one register of `projectId` holds. */
export async function emergencyRecordCount(db: Kysely<Database>, projectId: string, register: EmergencyRegister): Promise<number> {
  const r = await db.selectFrom('emergency_records').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).where('register', '=', register).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Adds records to `projectId`; answers them with their ids, in order. */
export async function insertEmergencyRecords(db: Kysely<Database>, projectId: string, records: readonly EmergencyFields[], by: string, nowMs = Date.now()): Promise<EmergencyRecord[]> {
  if (records.length === 0) return [];
  const rows = await db
    .insertInto('emergency_records')
    .values(records.map((f) => ({ project_id: projectId, ...columnsOf(f), updated_at_ms: nowMs, updated_by: by })))
    .returning(['record_id', 'fields', 'updated_at_ms', 'updated_by'])
    .execute();
  return rows.map(toRecord).filter((r): r is EmergencyRecord => r !== null);
}

/**
 * Replaces the fields of record `recordId` of `projectId`, which must be of the same register.
 * @returns the record, or undefined when there is no such record of that register
 */
export async function updateEmergencyRecord(db: Kysely<Database>, projectId: string, recordId: number, fields: EmergencyFields, by: string, nowMs = Date.now()): Promise<EmergencyRecord | undefined> {
  const row = await db
    .updateTable('emergency_records')
    .set({ ...columnsOf(fields), updated_at_ms: nowMs, updated_by: by })
    .where('project_id', '=', projectId)
    .where('record_id', '=', recordId)
    .where('register', '=', fields.register)
    .returning(['record_id', 'fields', 'updated_at_ms', 'updated_by'])
    .executeTakeFirst();
  return row ? (toRecord(row) ?? undefined) : undefined;
}

/** Deletes records of `projectId` by id (of any register); answers how many were. */
export async function deleteEmergencyRecords(db: Kysely<Database>, projectId: string, recordIds: readonly number[]): Promise<number> {
  const r = await db.deleteFrom('emergency_records').where('project_id', '=', projectId).where('record_id', 'in', [...recordIds]).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes every record of one register of `projectId` (a replacing import). */
export async function clearEmergencyRegister(db: Kysely<Database>, projectId: string, register: EmergencyRegister): Promise<void> {
  await db.deleteFrom('emergency_records').where('project_id', '=', projectId).where('register', '=', register).execute();
}
