import type { FastifyInstance } from 'fastify';
import { ADMIN, roleIn } from '../../../../protocol';
import { mqttUsernameFor } from '../../../seed';
import { editProject, findProjectRow, insertProject, listProjectRows, rolesOf, setProjectArchived, toProjectDetails } from '../../../storage';
import { route, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { randomPassword } from '../../passwords';
import { ADMIN_MESSAGES } from './messages';

/** Projects: list, add (the creator becomes its organisation administrator), archive, details, edit. */
export function registerProjectRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, ADMIN.projectList, async ({ body, user }) => {
    const rows = await listProjectRows(db, body.includeArchived ?? false);
    const memberOf = await rolesOf(db, user.username);
    return rows.filter((r) => user.isAdmin || memberOf.has(r.project_id)).map((r) => toProjectDetails(r, memberOf.get(r.project_id) ?? null));
  });

  route(app, deps, ADMIN.projectAdd, async ({ body, user }) => {
    const project = await insertProject(
      db,
      { ...body, mqttUsername: mqttUsernameFor(body.projectId), mqttPassword: randomPassword(24) },
      user.username,
      Date.now(),
    );
    if (project === 'unknown-org') throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownOrg);
    if (project === 'exists') throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return project;
  });

  route(app, deps, ADMIN.projectArchive, async ({ body }) => {
    const row = await setProjectArchived(db, body.projectId, body.archived ? Date.now() : null);
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.archived) deps.live().disconnectDevices(body.projectId);
    return toProjectDetails(row, null);
  });

  route(app, deps, ADMIN.projectDetails, async ({ body, user }) => {
    const row = await findProjectRow(db, body.projectId);
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    return toProjectDetails(row, roleIn(user, body.projectId));
  });

  route(app, deps, ADMIN.projectEdit, async ({ body, user }) => {
    const { projectId, ...fields } = body;
    const row = await editProject(db, projectId, fields);
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    return toProjectDetails(row, roleIn(user, projectId));
  });
}
