import type { Kysely } from 'kysely';
import type { CustomPanelTypeList } from '../../protocol';
import type { Database } from './schema';

/** The custom panel types of `projectId`, by type id. */
export async function listCustomPanelTypes(db: Kysely<Database>, projectId: string): Promise<CustomPanelTypeList> {
  const rows = await db.selectFrom('custom_panel_types').selectAll().where('project_id', '=', projectId).orderBy('type').execute();
  return {
    projectId,
    types: rows.map((r) => ({ type: r.type, title: r.title, moduleUrl: r.module_url, defaultSize: { w: r.default_w, h: r.default_h } })),
  };
}

/** A custom panel type as panel/custom/type/add writes it. */
export interface CustomPanelTypeFields {
  type: string;
  title: string;
  moduleUrl: string;
  defaultSize: { w: number; h: number };
}

/**
 * Adds type `t` to `projectId`, or replaces the type of the same id, by `by` at `nowMs`, in one transaction
 * that locks the project's types first: false (nothing written) when it is new and the project already
 * keeps `maxTypes`.
 */
export function putCustomPanelType(db: Kysely<Database>, projectId: string, t: CustomPanelTypeFields, maxTypes: number, by: string, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('custom_panel_types').select('type').where('project_id', '=', projectId).forUpdate().execute();
    const replaces = existing.some((r) => r.type === t.type);
    if (!replaces && existing.length >= maxTypes) return false;
    const row = { title: t.title, module_url: t.moduleUrl, default_w: t.defaultSize.w, default_h: t.defaultSize.h, updated_at_ms: nowMs, updated_by: by };
    await tx
      .insertInto('custom_panel_types')
      .values({ project_id: projectId, type: t.type, ...row })
      .onConflict((oc) => oc.columns(['project_id', 'type']).doUpdateSet(row))
      .execute();
    return true;
  });
}

/** Deletes the types `types` of `projectId` (unknown ones are ignored). */
export async function deleteCustomPanelTypes(db: Kysely<Database>, projectId: string, types: string[]): Promise<void> {
  await db.deleteFrom('custom_panel_types').where('project_id', '=', projectId).where('type', 'in', types).execute();
}
