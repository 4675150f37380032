import { accessByPath, CONTRACTS, NAV, type RouteAccess } from '../../protocol';
import { API_REFERENCE_PREFIX } from './openapi';

/**
 * What every HTTP route needs, by URL: the one table the authorisation hook (authorize.ts) enforces and the
 * authorisation-matrix test (tests/integration/authorisationMatrix.test.ts) is generated from; docs/api.md
 * "Roles and permissions" lists it. A route missing here is refused to everyone (and the matrix test fails),
 * so a new route declares its `permission` in its contract (protocol/contracts).
 *
 * Project permissions (protocol/roles.ts) are checked against the project of the request: `projectId` of
 * the body or query, else the project of `boardId`, else of `alarmId` / `alarmIds`.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = accessByPath(CONTRACTS);

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
