import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ROUTES,
  orgAddBody,
  orgEditBody,
  orgListBody,
  type Organisation,
} from '../../../../protocol';
import { postRoute, type HttpDeps } from '../../context';
import { ApiError } from '../../errors';
import { ADMIN_MESSAGES } from './messages';

function toOrganisation(r: { co_id: string; name: string; logo: string; archived_at_ms: number | null }): Organisation {
  return { coId: r.co_id, name: r.name, logo: r.logo, archived: r.archived_at_ms !== null };
}

/** Organisations: list (installation administrators see every one), add, edit (name, logo, archived). */
export function registerOrganisationRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  postRoute(app, deps, ADMIN_ROUTES.orgList, orgListBody, async ({ user }): Promise<Organisation[]> => {
    let q = db.selectFrom('organisations').selectAll().orderBy('name');
    if (!user.isAdmin) {
      const coIds = [...new Set(user.projects.map((p) => p.coId))];
      if (coIds.length === 0) return [];
      q = q.where('co_id', 'in', coIds).where('archived_at_ms', 'is', null);
    }
    return (await q.execute()).map(toOrganisation);
  });

  postRoute(app, deps, ADMIN_ROUTES.orgAdd, orgAddBody, async ({ body }): Promise<Organisation> => {
    const row = await db
      .insertInto('organisations')
      .values({ co_id: body.coId, name: body.name, logo: body.logo ?? '', created_at_ms: Date.now() })
      .onConflict((oc) => oc.column('co_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return toOrganisation(row);
  });

  postRoute(app, deps, ADMIN_ROUTES.orgEdit, orgEditBody, async ({ body }): Promise<Organisation> => {
    return db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('organisations')
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.logo !== undefined && { logo: body.logo }),
          ...(body.archived !== undefined && { archived_at_ms: body.archived ? Date.now() : null }),
        })
        .where('co_id', '=', body.coId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownOrg);
      // Projects keep a copy of the name and logo (the session user's coName, coLogo).
      await tx.updateTable('projects').set({ co_name: row.name, co_logo: row.logo }).where('co_id', '=', row.co_id).execute();
      return toOrganisation(row);
    });
  });
}
