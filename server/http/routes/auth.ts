import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES, loginBody, ok, type SessionUser } from '../../../protocol';
import { postRoute, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { LoginThrottle } from '../loginThrottle';
import { verifyAgainstDummy, verifyPassword } from '../passwords';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../sessions';
import { parseBody } from '../validation';

/** Cookie attributes: httpOnly so scripts never see the token, SameSite=Lax against cross-site posts. */
function cookieOptions(req: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: req.protocol === 'https' } as const;
}

function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

/** login, logout, me. */
export function registerAuthRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const throttle = new LoginThrottle();

  app.post(ROUTES.login, async (req, reply) => {
    const body = parseBody(loginBody, req.body);
    if (!throttle.allowed(body.username, req.ip)) throw new ApiError('RATE_LIMITED', ERROR_MESSAGES.rateLimited);
    const row = await deps.db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .where('username', '=', body.username)
      .executeTakeFirst();
    const valid = row ? await verifyPassword(body.password, row.password_hash) : await verifyAgainstDummy(body.password);
    if (!row || !valid) {
      throttle.fail(body.username, req.ip);
      throw new ApiError('INVALID_CREDENTIALS', ERROR_MESSAGES.invalidCredentials);
    }
    throttle.succeed(body.username, req.ip);
    const { token, user } = await deps.sessions.create(row.username, null);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_MS / 1000 });
    return ok<SessionUser>(user);
  });

  // Logging out twice, or with an expired session, is not an error: the cookie ends up cleared either way.
  app.post(ROUTES.logout, async (req, reply) => {
    await deps.sessions.destroy(req.cookies[SESSION_COOKIE]);
    clearSessionCookie(req, reply);
    return ok(null);
  });

  postRoute(app, deps, ROUTES.me, z.object({}), async ({ user }) => user);
}
