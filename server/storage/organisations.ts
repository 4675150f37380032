import type { Kysely } from 'kysely';
import type { Organisation } from '../../protocol';
import type { Database } from './schema';

function toOrganisation(r: { co_id: string; name: string; logo: string; archived_at_ms: number | null }): Organisation {
  return { coId: r.co_id, name: r.name, logo: r.logo, archived: r.archived_at_ms !== null };
}

/** Organisations by name: every one when `coIds` is null, else those of `coIds` that are not archived. */
export async function listOrganisations(db: Kysely<Database>, coIds: string[] | null): Promise<Organisation[]> {
  if (coIds !== null && coIds.length === 0) return [];
  let q = db.selectFrom('organisations').selectAll().orderBy('name');
  if (coIds !== null) q = q.where('co_id', 'in', coIds).where('archived_at_ms', 'is', null);
  return (await q.execute()).map(toOrganisation);
}

/** The organisation `coId`, or undefined. */
export function findOrganisation(db: Kysely<Database>, coId: string) {
  return db.selectFrom('organisations').selectAll().where('co_id', '=', coId).executeTakeFirst();
}

/** Adds an organisation created at `nowMs`; undefined (nothing written) when `coId` is taken. */
export async function insertOrganisation(db: Kysely<Database>, org: { coId: string; name: string; logo: string }, nowMs: number): Promise<Organisation | undefined> {
  const row = await db
    .insertInto('organisations')
    .values({ co_id: org.coId, name: org.name, logo: org.logo, created_at_ms: nowMs })
    .onConflict((oc) => oc.column('co_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toOrganisation(row) : undefined;
}

/**
 * Changes the given fields of organisation `coId` (archived: since `nowMs`) and the copy of its name and
 * logo its projects keep (the session user's coName, coLogo), in one transaction; undefined when there is
 * no such organisation.
 */
export function editOrganisation(
  db: Kysely<Database>,
  coId: string,
  fields: { name?: string; logo?: string; archived?: boolean },
  nowMs: number,
): Promise<Organisation | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('organisations')
      .set({
        ...(fields.name !== undefined && { name: fields.name }),
        ...(fields.logo !== undefined && { logo: fields.logo }),
        ...(fields.archived !== undefined && { archived_at_ms: fields.archived ? nowMs : null }),
      })
      .where('co_id', '=', coId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await tx.updateTable('projects').set({ co_name: row.name, co_logo: row.logo }).where('co_id', '=', row.co_id).execute();
    return toOrganisation(row);
  });
}
