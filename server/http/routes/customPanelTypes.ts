import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { CUSTOM_PANELS, MAX_CUSTOM_PANEL_TYPES, type CustomPanelTypeList } from '../../../protocol';
import type { Database } from '../../storage';
import { route, requireMember, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** The project's custom panel types, sorted by type id. */
async function listTypes(db: Kysely<Database>, projectId: string): Promise<CustomPanelTypeList> {
  const rows = await db.selectFrom('custom_panel_types').selectAll().where('project_id', '=', projectId).orderBy('type').execute();
  return {
    projectId,
    types: rows.map((r) => ({ type: r.type, title: r.title, moduleUrl: r.module_url, defaultSize: { w: r.default_w, h: r.default_h } })),
  };
}

/**
 * panel/custom/type/add, list, delete (protocol/customPanels.ts, docs/api.md). Add replaces a type of the
 * same id (so a site can move its module); a project keeps at most MAX_CUSTOM_PANEL_TYPES types, beyond
 * that add is VALIDATION and nothing changes.
 */
export function registerCustomPanelTypeRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, CUSTOM_PANELS.typeList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return listTypes(deps.db, body.projectId);
  });

  route(app, deps, CUSTOM_PANELS.typeAdd, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await deps.db.transaction().execute(async (tx) => {
      const existing = await tx.selectFrom('custom_panel_types').select('type').where('project_id', '=', body.projectId).forUpdate().execute();
      const replaces = existing.some((r) => r.type === body.type);
      if (!replaces && existing.length >= MAX_CUSTOM_PANEL_TYPES) {
        throw new ApiError('VALIDATION', `type: a project keeps at most ${MAX_CUSTOM_PANEL_TYPES} custom panel types; delete one first`);
      }
      const row = {
        title: body.title,
        module_url: body.moduleUrl,
        default_w: body.defaultSize.w,
        default_h: body.defaultSize.h,
        updated_at_ms: Date.now(),
        updated_by: user.username,
      };
      await tx
        .insertInto('custom_panel_types')
        .values({ project_id: body.projectId, type: body.type, ...row })
        .onConflict((oc) => oc.columns(['project_id', 'type']).doUpdateSet(row))
        .execute();
    });
    return listTypes(deps.db, body.projectId);
  });

  route(app, deps, CUSTOM_PANELS.typeDelete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await deps.db.deleteFrom('custom_panel_types').where('project_id', '=', body.projectId).where('type', 'in', body.types).execute();
    return listTypes(deps.db, body.projectId);
  });
}
