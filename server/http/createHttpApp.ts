import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ADMIN, AUTH, BOARDS, CONTRACTS, fail, SYSTEM, type ErrorCode } from '../../protocol';
import { BodyRejected, parseGuardedJson } from './bodyGuard';
import { installAudit } from './audit';
import { installAuthorization } from './authorize';
import { rawRoute, type HttpDeps } from './context';
import { API_REFERENCE_PREFIX, openApiDocument } from './openapi';
import { ApiError, ERROR_MESSAGES, HTTP_STATUS } from './errors';
import { registerMetricsRoute } from './metrics';
import { RestRejections, UNMATCHED_ROUTE } from './restRejections';
import { registerAlarmRoutes } from './routes/alarms';
import { registerAdminRoutes } from './routes/admin';
import { registerAuthRoutes } from './routes/auth';
import { registerBoardRoutes } from './routes/boards';
import { registerDeviceRoutes } from './routes/devices';
import { registerTunnelRoutes } from './routes/tunnel';
import { registerTunnelPlanRoutes } from './routes/tunnelPlan';
import { registerEnvironmentRoutes } from './routes/environment';
import { registerPeopleRoutes } from './routes/people';
import { NAV_POST_DOMAIN_ROUTE, registerNavRoutes } from './routes/nav';
import { registerTelemetryRoutes } from './routes/telemetry';
import { registerThresholdRoutes } from './routes/thresholds';
import { registerWorkRecordRoutes } from './routes/workRecords';
import { registerEquipmentRoutes } from './routes/equipment';
import { registerEquipmentArchiveRoutes } from './routes/equipmentArchive';
import { registerLiftingDriverFileRoutes } from './routes/liftingDriverFiles';
import { registerLiftingDriverRoutes } from './routes/liftingDrivers';
import { registerCycleRoutes } from './routes/cycles';
import { registerAttendanceRoutes } from './routes/attendance';
import { registerEmergencyRoutes } from './routes/emergency';
import { registerInspectionRoutes } from './routes/inspections';
import { registerScheduleRoutes } from './routes/schedule';
import { registerEducationRoutes } from './routes/education';
import { registerCaptureRoutes } from './routes/captures';
import { registerVideoRoutes } from './routes/video';
import { registerVehicleRoutes } from './routes/vehicles';
import { registerCompanyRoutes } from './routes/company';
import { registerAttachmentRoutes } from './routes/attachments';
import { registerEventBookRoutes } from './routes/eventBook';
import { registerHomeRoutes } from './routes/home';

const API_PREFIX = '/zhgd/';
/** Auth routes: their limits are RATE_LIMIT_AUTH_PER_MINUTE, counted apart from the other routes. */
const AUTH_ROUTES = new Set<string>([AUTH.login.path, AUTH.logout.path]);
/**
 * Routes that take a whole board, page or panel document; every other route takes a few fields and gets
 * {@link SMALL_BODY_LIMIT_BYTES}. The board routes get BODY_LIMIT_BYTES (docs/api.md "Request bodies").
 */
const DOCUMENT_ROUTES = new Set<string>([
  BOARDS.boardAdd.path,
  BOARDS.boardEdit.path,
  BOARDS.pageAdd.path,
  BOARDS.pageEdit.path,
  BOARDS.panelEdit.path,
  BOARDS.panelCustomAdd.path,
  BOARDS.layoutUpdate.path,
  BOARDS.systemStyleEdit.path,
  ADMIN.deviceImport.path,
]);
/** The version of the REST API the OpenAPI document states (the envelope and routes of docs/api.md). */
const API_VERSION = '1.0.0';
/** URLs of every route of an app, by app (the authorisation-matrix test enumerates them). */
const authorizedRoutes = new WeakMap<FastifyInstance, Set<string>>();

/** The URLs of every route registered on `app` except the built app's files. */
export function registeredRoutes(app: FastifyInstance): ReadonlySet<string> {
  return authorizedRoutes.get(app) ?? new Set();
}

/** Body limit of the routes that are not document routes: 64 KiB. */
export const SMALL_BODY_LIMIT_BYTES = 64 * 1024;

