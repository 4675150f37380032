import type { Kysely } from 'kysely';
import type { SystemStyle } from '../../protocol';
import type { Database } from './schema';

/** The system style row of `projectId`, or undefined while nobody has edited it (defaults apply: toSystemStyle). */
export function systemStyleRow(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('system_styles').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/**
 * Writes `next` (version `baseVersion + 1`) by `by` at `nowMs`, guarded by the version it expects: the row
 * must still be at `baseVersion`, or, when `firstEdit`, there must be none yet. False when someone else
 * wrote first (nothing changed).
 */
export async function writeSystemStyle(db: Kysely<Database>, next: SystemStyle, baseVersion: number, firstEdit: boolean, by: string, nowMs: number): Promise<boolean> {
  const values = { theme: next.theme, primary_color: next.primaryColor, title: next.title, version: next.version, updated_at_ms: nowMs, updated_by: by };
  const written = firstEdit
    ? await db
        .insertInto('system_styles')
        .values({ project_id: next.projectId, ...values })
        .onConflict((oc) => oc.column('project_id').doNothing())
        .returning('project_id')
        .executeTakeFirst()
    : await db
        .updateTable('system_styles')
        .set(values)
        .where('project_id', '=', next.projectId)
        .where('version', '=', baseVersion)
        .returning('project_id')
        .executeTakeFirst();
  return written !== undefined;
}
