import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ok, type Alarm, type AnyContract, type ContractReturn, type IngestStats, type RouteAccess, type SessionUser } from '../../protocol';
import type { ServerConfig } from '../config';
import type { Database } from '../storage';
import { ApiError, ERROR_MESSAGES } from './errors';
import { assertProjectNamed, markSchemaRoute, requestUser, requireProjectAccess } from './authorize';
import type { SessionStore } from './sessions';
import type { RestRejections } from './restRejections';
import type { CompactPages } from './routes/compactPages';
import type { ProjectLiveState } from '../cluster/liveShare';
import type { VehicleLive } from '../vehicles/tracker';
import { parseBody } from './validation';
import type { TunnelProgress } from '../tunnel/progress';
import type { SprayService } from '../spray/service';

/** What the REST routes need of the live pipeline (a subset of live.ts `LiveHandle`). */
export interface HttpLive {
  /** A project's live state (devices' status and latest values, zone figures) over every node of a cluster. */
  liveState(projectId: string): Promise<ProjectLiveState>;
  publishAlarm(alarm: Alarm): void;
  ingestStats(): IngestStats;
  disconnectDevices(projectId: string): number;
  /** Re-reads a project's devices and thresholds, zones and person registry into the live rules (after an edit). */
  reloadDevices(projectId: string): Promise<void>;
  /** Tunnel progress: reports, rock grades, figures (server/tunnel/progress.ts). */
  tunnelProgress: TunnelProgress;
  /** Fog cannons: state, manual commands, linkage (server/spray/service.ts). */
  spray: SprayService;
  /** The vehicles of a project that reported, with speed and gap (server/vehicles/tracker.ts; in a cluster, this node's share). */
  vehicles(projectId: string): VehicleLive[];
}

/**
 * Dependencies of the routes. `live` is a getter because the live pipeline starts after the routes are
 * registered (it attaches to the HTTP server); the server only listens once it is there.
 */
export interface HttpDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  sessions: SessionStore;
  live: () => HttpLive;
  /** REST rejection counters (a fresh one when absent); shared with GET /metrics and the status page. */
  rejections?: RestRejections;
  /** Compact track pages with their cache and warming (server/http/routes/compactPages.ts; a fresh one, not warming, when absent). */
  tracks?: CompactPages;
}

/** What a route handler receives; `user` is null only on `public` routes called without a session. */
export interface RouteContext<B, U extends SessionUser | null = SessionUser> {
  body: B;
  user: U;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The session user a handler of a route of `access` gets: public routes may be called without one. */
export type UserOf<A extends RouteAccess> = A extends 'public' ? SessionUser | null : SessionUser;

/** The handler of a contract's route: its result is checked by the compiler against the contract's response schema. */
export type ContractHandler<C extends AnyContract> = (ctx: RouteContext<z.output<C['body']>, UserOf<C['permission']>>) => Promise<ContractReturn<C>>;

/**
 * Registers the route of `contract` (protocol/contracts): its method and path, its body (or, for `GET`,
 * query) parsed with the contract's schema (VALIDATION naming the field), the handler's result wrapped in
 * a success envelope. Who may call it is decided before, by the authorisation hook from the contract's
 * `permission` (routePermissions.ts, authorize.ts); the handler gets the session user the check resolved.
 * Thrown {@link ApiError}s become failure envelopes in the error handler. `options` are fastify's route
 * options (a body limit of its own).
 */
export function route<C extends AnyContract>(app: FastifyInstance, deps: HttpDeps, contract: C, handler: ContractHandler<C>, options: RouteShorthandOptions = {}): void {
  if (contract.answer !== 'envelope') throw new Error(`${contract.path} answers without the envelope: register it with rawRoute`);
  markSchemaRoute(contract.path);
  app.route({
    ...options,
    method: contract.method,
    url: contract.path,
    handler: async (req, reply) => {
      const user = requestUser(req);
      if (!user && contract.permission !== 'public') throw new ApiError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
      const body: z.output<C['body']> = parseBody(contract.body as C['body'], contract.method === 'GET' ? req.query : req.body);
      assertProjectNamed(req);
      return ok(await handler({ body, user: user as UserOf<C['permission']>, req, reply }));
    },
  });
}

/**
 * Registers the route of a contract that answers without the envelope (a file, a picture, a binary page,
 * a text exposition: the contract's `answer`): the handler parses the request and sends the body itself;
 * its failures are still envelopes (thrown ApiErrors).
 */
export function rawRoute(
  app: FastifyInstance,
  contract: AnyContract,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  options: RouteShorthandOptions = {},
): void {
  if (contract.answer === 'envelope') throw new Error(`${contract.path} answers with the envelope: register it with route`);
  app.route({ ...options, method: contract.method, url: contract.path, handler });
}

/**
 * The session user of a route that answers without an envelope (files, pictures): the one the
 * authorisation hook (authorize.ts) resolved for this request, so the session is read once.
 * @throws ApiError UNAUTHENTICATED without one
 */
export function sessionUserOf(req: FastifyRequest): SessionUser {
  const user = requestUser(req);
  if (!user) throw new ApiError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
  return user;
}

/**
 * For a project found inside a handler (e.g. a board's): FORBIDDEN unless `user` is a member of `projectId`
 * whose role grants the route's permission (authorize.ts requireProjectAccess).
 * @throws ApiError FORBIDDEN
 */
export function requireMember(user: SessionUser, projectId: string): void {
  requireProjectAccess(user, projectId);
}

/** @throws ApiError FORBIDDEN unless `user` is an installation administrator (`isAdmin`). */
export function requireAdmin(user: SessionUser): void {
  if (!user.isAdmin) throw new ApiError('FORBIDDEN', ERROR_MESSAGES.forbidden);
}
