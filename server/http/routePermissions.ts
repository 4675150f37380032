import { accessByPath, ADMIN_ROUTES, CONTRACTS, NAV, type RouteAccess } from '../../protocol';
import { API_REFERENCE_PREFIX } from './openapi';

/** Routes not declared as contracts yet, with their access by URL (merged into ROUTE_ACCESS). */
export const UNDECLARED_ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Sessions
  [ADMIN_ROUTES.passwordChange]: 'self',
  // Administration (protocol/admin.ts)
  [ADMIN_ROUTES.orgList]: 'session',
  [ADMIN_ROUTES.orgAdd]: 'system',
  [ADMIN_ROUTES.orgEdit]: 'system',
  [ADMIN_ROUTES.projectList]: 'session',
  [ADMIN_ROUTES.projectAdd]: 'system',
  [ADMIN_ROUTES.projectArchive]: 'system',
  [ADMIN_ROUTES.projectDetails]: 'project.read',
  [ADMIN_ROUTES.projectEdit]: 'project.admin',
  [ADMIN_ROUTES.userList]: 'system',
  [ADMIN_ROUTES.userAdd]: 'system',
  [ADMIN_ROUTES.userDisable]: 'system',
  [ADMIN_ROUTES.userResetPassword]: 'system',
  [ADMIN_ROUTES.memberList]: 'project.admin',
  [ADMIN_ROUTES.memberSet]: 'project.admin',
  [ADMIN_ROUTES.memberRemove]: 'project.admin',
  [ADMIN_ROUTES.deviceRegistryList]: 'project.admin',
  [ADMIN_ROUTES.deviceAdd]: 'project.admin',
  [ADMIN_ROUTES.deviceEdit]: 'project.admin',
  [ADMIN_ROUTES.deviceMove]: 'project.admin',
  [ADMIN_ROUTES.deviceRemove]: 'project.admin',
  [ADMIN_ROUTES.deviceImport]: 'project.admin',
  [ADMIN_ROUTES.auditList]: 'project.admin',
  [ADMIN_ROUTES.auditExport]: 'project.admin',
};

/**
 * What every HTTP route needs, by URL: the one table the authorisation hook (authorize.ts) enforces and the
 * authorisation-matrix test (tests/integration/authorisationMatrix.test.ts) is generated from; docs/api.md
 * "Roles and permissions" lists it. A route missing here is refused to everyone (and the matrix test fails),
 * so a new route declares its `permission` in its contract (protocol/contracts).
 *
 * Project permissions (protocol/roles.ts) are checked against the project of the request: `projectId` of
 * the body or query, else the project of `boardId`, else of `alarmId` / `alarmIds`.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  ...accessByPath(CONTRACTS),
  ...UNDECLARED_ROUTE_ACCESS,
};

/** Routes that also accept `Authorization: Bearer …` instead of a session; the route checks the token itself. */
export const BEARER_ROUTES: ReadonlySet<string> = new Set(['/metrics']);

/** Routes outside authorisation: the built app's files (fastify-static's wildcard). */
export const STATIC_ROUTES: ReadonlySet<string> = new Set(['/*', '/']);

/** Routes whose project is in a body field other than `projectId` (the form of postDomain.htm, docs/product.md "Organisation switch"). */
export const PROJECT_FIELD: Readonly<Record<string, string>> = { [NAV.postDomain.path]: 'id' };

/**
 * The access of a registered route: its entry in {@link ROUTE_ACCESS}; the interactive API reference
 * (@fastify/swagger-ui's pages and files under API_REFERENCE_PREFIX) is for any session. Undefined: refused to everyone.
 */
export function routeAccess(url: string): RouteAccess | undefined {
  if (Object.hasOwn(ROUTE_ACCESS, url)) return ROUTE_ACCESS[url];
  if (url === API_REFERENCE_PREFIX || url.startsWith(`${API_REFERENCE_PREFIX}/`)) return 'session';
  return undefined;
}
