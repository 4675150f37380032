import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADMIN_ROUTES,
  userAddBody,
  userDisableBody,
  userListBody,
  userResetPasswordBody,
  type PasswordReset,
  type Role,
  type UserInfo,
} from '../../../../protocol';
import { type Database } from '../../../storage';
import { postRoute, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { hashPassword, randomPassword } from '../../passwords';
import { ADMIN_MESSAGES, checkPassword } from './messages';

async function userInfos(db: Kysely<Database>, username?: string): Promise<UserInfo[]> {
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

/** User accounts: list, add, disable, reset password (temporary, to be changed at the next login). */
export function registerUserRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  postRoute(app, deps, ADMIN_ROUTES.userList, userListBody, async (): Promise<UserInfo[]> => userInfos(db));

  postRoute(app, deps, ADMIN_ROUTES.userAdd, userAddBody, async ({ body }): Promise<UserInfo> => {
    checkPassword(body.password, body.username);
    const hash = await hashPassword(body.password);
    const row = await db
      .insertInto('users')
      .values({
        username: body.username,
        display_name: body.displayName,
        password_hash: hash,
        is_admin: body.isAdmin ?? false,
        wall_screen: body.wallScreen ?? false,
        must_change_password: body.temporary ?? !(body.wallScreen ?? false),
        created_at_ms: Date.now(),
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('username')
      .executeTakeFirst();
    if (!row) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return (await userInfos(db, body.username))[0];
  });

  postRoute(app, deps, ADMIN_ROUTES.userDisable, userDisableBody, async ({ body, user }): Promise<UserInfo> => {
    if (body.username === user.username && body.disabled) throw new ApiError('VALIDATION', ADMIN_MESSAGES.selfDisable);
    const row = await db.updateTable('users').set({ disabled: body.disabled }).where('username', '=', body.username).returning('username').executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.disabled) await deps.sessions.endAllOf(body.username);
    return (await userInfos(db, body.username))[0];
  });

  postRoute(app, deps, ADMIN_ROUTES.userResetPassword, userResetPasswordBody, async ({ body }): Promise<PasswordReset> => {
    // Letters and digits both, whatever the random draw gave: the temporary password obeys the rules too.
    const temporaryPassword = `${randomPassword(14)}a7`;
    const hash = await hashPassword(temporaryPassword);
    const row = await db
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: true })
      .where('username', '=', body.username)
      .returning('username')
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.sessions.endAllOf(body.username);
    return { username: body.username, temporaryPassword };
  });
}
