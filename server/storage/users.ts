import type { Kysely } from 'kysely';
import type { Member, Role, UserInfo } from '../../protocol';
import type { Database } from './schema';

/** Accounts with their memberships, by user name: every one, or only `username` (then at most one). */
export async function userInfos(db: Kysely<Database>, username?: string): Promise<UserInfo[]> {
  let q = db.selectFrom('users').selectAll().orderBy('username');
  if (username !== undefined) q = q.where('username', '=', username);
  const users = await q.execute();
  let mq = db.selectFrom('memberships').select(['username', 'project_id', 'role']).orderBy('project_id');
  if (username !== undefined) mq = mq.where('username', '=', username);
  const memberships = await mq.execute();
  return users.map((u) => ({
    username: u.username,
    displayName: u.display_name,
    isAdmin: u.is_admin,
    disabled: u.disabled,
    mustChangePassword: u.must_change_password,
    wallScreen: u.wall_screen,
    memberships: memberships.filter((m) => m.username === u.username).map((m) => ({ projectId: m.project_id, role: m.role as Role })),
  }));
}

/** The row of account `username`, or undefined. */
export function findUserRow(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** A new account; `passwordHash` from server/http/passwords.ts. */
export interface NewUser {
  username: string;
  displayName: string;
  passwordHash: string;
  isAdmin: boolean;
  wallScreen: boolean;
  mustChangePassword: boolean;
}

/** Adds account `u` created at `nowMs`; false (nothing written) when the user name is taken. */
export async function insertUser(db: Kysely<Database>, u: NewUser, nowMs: number): Promise<boolean> {
  const row = await db
    .insertInto('users')
    .values({
      username: u.username,
      display_name: u.displayName,
      password_hash: u.passwordHash,
      is_admin: u.isAdmin,
      wall_screen: u.wallScreen,
      must_change_password: u.mustChangePassword,
      created_at_ms: nowMs,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('username')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets account `username`'s password hash and whether it must be changed at the next login; false when there is no such account. */
export async function setPasswordHash(db: Kysely<Database>, username: string, passwordHash: string, mustChange: boolean): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: mustChange })
    .where('username', '=', username)
    .returning('username')
    .executeTakeFirst();
  return row !== undefined;
}

/** Disables or enables account `username`; false when there is no such account. */
export async function setUserDisabled(db: Kysely<Database>, username: string, disabled: boolean): Promise<boolean> {
  const row = await db.updateTable('users').set({ disabled }).where('username', '=', username).returning('username').executeTakeFirst();
  return row !== undefined;
}

/** The projects `username` is a member of, with the role in each. */
export async function rolesOf(db: Kysely<Database>, username: string): Promise<Map<string, Role>> {
  const rows = await db.selectFrom('memberships').select(['project_id', 'role']).where('username', '=', username).execute();
  return new Map(rows.map((m) => [m.project_id, m.role as Role]));
}

/** The members of project `projectId`, by user name. */
export async function listMembers(db: Kysely<Database>, projectId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.username', 'm.username')
    .select(['u.username', 'u.display_name', 'u.disabled', 'u.wall_screen', 'm.role'])
    .where('m.project_id', '=', projectId)
    .orderBy('u.username')
    .execute();
  return rows.map((r) => ({ username: r.username, displayName: r.display_name, role: r.role as Role, disabled: r.disabled, wallScreen: r.wall_screen }));
}

/** Makes `username` a member of `projectId` with `role`, or changes the role of a member. */
export async function setMembership(db: Kysely<Database>, username: string, projectId: string, role: Role): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ username, project_id: projectId, mid: username, role })
    .onConflict((oc) => oc.columns(['username', 'project_id']).doUpdateSet({ role }))
    .execute();
}

/** Ends the membership of `username` in `projectId` (nothing when there is none). */
export async function removeMembership(db: Kysely<Database>, username: string, projectId: string): Promise<void> {
  await db.deleteFrom('memberships').where('project_id', '=', projectId).where('username', '=', username).execute();
}

/** Whether `projectId` has an organisation administrator whose account is not disabled. */
export async function hasActiveOrgAdmin(db: Kysely<Database>, projectId: string): Promise<boolean> {
  const admins = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.username', 'm.username')
    .select('m.username')
    .where('m.project_id', '=', projectId)
    .where('m.role', '=', 'orgAdmin')
    .where('u.disabled', '=', false)
    .limit(1)
    .execute();
  return admins.length > 0;
}

/** Makes `projectId` the current project of the session whose token hashes to `tokenHash` (the organisation switch). */
export async function setSessionProject(db: Kysely<Database>, tokenHash: string, projectId: string): Promise<void> {
  await db.updateTable('sessions').set({ project_id: projectId }).where('token_hash', '=', tokenHash).execute();
}
