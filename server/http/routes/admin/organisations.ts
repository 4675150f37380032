import type { FastifyInstance } from 'fastify';
import { ADMIN } from '../../../../protocol';
import { editOrganisation, insertOrganisation, listOrganisations } from '../../../storage';
import { route, type HttpDeps } from '../../context';
import { ApiError } from '../../errors';
import { ADMIN_MESSAGES } from './messages';

/** Organisations: list (installation administrators see every one), add, edit (name, logo, archived). */
export function registerOrganisationRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, ADMIN.orgList, async ({ user }) => {
    return listOrganisations(db, user.isAdmin ? null : [...new Set(user.projects.map((p) => p.coId))]);
  });

  route(app, deps, ADMIN.orgAdd, async ({ body }) => {
    const org = await insertOrganisation(db, { coId: body.coId, name: body.name, logo: body.logo ?? '' }, Date.now());
    if (!org) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return org;
  });

  route(app, deps, ADMIN.orgEdit, async ({ body }) => {
    const org = await editOrganisation(db, body.coId, body, Date.now());
    if (!org) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownOrg);
    return org;
  });
}
