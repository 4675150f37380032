import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { roleAllows, roleIn, type Permission, type RouteAccess, type SessionUser } from '../../protocol';
import type { Database } from '../storage';
import { ApiError, ERROR_MESSAGES } from './errors';
import { BEARER_ROUTES, PROJECT_FIELD, routeAccess, STATIC_ROUTES } from './routePermissions';
import { SESSION_COOKIE, type SessionStore } from './sessions';

/** Message of a request refused because the password must be changed first. */
export const PASSWORD_CHANGE_REQUIRED = 'Please choose a new password first';
/** Message of a project-scoped request that names no project. */
export const NO_PROJECT = 'projectId: required';

/** The session user the authorisation hook resolved for a request, and the route's access. */
interface RequestAuth {
  user: SessionUser | null;
  access: RouteAccess;
  /** A project-scoped request that named no project: route (context.ts) refuses it after its own schema check. */
  unresolved?: boolean;
  /** The projects the request named (project-scoped routes), else empty. */
  projects: string[];
}
const authOf = new WeakMap<FastifyRequest, RequestAuth>();
/** The route access a handler's `user` object was authorised for (requireMember reads it). */
const accessOfUser = new WeakMap<SessionUser, RouteAccess>();

/** True for the access levels that are project permissions. */
export function isProjectPermission(access: RouteAccess): access is Permission {
  return access !== 'public' && access !== 'session' && access !== 'self' && access !== 'system';
}

/**
 * The session user the authorisation hook resolved for `req` (null on public routes without a session).
 * Route handlers take their user from here, never resolve the cookie again.
 */
export function requestUser(req: FastifyRequest): SessionUser | null {
  return authOf.get(req)?.user ?? null;
}

/** URLs registered through route (context.ts), which validate their body before the handler runs. */
const SCHEMA_ROUTES = new Set<string>();

/** Marks `url` as a route registered from its contract (context.ts route): it calls {@link assertProjectNamed} after its schema check. */
export function markSchemaRoute(url: string): void {
  SCHEMA_ROUTES.add(url);
}

/**
 * After a route body passed its contract schema: a project-scoped request that named no project is refused
 * (VALIDATION), so no handler of a project permission ever runs without its project checked.
 * @throws ApiError VALIDATION
 */
export function assertProjectNamed(req: FastifyRequest): void {
  if (authOf.get(req)?.unresolved) throw new ApiError('VALIDATION', NO_PROJECT);
}

/** The projects a request was authorised for (the audit log records them). */
export function requestProjects(req: FastifyRequest): readonly string[] {
  return authOf.get(req)?.projects ?? [];
}

/**
 * The same check as the hook, for a project found inside a handler (a board's or alarm's project): FORBIDDEN
 * unless `user` is a member of `projectId` whose role grants the route's permission. A user object that did
 * not come through the hook (socket code, jobs) is checked for membership only.
 * @throws ApiError FORBIDDEN
 */
export function requireProjectAccess(user: SessionUser, projectId: string): void {
  const role = roleIn(user, projectId);
  if (role === null) throw new ApiError('FORBIDDEN', ERROR_MESSAGES.forbidden);
  const access = accessOfUser.get(user);
  if (access !== undefined && isProjectPermission(access) && !roleAllows(role, access)) throw new ApiError('FORBIDDEN', ERROR_MESSAGES.forbidden);
}

/** The string `projectId` of a body or query object, if any. */
function field(obj: unknown, key: string): unknown {
  return obj !== null && typeof obj === 'object' ? (obj as Record<string, unknown>)[key] : undefined;
}

/**
 * The projects a request is about: `projectId` of the body or query, else the project of `boardId`, else
 * of `alarmId` / `alarmIds`. An id of something that does not exist names no project (the handler answers
 * NOT_FOUND or changes nothing). @returns null when the request names none of these fields at all.
 */
