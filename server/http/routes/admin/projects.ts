import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  ADMIN_ROUTES,
  projectAddBody,
  projectArchiveBody,
  projectDetailsBody,
  projectEditBody,
  projectListBody,
  roleIn,
  type ProjectDetails,
  type Role,
} from '../../../../protocol';
import { mqttUsernameFor } from '../../../seed';
import { fromJson, toJson } from '../../../storage';
import type { ProjectsTable } from '../../../storage/schema';
import { postRoute, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { randomPassword } from '../../passwords';
import { ADMIN_MESSAGES } from './messages';

function toProjectDetails(r: Selectable<ProjectsTable>, role: Role | null): ProjectDetails {
  return {
    projectId: r.project_id,
    coId: r.co_id,
    coName: r.co_name,
    name: r.name,
    projectType: r.project_type as ProjectDetails['projectType'],
    location: r.location,
    latitude: r.latitude,
    longitude: r.longitude,
    contractor: r.contractor,
    startDate: r.start_date,
    plannedEndDate: r.planned_end_date,
    keyFigures: fromJson(r.key_figures),
    archived: r.archived_at_ms !== null,
    role,
    createdAtMs: r.created_at_ms,
  };
}

/** A DB row's project fields from a partial of ProjectFields. */
function projectColumns(b: Partial<Omit<ProjectDetails, 'projectId' | 'coId' | 'coName' | 'archived' | 'role' | 'createdAtMs'>>) {
  return {
    ...(b.name !== undefined && { name: b.name }),
    ...(b.projectType !== undefined && { project_type: b.projectType }),
    ...(b.location !== undefined && { location: b.location }),
    ...(b.latitude !== undefined && { latitude: b.latitude }),
    ...(b.longitude !== undefined && { longitude: b.longitude }),
    ...(b.contractor !== undefined && { contractor: b.contractor }),
    ...(b.startDate !== undefined && { start_date: b.startDate }),
    ...(b.plannedEndDate !== undefined && { planned_end_date: b.plannedEndDate }),
    ...(b.keyFigures !== undefined && { key_figures: toJson(b.keyFigures) }),
  };
}

/** Projects: list, add (the creator becomes its organisation administrator), archive, details, edit. */
export function registerProjectRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  postRoute(app, deps, ADMIN_ROUTES.projectList, projectListBody, async ({ body, user }): Promise<ProjectDetails[]> => {
    let q = db.selectFrom('projects').selectAll().orderBy('created_at_ms').orderBy('project_id');
    if (!body.includeArchived) q = q.where('archived_at_ms', 'is', null);
    const rows = await q.execute();
    const memberOf = new Map(
      (await db.selectFrom('memberships').select(['project_id', 'role']).where('username', '=', user.username).execute()).map((m) => [m.project_id, m.role as Role]),
    );
    return rows.filter((r) => user.isAdmin || memberOf.has(r.project_id)).map((r) => toProjectDetails(r, memberOf.get(r.project_id) ?? null));
  });

  postRoute(app, deps, ADMIN_ROUTES.projectAdd, projectAddBody, async ({ body, user }): Promise<ProjectDetails> => {
    return db.transaction().execute(async (tx) => {
      const org = await tx.selectFrom('organisations').selectAll().where('co_id', '=', body.coId).executeTakeFirst();
      if (!org) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownOrg);
      const taken = await tx.selectFrom('projects').select('project_id').where('project_id', '=', body.projectId).executeTakeFirst();
      if (taken) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
      const row = await tx
        .insertInto('projects')
        .values({
          project_id: body.projectId,
          name: body.name,
          co_id: org.co_id,
          co_name: org.name,
          co_logo: org.logo,
          mqtt_username: mqttUsernameFor(body.projectId),
          mqtt_password: randomPassword(24),
          created_at_ms: Date.now(),
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
          start_date: body.startDate ?? null,
          planned_end_date: body.plannedEndDate ?? null,
          archived_at_ms: null,
          ...projectColumns(body),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The creator administers the new project.
      await tx.insertInto('memberships').values({ username: user.username, project_id: row.project_id, mid: user.username, role: 'orgAdmin' }).execute();
      return toProjectDetails(row, 'orgAdmin');
    });
  });

  postRoute(app, deps, ADMIN_ROUTES.projectArchive, projectArchiveBody, async ({ body }): Promise<ProjectDetails> => {
    const row = await db
      .updateTable('projects')
      .set({ archived_at_ms: body.archived ? Date.now() : null })
      .where('project_id', '=', body.projectId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.archived) deps.live().disconnectDevices(body.projectId);
    return toProjectDetails(row, null);
  });

  postRoute(app, deps, ADMIN_ROUTES.projectDetails, projectDetailsBody, async ({ body, user }): Promise<ProjectDetails> => {
    const row = await db.selectFrom('projects').selectAll().where('project_id', '=', body.projectId).executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    return toProjectDetails(row, roleIn(user, body.projectId));
  });

  postRoute(app, deps, ADMIN_ROUTES.projectEdit, projectEditBody, async ({ body, user }): Promise<ProjectDetails> => {
    const { projectId, ...fields } = body;
    const set = projectColumns(fields);
    const q = Object.keys(set).length
      ? db.updateTable('projects').set(set).where('project_id', '=', projectId).returningAll()
      : db.selectFrom('projects').selectAll().where('project_id', '=', projectId);
    const row = await q.executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    return toProjectDetails(row, roleIn(user, projectId));
  });
}
