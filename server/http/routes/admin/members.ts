import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN } from '../../../../protocol';
import { findUserRow, hasActiveOrgAdmin, inTransaction, listMembers, removeMembership, setMembership, type Database } from '../../../storage';
import { route, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { ADMIN_MESSAGES } from './messages';

/** Memberships of a project: list, set a role, remove; a project keeps an active organisation administrator. */
export function registerMemberRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, ADMIN.memberList, async ({ body }) => {
    return listMembers(db, body.projectId);
  });

  route(app, deps, ADMIN.memberSet, async ({ body }) => {
    return inTransaction(db, async (tx) => {
      const u = await findUserRow(tx, body.username);
      if (!u) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
      if (u.wall_screen !== (body.role === 'wallScreen')) throw new ApiError('VALIDATION', ADMIN_MESSAGES.wallScreenRole);
      await setMembership(tx, body.username, body.projectId, body.role);
      await requireAnAdmin(tx, body.projectId);
      return { username: u.username, displayName: u.display_name, role: body.role, disabled: u.disabled, wallScreen: u.wall_screen };
    });
  });

  route(app, deps, ADMIN.memberRemove, async ({ body }) => {
    await inTransaction(db, async (tx) => {
      await removeMembership(tx, body.username, body.projectId);
      await requireAnAdmin(tx, body.projectId);
    });
    return null;
  });
}

/** @throws ApiError VALIDATION when `projectId` would be left without an active organisation administrator. */
async function requireAnAdmin(tx: Kysely<Database>, projectId: string): Promise<void> {
  if (!(await hasActiveOrgAdmin(tx, projectId))) throw new ApiError('VALIDATION', ADMIN_MESSAGES.lastAdmin);
}
