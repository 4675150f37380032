import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH } from '../../../protocol';
import { route, type HttpDeps } from '../context';
import { findUserRow } from '../../storage';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, DeviceCookies } from '../deviceCookie';
import { HashPoolFull } from '../hashPool';
import { isRefusal, LoginThrottle } from '../loginThrottle';
import { verifyAgainstDummy, verifyPassword } from '../passwords';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, SessionCapReached } from '../sessions';

/** Cookie attributes: httpOnly so scripts never see the token, SameSite=Lax against cross-site posts. */
function cookieOptions(req: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: req.protocol === 'https' } as const;
}

function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

/** Largest body of login and logout: a user name and a password are far smaller. */
const AUTH_BODY_LIMIT_BYTES = 32 * 1024;

/** login, logout, me. */
export function registerAuthRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const throttle = new LoginThrottle();
  const devices = new DeviceCookies();

  // The attempt is reserved before anything slow happens, so parallel guesses count at once (docs/api.md "Login throttle").
  route(
    app,
    deps,
    AUTH.login,
    async ({ body, req, reply }) => {
    const attempt = await throttle.acquire(body.username, req.ip, devices.verify(req.cookies[DEVICE_COOKIE], body.username));
    if (isRefusal(attempt)) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil((attempt.retryAtMs - Date.now()) / 1000))));
      throw new ApiError('RATE_LIMITED', ERROR_MESSAGES.rateLimited);
    }
    let row: { username: string; password_hash: string; disabled: boolean } | undefined;
    let valid: boolean;
    try {
      row = await findUserRow(deps.db, body.username);
      valid = row ? await verifyPassword(body.password, row.password_hash) : await verifyAgainstDummy(body.password);
    } catch (err) {
      throttle.fail(attempt);
      if (err instanceof HashPoolFull) throw new ApiError('RATE_LIMITED', ERROR_MESSAGES.busy);
      throw err;
    }
    // A disabled account answers like a wrong password (docs/api.md "Users and members").
    if (!row || !valid || row.disabled) {
      throttle.fail(attempt);
      throw new ApiError('INVALID_CREDENTIALS', ERROR_MESSAGES.invalidCredentials);
    }
    throttle.succeed(attempt);
    const created = await deps.sessions.create(row.username, null).catch((err: unknown) => {
      if (err instanceof SessionCapReached) throw new ApiError('RATE_LIMITED', err.message);
      throw err;
    });
    const { token, user, evicted } = created;
    if (evicted > 0) req.log.info({ username: row.username, evicted }, 'session cap reached: least recently used sessions ended');
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_MS / 1000 });
    // This browser is now known for this user: its later logins are throttled apart from guessers.
    reply.setCookie(DEVICE_COOKIE, devices.issue(row.username), { ...cookieOptions(req), path: AUTH.login.path, maxAge: DEVICE_COOKIE_MAX_AGE_S });
    return user;
    },
    { bodyLimit: AUTH_BODY_LIMIT_BYTES },
  );

  // Logging out twice, or with an expired session, is not an error: the cookie ends up cleared either way.
  route(
    app,
    deps,
    AUTH.logout,
    async ({ req, reply }) => {
      await deps.sessions.destroy(req.cookies[SESSION_COOKIE]);
      clearSessionCookie(req, reply);
      return null;
    },
    { bodyLimit: AUTH_BODY_LIMIT_BYTES },
  );

  route(app, deps, AUTH.me, async ({ user }) => user);
}
