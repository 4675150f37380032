import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { TENANCY } from '../../../../protocol';
import { closeInvitation, findProjectRow, findUserRow, inTransaction, projectInvitations, receivedInvitations, setMembership, type Database } from '../../../storage';
import { writeAudit } from '../../audit';
import { route, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { ADMIN_MESSAGES } from './messages';

/**
 * Accepts or declines open invitation `invitationId` visible to `to` (the invitee, or the administrators of
 * the invitee's organisation) as `by`: on acceptance the membership is made with the role offered. The
 * decision is written to the inviting project's audit log.
 * @throws ApiError NOT_FOUND when it is not open or not visible to `to`; VALIDATION when a wall-screen
 * account would get another role or a person's account the wall-screen role (nothing changes then).
 */
async function decide(db: Kysely<Database>, to: { username: string } | { coId: string }, invitationId: number, accept: boolean, by: string): Promise<void> {
  const nowMs = Date.now();
  const decided = await inTransaction(db, async (tx) => {
    const [visible] = await receivedInvitations(tx, to, nowMs, invitationId);
    if (!visible) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    const inv = await closeInvitation(tx, invitationId, accept ? 'accepted' : 'declined', by, nowMs);
    if (!inv) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (accept) {
      const u = await findUserRow(tx, inv.username);
      if (!u) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
      if (u.wall_screen !== (inv.role === 'wallScreen')) throw new ApiError('VALIDATION', ADMIN_MESSAGES.wallScreenRole);
      await setMembership(tx, inv.username, inv.projectId, inv.role);
    }
    return inv;
  });
  await writeAudit(db, {
    username: by,
    projectId: decided.projectId,
    action: accept ? 'invitation.accept' : 'invitation.decline',
    target: decided.username,
    detail: JSON.stringify({ invitationId, role: decided.role }),
  });
}

/**
 * Invitations (docs/api.md "Invitations"): the inviting project's list and withdrawal, the invitee's own
 * list and answer, and the answer of the invitee's organisation's administrators on their behalf. Invitations
 * are made by admin/member/set (members.ts).
 */
export function registerInvitationRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, TENANCY.invitationList, async ({ body }) => projectInvitations(db, body.projectId, Date.now()));

  route(app, deps, TENANCY.invitationWithdraw, async ({ body, user }) => {
    if (!(await closeInvitation(db, body.invitationId, 'withdrawn', user.username, Date.now(), body.projectId))) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    return null;
  });

  route(app, deps, TENANCY.myInvitations, async ({ user }) => receivedInvitations(db, { username: user.username }, Date.now()));

  route(app, deps, TENANCY.invitationRespond, async ({ body, user }) => {
    await decide(db, { username: user.username }, body.invitationId, body.accept, user.username);
    return null;
  });

  route(app, deps, TENANCY.orgInvitationList, async ({ body }) => receivedInvitations(db, { coId: await coIdOf(db, body.projectId) }, Date.now()));

  route(app, deps, TENANCY.orgInvitationDecide, async ({ body, user }) => {
    await decide(db, { coId: await coIdOf(db, body.projectId) }, body.invitationId, body.accept, user.username);
    return null;
  });
}

/** The organisation of `projectId`. @throws ApiError NOT_FOUND when there is no such project. */
async function coIdOf(db: Kysely<Database>, projectId: string): Promise<string> {
  const project = await findProjectRow(db, projectId);
  if (!project) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
  return project.co_id;
}
