import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in one database transaction: committed when it resolves, rolled back when it throws (the
 * error is rethrown as it was). The storage functions `work` calls take the transaction `tx` as their db.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
