import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ROUTES,
  orgAddBody,
  orgEditBody,
  orgListBody,
  type Organisation,
} from '../../../../protocol';
import { editOrganisation, insertOrganisation, listOrganisations } from '../../../storage';
import { postRoute, type HttpDeps } from '../../context';
import { ApiError } from '../../errors';
import { ADMIN_MESSAGES } from './messages';

/** Organisations: list (installation administrators see every one), add, edit (name, logo, archived). */
export function registerOrganisationRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  postRoute(app, deps, ADMIN_ROUTES.orgList, orgListBody, async ({ user }): Promise<Organisation[]> => {
    return listOrganisations(db, user.isAdmin ? null : [...new Set(user.projects.map((p) => p.coId))]);
  });

  postRoute(app, deps, ADMIN_ROUTES.orgAdd, orgAddBody, async ({ body }): Promise<Organisation> => {
    const org = await insertOrganisation(db, { coId: body.coId, name: body.name, logo: body.logo ?? '' }, Date.now());
    if (!org) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return org;
  });

  postRoute(app, deps, ADMIN_ROUTES.orgEdit, orgEditBody, async ({ body }): Promise<Organisation> => {
    const org = await editOrganisation(db, body.coId, body, Date.now());
    if (!org) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownOrg);
    return org;
  });
}
