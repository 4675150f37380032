/** REST API: fastify app, routes, sessions and password hashing. */
export { createHttpApp, resolveStaticDir } from './createHttpApp';
export type { HttpDeps, HttpLive } from './context';
export { ApiError, ERROR_MESSAGES, HTTP_STATUS } from './errors';
export { SESSION_COOKIE, SESSION_IDLE_MS, SESSION_MAX_AGE_MS, SessionStore, loadSessionUser, type SessionResolver } from './sessions';
export { hashPassword, verifyPassword, randomPassword } from './passwords';
