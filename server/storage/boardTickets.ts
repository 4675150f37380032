import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Stores a board/add ticket (its SHA-256 `ticketHash`) of `username` for `projectId`, issued at `nowMs`
 * and good until `expiresAtMs`, in one transaction that also deletes expired tickets (of anyone) and the
 * user's tickets beyond the newest `keepPerUser`, so the table stays bounded.
 */
export async function storeTicket(
  db: Kysely<Database>,
  t: { ticketHash: string; username: string; projectId: string; nowMs: number; expiresAtMs: number },
  keepPerUser: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('board_tickets').where('expires_at_ms', '<=', t.nowMs).execute();
    await tx
      .insertInto('board_tickets')
      .values({ ticket_hash: t.ticketHash, username: t.username, project_id: t.projectId, created_at_ms: t.nowMs, expires_at_ms: t.expiresAtMs })
      .execute();
    const keep = tx
      .selectFrom('board_tickets')
      .select('ticket_hash')
      .where('username', '=', t.username)
      .orderBy('created_at_ms', 'desc')
      .orderBy('ticket_hash')
      .limit(keepPerUser);
    await tx.deleteFrom('board_tickets').where('username', '=', t.username).where('ticket_hash', 'not in', keep).execute();
  });
}

/**
 * Uses up the ticket `ticketHash` of `username` for `projectId` unless it expired by `nowMs`; whether
 * there was one. In the transaction of the board it is for, a failed board/add rolls the use back.
 */
export async function useTicket(db: Kysely<Database>, ticketHash: string, username: string, projectId: string, nowMs: number): Promise<boolean> {
  const used = await db
    .deleteFrom('board_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('username', '=', username)
    .where('project_id', '=', projectId)
    .where('expires_at_ms', '>', nowMs)
    .returning('ticket_hash')
    .executeTakeFirst();
  return used !== undefined;
}