/** Error code of a 4xx answer that no route chose itself (fastify's own refusals). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 405) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION';
}

/**
 * Security headers (helmet), for the built app as Vite emits it: no inline scripts (module scripts from
 * 'self'), workers from 'self' and blob:, styles inserted at run time by Fluent UI (Griffel), so
 * 'unsafe-inline' for styles only; the live socket on the same origin; images from anywhere over http(s)
 * (company logos and camera pictures are links); media from 'self' and blob: (the video tiles' MediaSource). Custom panel modules on other origins need their origin in
 * CUSTOM_MODULE_ORIGINS. No upgrade-insecure-requests: sites run on plain HTTP inside their network. No
 * HSTS from helmet: it would send it over plain HTTP too; {@link HSTS} goes out over HTTPS only.
 */
function helmetOptions(scriptOrigins: string[]) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptOrigins],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        // camera video: hls.js feeds the video element through MediaSource (a blob: URL)
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...scriptOrigins],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' as const },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Strict-Transport-Security (RFC 6797 §7.2: sent over secure transport only; a browser ignores it over
 * HTTP): 180 days, this host only. Sent when the request came over HTTPS (behind a proxy, its
 * X-Forwarded-Proto as TRUST_PROXY allows).
 */
export const HSTS = 'max-age=15552000';

/**
 * The built browser app to serve: `config.staticDir`, else `./dist` when it exists, else none (API only).
 */
export function resolveStaticDir(staticDir: string | null, cwd = process.cwd()): string | null {
  if (staticDir) return staticDir;
  const dist = path.resolve(cwd, 'dist');
  return existsSync(path.join(dist, 'index.html')) ? dist : null;
}

/** A URL's path and its query (with the `?`, or ''). */
function splitQuery(url: string): [string, string] {
  const q = url.indexOf('?');
  return q < 0 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}

/**
 * The URL the routes see for a request under BASE_PATH `base` (docs/operations.md "Serving under a
 * sub-path"): the base stripped (`/siteboard/zhgd/x?y` → `/zhgd/x?y`, `/siteboard` → `/`). A URL outside the
 * base is routed as it is, so a node still answers its own health checks (`/metrics`) at the root.
 */
