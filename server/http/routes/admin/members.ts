import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN, INVITATION_SENT_MESSAGE, INVITATION_TTL_MS, MAX_PENDING_INVITATIONS } from '../../../../protocol';
import {
  findProjectRow,
  findUserRow,
  hasActiveOrgAdmin,
  inTransaction,
  isInOrganisation,
  listMembers,
  offerInvitation,
  openInvitationCount,
  removeMembership,
  setMembership,
  type Database,
} from '../../../storage';
import { route, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { ADMIN_MESSAGES } from './messages';

/**
 * Memberships of a project: list, set a role, remove; a project keeps an active organisation administrator.
 * Users the caller does not already administer are invited instead (docs/api.md "Invitations").
 */
export function registerMemberRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, ADMIN.memberList, async ({ body }) => {
    return listMembers(db, body.projectId);
  });

  // Added at once: a user of the project's organisation (a member of one of its projects), or anyone when an
  // installation administrator asks. Anyone else, and any unknown name, is invited with one answer (202):
  // the same statements run for both, so neither the answer nor its work tells whether the account exists.
  route(app, deps, ADMIN.memberSet, async ({ body, user, reply }) => {
    const nowMs = Date.now();
    return inTransaction(db, async (tx) => {
      const project = await findProjectRow(tx, body.projectId);
      if (!project) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
      const u = await findUserRow(tx, body.username);
      const ofOrganisation = await isInOrganisation(tx, body.username, project.co_id);
      if (u && (ofOrganisation || user.isAdmin)) {
        if (u.wall_screen !== (body.role === 'wallScreen')) throw new ApiError('VALIDATION', ADMIN_MESSAGES.wallScreenRole);
        await setMembership(tx, body.username, body.projectId, body.role);
        await requireAnAdmin(tx, body.projectId);
        return { username: u.username, displayName: u.display_name, role: body.role, disabled: u.disabled, wallScreen: u.wall_screen };
      }
      // an installation administrator sees every account anyway (admin/user/list)
      if (!u && user.isAdmin) throw new ApiError('NOT_FOUND', ADMIN_MESSAGES.unknownUser);
      if ((await openInvitationCount(tx, body.projectId, nowMs)) >= MAX_PENDING_INVITATIONS) throw new ApiError('VALIDATION', ADMIN_MESSAGES.invitationCap);
      await offerInvitation(tx, { projectId: body.projectId, username: body.username, role: body.role, invitedBy: user.username }, nowMs, nowMs + INVITATION_TTL_MS);
      reply.code(202);
      return { invitation: 'sent' as const, message: INVITATION_SENT_MESSAGE };
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
