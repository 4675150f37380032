import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MessageOrigin } from '../rules/alarmPersister';
import type { Database } from '../storage';

/** Receipts are kept this long (ms): far beyond any takeover, which happens within a lease period. */
export const RECEIPT_RETENTION_MS = 86_400_000;

/** The key of a device message: SHA-1 of topic, NUL and payload, base64 (the same message delivered again has the same key). */
export function messageKey(topic: string, payload: Uint8Array | string): string {
  return createHash('sha1').update(topic).update('\0').update(payload).digest('base64');
}

/**
 * Writes the receipts of `origins` through `trx`, the transaction of their alarm changes
 * (AlarmPersister's commit hook): a message whose alarm change committed has its receipt, and no other.
 */
export async function writeReceipts(trx: Kysely<Database>, origins: readonly MessageOrigin[], nowMs: number): Promise<void> {
  if (origins.length === 0) return;
  const keys = [...new Set(origins.map((o) => messageKey(o.topic, o.payload)))];
  await trx
    .insertInto('ingest_receipts')
    .values(keys.map((message_key) => ({ message_key, stored_at_ms: nowMs })))
    .onConflict((oc) => oc.column('message_key').doNothing())
    .execute();
}

/** Whether a message's alarm changes were stored already (by this node or by an earlier owner of its partition). */
export async function hasReceipt(db: Kysely<Database>, topic: string, payload: Uint8Array | string): Promise<boolean> {
  const row = await db.selectFrom('ingest_receipts').select('message_key').where('message_key', '=', messageKey(topic, payload)).executeTakeFirst();
  return row !== undefined;
}

/**
 * Which of `keys` ({@link messageKey}) have a receipt: one query for all of them.
 * @returns the keys found
 */
export async function storedKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('ingest_receipts').select('message_key').where('message_key', 'in', [...new Set(keys)]).execute();
  return new Set(rows.map((r) => r.message_key));
}

/** Deletes receipts older than RECEIPT_RETENTION_MS. @returns how many */
export async function pruneReceipts(db: Kysely<Database>, nowMs: number): Promise<number> {
  const r = await db.deleteFrom('ingest_receipts').where('stored_at_ms', '<', nowMs - RECEIPT_RETENTION_MS).executeTakeFirst();
  return Number(r.numDeletedRows);
}
