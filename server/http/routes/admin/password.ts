import type { FastifyInstance } from 'fastify';
import { AUTH } from '../../../../protocol';
import { findUserRow, setPasswordHash } from '../../../storage';
import { route, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { hashPassword, verifyPassword } from '../../passwords';
import { hashToken, SESSION_COOKIE } from '../../sessions';
import { ADMIN_MESSAGES, checkPassword } from './messages';

/** Own password change: the current one checked, the new one obeying the rules, other sessions ended. */
export function registerPasswordRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, AUTH.passwordChange, async ({ body, user, req }) => {
    const row = await findUserRow(db, user.username);
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (!(await verifyPassword(body.currentPassword, row.password_hash))) throw new ApiError('VALIDATION', ADMIN_MESSAGES.wrongPassword);
    checkPassword(body.newPassword, user.username);
    if (body.newPassword === body.currentPassword) throw new ApiError('VALIDATION', ADMIN_MESSAGES.samePassword);
    const hash = await hashPassword(body.newPassword);
    await setPasswordHash(db, user.username, hash, false);
    // Other sessions of this account end: whoever knew the old password is out.
    const token = req.cookies[SESSION_COOKIE];
    await deps.sessions.endAllOf(user.username, token ? hashToken(token) : undefined);
    return null;
  });
}