export function stripBasePath(base: string, url: string): string {
  if (!base || !url.startsWith(base)) return url;
  const rest = url.slice(base.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : url;
}

/**
 * Builds the fastify app: cookies, the REST routes of protocol/api.ts, the built browser app (`/` serves
 * index.html), and error handling so that every API answer is an Envelope: schema errors VALIDATION 400,
 * unknown routes NOT_FOUND 404, unexpected errors INTERNAL 500 (logged, no details to the client).
 * Not listening yet; the caller decides when.
 */
export async function createHttpApp(deps: HttpDeps, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  const { config } = deps;
  const hops = config.trustProxy;
  // A hop count trusts the nearest `hops` proxies (what fastify does with a number, typed as a function here).
  const trustProxy = typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  // Requests are logged once each, at debug (LOG_LEVEL=debug): at info a wall screen's polling buried
  // everything an operator must read.
  const base = config.basePath;
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
    rewriteUrl: (req) => stripBasePath(base, req.url ?? '/'),
  });
  if (base) {
    // `/siteboard` itself: the page's relative addresses (assets, API, socket) need the trailing slash.
    app.addHook('onRequest', async (req, reply) => {
      const [pathname, query] = splitQuery(req.originalUrl);
      if (pathname === base) return reply.redirect(`${base}/${query}`);
    });
  }
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug({ method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  const rejections = deps.rejections ?? new RestRejections();
  const codes = new WeakMap<object, ErrorCode>();
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, helmetOptions(config.customModuleOrigins));
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });

  // Every REST refusal is counted by route and error code (GET /metrics, the status page); 5xx apart.
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    if (status < 400) return;
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    if (status >= 500) rejections.countServerError(route);
    else rejections.count(route, codes.get(req) ?? codeOfStatus(status), status);
  });

  // Per-route body limits: the small routes never buffer a megabyte (set before the routes register).
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (route.bodyLimit === undefined && url.startsWith(API_PREFIX) && !DOCUMENT_ROUTES.has(url)) route.bodyLimit = SMALL_BODY_LIMIT_BYTES;
  });

  // Rate limits per client address (TRUST_PROXY decides what that is); login/logout counted apart.
  const authMax = config.rateLimitAuthPerMinute;
  const apiMax = config.rateLimitApiPerMinute;
  await app.register(fastifyRateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (req) => (AUTH_ROUTES.has(req.routeOptions.url ?? '') ? authMax : apiMax),
    keyGenerator: (req) => `${AUTH_ROUTES.has(req.routeOptions.url ?? '') ? 'auth' : 'api'} ${req.ip}`,
    allowList: (req) => {
      if (!req.url.startsWith(API_PREFIX)) return true;
      return (AUTH_ROUTES.has(req.routeOptions.url ?? '') ? authMax : apiMax) === 0;
    },
    errorResponseBuilder: () => new ApiError('RATE_LIMITED', ERROR_MESSAGES.tooManyRequests),
  });

  // JSON only: a cross-site form or text/plain post cannot reach a route at all (415). Routes without
  // fields (me, logout, ingest/stats) may be posted with an empty body. Every body passes the guard of
  // bodyGuard.ts first: NUL, lone surrogates, deep nesting, prototype keys are VALIDATION on every route.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseGuardedJson(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.setErrorHandler((err: FastifyError | ApiError | BodyRejected, req, reply) => {
    if (err instanceof ApiError) {
      codes.set(req, err.code);
      // The organisation switch answers the `errorMsg` of docs/product.md "Organisation switch" too (routes/nav.ts), also for the central refusals.
      const extra = req.routeOptions.url === NAV_POST_DOMAIN_ROUTE ? { errorMsg: err.message } : {};
      return reply.code(err.status).send({ ...fail(err.code, err.message), ...extra });
    }
    if (err instanceof BodyRejected) {
      codes.set(req, 'VALIDATION');
      return reply.code(400).send(fail('VALIDATION', err.message));
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // fastify's own request errors: bad JSON, wrong content type, body too large.
      const code = codeOfStatus(status);
      codes.set(req, code);
      return reply.code(status).send(fail(code, code === 'NOT_FOUND' ? ERROR_MESSAGES.notFound : `body: ${err.message}`));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(HTTP_STATUS.INTERNAL).send(fail('INTERNAL', ERROR_MESSAGES.internal));
  });

  // Every route's access is checked in one place before its handler (authorize.ts, routePermissions.ts).
  authorizedRoutes.set(app, installAuthorization(app, deps.db, deps.sessions).routes);
  // Who changed what and when, for the routes of AUDITED_ROUTES (audit.ts).
  installAudit(app, deps.db);

  const staticDir = resolveStaticDir(deps.config.staticDir);
  if (staticDir) await app.register(fastifyStatic, { root: staticDir, index: 'index.html', wildcard: true });

  app.setNotFoundHandler((req, reply) => {
    // The browser app routes by hash, but a bookmarked deep path should still open it.
    const wantsPage =
      staticDir !== null &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith(API_PREFIX) &&
      (req.headers.accept ?? '').includes('text/html');
    // The app routes by hash: a page path opens the app at that route (its relative addresses resolve
    // against the base, so the page itself is only ever served at the base).
    if (wantsPage) return reply.redirect(`${base}/#${req.url}`);
    return reply.code(404).send(fail('NOT_FOUND', ERROR_MESSAGES.notFound));
  });

  // The API's description, generated from the contracts, and its interactive reference (sessions only: routePermissions.ts).
  const document = openApiDocument(CONTRACTS, API_VERSION);
  rawRoute(app, SYSTEM.openApi, async (_req, reply) => reply.type('application/json; charset=utf-8').send(document));
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, { routePrefix: API_REFERENCE_PREFIX });

  registerAuthRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerDeviceRoutes(app, deps);
  registerTunnelRoutes(app, deps);
  registerTunnelPlanRoutes(app, deps);
  registerEnvironmentRoutes(app, deps);
  registerAlarmRoutes(app, deps);
  registerBoardRoutes(app, deps);
  registerTelemetryRoutes(app, deps);
  registerNavRoutes(app, deps);
  const video = registerVideoRoutes(app, deps);
  registerMetricsRoute(app, deps, rejections, video);
  registerThresholdRoutes(app, deps);
  registerWorkRecordRoutes(app, deps);
  registerPeopleRoutes(app, deps);
  registerEquipmentRoutes(app, deps);
  registerEquipmentArchiveRoutes(app, deps);
  registerLiftingDriverRoutes(app, deps);
  registerLiftingDriverFileRoutes(app, deps);
  registerCycleRoutes(app, deps);
  registerAttendanceRoutes(app, deps);
  registerCaptureRoutes(app, deps);
  registerVehicleRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerAttachmentRoutes(app, deps);
  registerEventBookRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerEmergencyRoutes(app, deps);
  registerInspectionRoutes(app, deps);
  registerScheduleRoutes(app, deps);
  registerEducationRoutes(app, deps);
  return app;
}
