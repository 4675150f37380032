import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADMIN_ROUTES,
  memberListBody,
  memberRemoveBody,
  memberSetBody,
  type Member,
  type Role,
} from '../../../../protocol';
import { type Database } from '../../../storage';
import { postRoute, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { ADMIN_MESSAGES } from './messages';

/** Memberships of a project: list, set a role, remove; a project keeps an active organisation administrator. */
export function registerMemberRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  postRoute(app, deps, ADMIN_ROUTES.memberList, memberListBody, async ({ body }): Promise<Member[]> => {
    const rows = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.username', 'm.username')
      .select(['u.username', 'u.display_name', 'u.disabled', 'u.wall_screen', 'm.role'])
      .where('m.project_id', '=', body.projectId)
      .orderBy('u.username')
      .execute();
    return rows.map((r) => ({ username: r.username, displayName: r.display_name, role: r.role as Role, disabled: r.disabled, wallScreen: r.wall_screen }));
  });

  postRoute(app, deps, ADMIN_ROUTES.memberSet, memberSetBody, async ({ body }): Promise<Member> => {
    return db.transaction().execute(async (tx) => {
      const u = await tx.selectFrom('users').selectAll().where('username', '=', body.username).executeTakeFirst();
      if (!u) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
      if (u.wall_screen !== (body.role === 'wallScreen')) throw new ApiError('VALIDATION', ADMIN_MESSAGES.wallScreenRole);
      await tx
        .insertInto('memberships')
        .values({ username: body.username, project_id: body.projectId, mid: body.username, role: body.role })
        .onConflict((oc) => oc.columns(['username', 'project_id']).doUpdateSet({ role: body.role }))
        .execute();
      await requireAnAdmin(tx, body.projectId);
      return { username: u.username, displayName: u.display_name, role: body.role, disabled: u.disabled, wallScreen: u.wall_screen };
    });
  });

  postRoute(app, deps, ADMIN_ROUTES.memberRemove, memberRemoveBody, async ({ body }) => {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('memberships').where('project_id', '=', body.projectId).where('username', '=', body.username).execute();
      await requireAnAdmin(tx, body.projectId);
    });
    return null;
  });
}

/** @throws ApiError VALIDATION when `projectId` would be left without an active organisation administrator. */
async function requireAnAdmin(tx: Kysely<Database>, projectId: string): Promise<void> {
  const admins = await tx
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.username', 'm.username')
    .select('m.username')
    .where('m.project_id', '=', projectId)
    .where('m.role', '=', 'orgAdmin')
    .where('u.disabled', '=', false)
    .limit(1)
    .execute();
  if (admins.length === 0) throw new ApiError('VALIDATION', ADMIN_MESSAGES.lastAdmin);
}
