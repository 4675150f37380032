import type { FastifyInstance } from 'fastify';
import { ALARMS } from '../../protocol';
import type { HttpDeps } from '../http/context';
import { rawRoute, requireMember, sessionUserOf } from '../http/context';
import { ApiError } from '../http/errors';
import { parseBody } from '../http/validation';
import { CaptureStore } from './captureStore';

/**
 * `GET alarm/capture?projectId=&name=` (docs/api.md "alarm/capture"): the capture picture itself, to
 * members whose role has `alarm.view` (server/http/routePermissions.ts). The name is checked against
 * CAPTURE_NAME before any lookup, and the picture is looked up by project and name in the database, so no
 * path is ever built from the request. Errors (JSON envelopes): VALIDATION, UNAUTHENTICATED, FORBIDDEN,
 * NOT_FOUND.
 */
export function registerCaptureRoute(app: FastifyInstance, deps: HttpDeps): void {
  const store = new CaptureStore(deps.db);
  rawRoute(app, ALARMS.alarmCapture, async (req, reply) => {
    const user = sessionUserOf(req);
    const query = parseBody(ALARMS.alarmCapture.body, req.query);
    requireMember(user, query.projectId);
    const picture = await store.read(query.projectId, query.name);
    if (!picture) throw new ApiError('NOT_FOUND', 'Capture not found');
    return reply
      .header('content-type', picture.contentType)
      .header('content-disposition', `inline; filename="${query.name}"`)
      .header('x-content-type-options', 'nosniff')
      // members only: a shared cache must not keep it; the picture of a name never changes
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(Buffer.from(picture.bytes));
  });
}