async function projectsOf(db: Kysely<Database>, req: FastifyRequest): Promise<string[] | null> {
  const key = PROJECT_FIELD[req.routeOptions.url ?? ''] ?? 'projectId';
  const projectId = field(req.body, key) ?? field(req.query, key);
  if (typeof projectId === 'string' && projectId !== '' && projectId.length <= 64) return [projectId];
  const boardId = field(req.body, 'boardId');
  if (typeof boardId === 'string' && boardId !== '') {
    const row = await db.selectFrom('boards').select('project_id').where('board_id', '=', boardId).executeTakeFirst();
    return row ? [row.project_id] : [];
  }
  const alarmIds = [field(req.body, 'alarmId'), ...(Array.isArray(field(req.body, 'alarmIds')) ? (field(req.body, 'alarmIds') as unknown[]) : [])].filter(
    (v): v is number => typeof v === 'number' && Number.isSafeInteger(v),
  );
  if (alarmIds.length > 0) {
    const rows = await db.selectFrom('alarms').select('project_id').distinct().where('alarm_id', 'in', alarmIds.slice(0, 500)).execute();
    return rows.map((r) => r.project_id);
  }
  if (field(req.body, 'alarmId') !== undefined || field(req.body, 'alarmIds') !== undefined) return [];
  return null;
}

/**
 * Installs the authorisation of every route, enforced in one place (docs/api.md "Roles and permissions"):
 * each route's access comes from `routeAccess` (routePermissions.ts, the contracts' permissions) by URL; a route without an entry is refused to
 * everyone (FORBIDDEN, logged once at start). Anonymous requests to non-public routes are UNAUTHENTICATED;
 * a user who must change the password may only use `self` routes; `system` routes need an installation
 * administrator; project permissions need a membership whose role grants them, in every project the request
 * names. Session checks run on request (before the body is read), project checks as a preHandler (after).
 * @returns the URLs of the routes registered so far and from now on (the matrix test reads them).
 */
export function installAuthorization(app: FastifyInstance, db: Kysely<Database>, sessions: SessionStore): { routes: Set<string> } {
  const routes = new Set<string>();
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (STATIC_ROUTES.has(url)) return;
    routes.add(url);
    if (routeAccess(url) === undefined) app.log.error({ url }, 'route has no entry in ROUTE_ACCESS (server/http/routePermissions.ts): refused to everyone');
  });

  // Session, password-change and administrator checks before the body is even parsed: an anonymous client
  // cannot make the server read a body of a route it may not use.
  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    if (url === undefined || STATIC_ROUTES.has(url)) return;
    const access = routeAccess(url);
    if (access === undefined) throw new ApiError('FORBIDDEN', ERROR_MESSAGES.forbidden);
    if (BEARER_ROUTES.has(url) && req.headers.authorization !== undefined) return;
    const user = await sessions.resolve(req.cookies[SESSION_COOKIE]);
    authOf.set(req, { user, access, projects: [] });
    if (access === 'public') return;
    if (!user) throw new ApiError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    accessOfUser.set(user, access);
    if (user.mustChangePassword && access !== 'self') throw new ApiError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED);
    if (access === 'system' && !user.isAdmin) throw new ApiError('FORBIDDEN', ERROR_MESSAGES.forbidden);
  });

  // Project permissions once the body is parsed: the project comes from it.
  app.addHook('preHandler', async (req) => {
    const auth = authOf.get(req);
    if (!auth?.user || !isProjectPermission(auth.access)) return;
    const projects = await projectsOf(db, req);
    if (projects === null) {
      // A route of a contract reports its own schema's error first (then assertProjectNamed); any other refuses now.
      if (!SCHEMA_ROUTES.has(req.routeOptions.url ?? '')) throw new ApiError('VALIDATION', NO_PROJECT);
      auth.unresolved = true;
      return;
    }
    for (const projectId of projects) requireProjectAccess(auth.user, projectId);
    auth.projects = projects;
  });
  return { routes };
}
