import type { FastifyInstance } from 'fastify';
import { CUSTOM_PANELS, MAX_CUSTOM_PANEL_TYPES } from '../../../protocol';
import { deleteCustomPanelTypes, listCustomPanelTypes, putCustomPanelType } from '../../storage';
import { route, requireMember, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/**
 * panel/custom/type/add, list, delete (protocol/customPanels.ts, docs/api.md). Add replaces a type of the
 * same id (so a site can move its module); a project keeps at most MAX_CUSTOM_PANEL_TYPES types, beyond
 * that add is VALIDATION and nothing changes.
 */
export function registerCustomPanelTypeRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, CUSTOM_PANELS.typeList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return listCustomPanelTypes(deps.db, body.projectId);
  });

  route(app, deps, CUSTOM_PANELS.typeAdd, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const written = await putCustomPanelType(deps.db, body.projectId, body, MAX_CUSTOM_PANEL_TYPES, user.username, Date.now());
    if (!written) throw new ApiError('VALIDATION', `type: a project keeps at most ${MAX_CUSTOM_PANEL_TYPES} custom panel types; delete one first`);
    return listCustomPanelTypes(deps.db, body.projectId);
  });

  route(app, deps, CUSTOM_PANELS.typeDelete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await deleteCustomPanelTypes(deps.db, body.projectId, body.types);
    return listCustomPanelTypes(deps.db, body.projectId);
  });
}
