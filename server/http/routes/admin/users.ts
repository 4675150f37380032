import type { FastifyInstance } from 'fastify';
import { ADMIN } from '../../../../protocol';
import { insertUser, setPasswordHash, setUserDisabled, userInfos } from '../../../storage';
import { route, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { hashPassword, randomPassword } from '../../passwords';
import { ADMIN_MESSAGES, checkPassword } from './messages';

/** User accounts: list, add, disable, reset password (temporary, to be changed at the next login). */
export function registerUserRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, ADMIN.userList, async () => userInfos(db));

  route(app, deps, ADMIN.userAdd, async ({ body }) => {
    checkPassword(body.password, body.username);
    const hash = await hashPassword(body.password);
    const added = await insertUser(
      db,
      {
        username: body.username,
        displayName: body.displayName,
        passwordHash: hash,
        isAdmin: body.isAdmin ?? false,
        wallScreen: body.wallScreen ?? false,
        mustChangePassword: body.temporary ?? !(body.wallScreen ?? false),
      },
      Date.now(),
    );
    if (!added) throw new ApiError('CONFLICT', ADMIN_MESSAGES.exists);
    return (await userInfos(db, body.username))[0];
  });

  route(app, deps, ADMIN.userDisable, async ({ body, user }) => {
    if (body.username === user.username && body.disabled) throw new ApiError('VALIDATION', ADMIN_MESSAGES.selfDisable);
    if (!(await setUserDisabled(db, body.username, body.disabled))) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.disabled) await deps.sessions.endAllOf(body.username);
    return (await userInfos(db, body.username))[0];
  });

  route(app, deps, ADMIN.userResetPassword, async ({ body }) => {
    // Letters and digits both, whatever the random draw gave: the temporary password obeys the rules too.
    const temporaryPassword = `${randomPassword(14)}a7`;
    const hash = await hashPassword(temporaryPassword);
    if (!(await setPasswordHash(db, body.username, hash, true))) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.sessions.endAllOf(body.username);
    return { username: body.username, temporaryPassword };
  });
}
