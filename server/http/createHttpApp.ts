import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fail, type ErrorCode } from '../../protocol';
import type { HttpDeps } from './context';
import { ApiError, ERROR_MESSAGES, HTTP_STATUS } from './errors';
import { registerAlarmRoutes } from './routes/alarms';
import { registerAuthRoutes } from './routes/auth';
import { registerBoardRoutes } from './routes/boards';
import { registerDeviceRoutes } from './routes/devices';
import { registerNavRoutes } from './routes/nav';
import { registerTelemetryRoutes } from './routes/telemetry';
import { registerThresholdRoutes } from './routes/thresholds';
import { registerWorkRecordRoutes } from './routes/workRecords';

/** Largest accepted request body; boards with many panels stay well below it. */
const BODY_LIMIT_BYTES = 1024 * 1024;
const API_PREFIX = '/zhgd/';

/**
 * The built browser app to serve: `config.staticDir`, else `./dist` when it exists, else none (API only).
 */
export function resolveStaticDir(staticDir: string | null, cwd = process.cwd()): string | null {
  if (staticDir) return staticDir;
  const dist = path.resolve(cwd, 'dist');
  return existsSync(path.join(dist, 'index.html')) ? dist : null;
}

/**
 * Builds the fastify app: cookies, the REST routes of protocol/api.ts, the built browser app (`/` serves
 * index.html), and error handling so that every API answer is an Envelope: schema errors VALIDATION 400,
 * unknown routes NOT_FOUND 404, unexpected errors INTERNAL 500 (logged, no details to the client).
 * Not listening yet; the caller decides when.
 */
export async function createHttpApp(deps: HttpDeps, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: BODY_LIMIT_BYTES, trustProxy: false });
  await app.register(fastifyCookie);

  // Routes without fields (me, logout, ingest/stats) may be posted with an empty JSON body.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  // JSON only: a cross-site form or text/plain post cannot reach a route at all (415).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    return defaultJsonParser(req, body as string, done);
  });

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.status).send(fail(err.code, err.message));
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // fastify's own request errors: bad JSON, wrong content type, body too large.
      const code: ErrorCode = status === 404 || status === 405 ? 'NOT_FOUND' : 'VALIDATION';
      return reply.code(status).send(fail(code, code === 'NOT_FOUND' ? ERROR_MESSAGES.notFound : `body: ${err.message}`));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(HTTP_STATUS.INTERNAL).send(fail('INTERNAL', ERROR_MESSAGES.internal));
  });

  const staticDir = resolveStaticDir(deps.config.staticDir);
  if (staticDir) await app.register(fastifyStatic, { root: staticDir, index: 'index.html', wildcard: true });

  app.setNotFoundHandler((req, reply) => {
    // The browser app routes by hash, but a bookmarked deep path should still open it.
    const wantsPage =
      staticDir !== null &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith(API_PREFIX) &&
      (req.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.sendFile('index.html');
    return reply.code(404).send(fail('NOT_FOUND', ERROR_MESSAGES.notFound));
  });

  registerAuthRoutes(app, deps);
  registerDeviceRoutes(app, deps);
  registerAlarmRoutes(app, deps);
  registerBoardRoutes(app, deps);
  registerTelemetryRoutes(app, deps);
  registerNavRoutes(app, deps);
  registerThresholdRoutes(app, deps);
  registerWorkRecordRoutes(app, deps);
  return app;
}
