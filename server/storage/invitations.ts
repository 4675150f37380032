import type { Kysely } from 'kysely';
import { effectiveState, TENANCY_KEEP_MS, type InvitationState, type ProjectInvitation, type ReceivedInvitation, type Role } from '../../protocol';
import type { Database } from './schema';

/** Most invitations a list answers (newest first); the open ones of a project are capped lower (MAX_PENDING_INVITATIONS). */
const LIST_LIMIT = 200;

/** Whether `username` is a member of a project of organisation `coId` (a user of that organisation). */
export async function isInOrganisation(db: Kysely<Database>, username: string, coId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('projects as p', 'p.project_id', 'm.project_id')
    .select('m.username')
    .where('m.username', '=', username)
    .where('p.co_id', '=', coId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the invitations or transfer requests (`table`) that expired or were decided more than
 * {@link TENANCY_KEEP_MS} before `nowMs`, so the tables stay bounded.
 */
export async function deleteEnded(db: Kysely<Database>, table: 'member_invitations' | 'device_transfers', nowMs: number): Promise<void> {
  await db
    .deleteFrom(table)
    .where((eb) => eb.or([eb('expires_at_ms', '<', nowMs - TENANCY_KEEP_MS), eb('decided_at_ms', '<', nowMs - TENANCY_KEEP_MS)]))
    .execute();
}

/** How many invitations of `projectId` are open (pending and not expired) at `nowMs`. */
export async function openInvitationCount(db: Kysely<Database>, projectId: string, nowMs: number): Promise<number> {
  const row = await db
    .selectFrom('member_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('state', '=', 'pending')
    .where('expires_at_ms', '>', nowMs)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Invites `username` to `projectId` with `role` until `expiresAtMs`: an open invitation of the same name to
 * the project takes the new role, inviter and expiry, else a new one is stored. Invitations that ended more
 * than {@link TENANCY_KEEP_MS} ago are deleted on the way, so the table stays bounded. The same statements
 * run whether or not the name is an account.
 */
export async function offerInvitation(
  db: Kysely<Database>,
  inv: { projectId: string; username: string; role: Role; invitedBy: string },
  nowMs: number,
  expiresAtMs: number,
): Promise<void> {
  await deleteEnded(db, 'member_invitations', nowMs);
  const updated = await db
    .updateTable('member_invitations')
    .set({ role: inv.role, invited_by: inv.invitedBy, expires_at_ms: expiresAtMs })
    .where('project_id', '=', inv.projectId)
    .where('username', '=', inv.username)
    .where('state', '=', 'pending')
    .where('expires_at_ms', '>', nowMs)
    .returning('invitation_id')
    .executeTakeFirst();
  if (updated) return;
  await db
    .insertInto('member_invitations')
    .values({ project_id: inv.projectId, username: inv.username, role: inv.role, invited_by: inv.invitedBy, created_at_ms: nowMs, expires_at_ms: expiresAtMs, state: 'pending' })
    .execute();
}

/** The invitations of `projectId`, newest first (at most 200), with their state at `nowMs`. */
export async function projectInvitations(db: Kysely<Database>, projectId: string, nowMs: number): Promise<ProjectInvitation[]> {
  const rows = await db.selectFrom('member_invitations').selectAll().where('project_id', '=', projectId).orderBy('invitation_id', 'desc').limit(LIST_LIMIT).execute();
  return rows.map((r) => ({
    invitationId: r.invitation_id,
    username: r.username,
    role: r.role as Role,
    invitedBy: r.invited_by,
    createdAtMs: r.created_at_ms,
    expiresAtMs: r.expires_at_ms,
    state: effectiveState(r.state as InvitationState, r.expires_at_ms, nowMs),
    decidedAtMs: r.decided_at_ms,
  }));
}

/**
 * Ends open invitation `invitationId` as `state` (accepted, declined or withdrawn) by `by` at `nowMs`;
 * `projectId` when only an invitation of that project may be ended. The invitation as it was, or undefined
 * when there is no such open invitation (decided, withdrawn, expired or unknown).
 */
export async function closeInvitation(
  db: Kysely<Database>,
  invitationId: number,
  state: Exclude<InvitationState, 'pending' | 'expired'>,
  by: string,
  nowMs: number,
  projectId?: string,
): Promise<{ projectId: string; username: string; role: Role } | undefined> {
  let q = db
    .updateTable('member_invitations')
    .set({ state, decided_by: by, decided_at_ms: nowMs })
    .where('invitation_id', '=', invitationId)
    .where('state', '=', 'pending')
    .where('expires_at_ms', '>', nowMs);
  if (projectId !== undefined) q = q.where('project_id', '=', projectId);
  const row = await q.returning(['project_id', 'username', 'role']).executeTakeFirst();
  return row && { projectId: row.project_id, username: row.username, role: row.role as Role };
}

/**
 * Open invitations visible at `nowMs` to the user `username`, or to the administrators of organisation
 * `coId` (invitations of its users). An invitation is visible only to an account that existed when it was
 * sent: a name invited before its account was made never sees it (docs/api.md "Invitations").
 * `invitationId` narrows to one.
 */
export async function receivedInvitations(
  db: Kysely<Database>,
  to: { username: string } | { coId: string },
  nowMs: number,
  invitationId?: number,
): Promise<ReceivedInvitation[]> {
  let q = db
    .selectFrom('member_invitations as i')
    .innerJoin('users as u', 'u.username', 'i.username')
    .innerJoin('projects as p', 'p.project_id', 'i.project_id')
    .select(['i.invitation_id', 'i.username', 'i.project_id', 'p.name', 'p.co_name', 'i.role', 'i.invited_by', 'i.created_at_ms', 'i.expires_at_ms'])
    .where('i.state', '=', 'pending')
    .where('i.expires_at_ms', '>', nowMs)
    .whereRef('u.created_at_ms', '<=', 'i.created_at_ms');
  if ('username' in to) q = q.where('i.username', '=', to.username);
  else
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('memberships as m')
          .innerJoin('projects as mp', 'mp.project_id', 'm.project_id')
          .select('m.username')
          .whereRef('m.username', '=', 'i.username')
          .where('mp.co_id', '=', to.coId),
      ),
    );
  if (invitationId !== undefined) q = q.where('i.invitation_id', '=', invitationId);
  const rows = await q.orderBy('i.invitation_id', 'desc').limit(LIST_LIMIT).execute();
  return rows.map((r) => ({
    invitationId: r.invitation_id,
    username: r.username,
    projectId: r.project_id,
    projectName: r.name,
    coName: r.co_name,
    role: r.role as Role,
    invitedBy: r.invited_by,
    createdAtMs: r.created_at_ms,
    expiresAtMs: r.expires_at_ms,
  }));
}
