import type { FastifyInstance } from 'fastify';
import { FLEET } from '../../../protocol';
import { getThresholds, listThresholdAudit, resetThresholds, setThresholds, ThresholdEditError } from '../../rules/thresholdEdits';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** Maps a refused edit to the API's errors: unknown device or kind NOT_FOUND, bad values VALIDATION. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ThresholdEditError) throw new ApiError(err.reason === 'not-found' ? 'NOT_FOUND' : 'VALIDATION', err.message);
    throw err;
  }
}

/**
 * threshold/get, set, reset, audit (protocol/fleet.ts, docs/api.md "Thresholds"). Reading is for members
 * of the project, changing for administrators who are members. A change is written and audited in one
 * transaction, then the project's devices are reloaded into the live rules, so the next reading is judged
 * by the new limits.
 */
export function registerThresholdRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, FLEET.thresholdGet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return refusing(() => getThresholds(deps.db, body.projectId, body.target));
  });

  route(app, deps, FLEET.thresholdSet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const ctx = { projectId: body.projectId, target: body.target, username: user.username, nowMs: Date.now() };
    const view = await refusing(() => setThresholds(deps.db, ctx, body.thresholds));
    await deps.live().reloadDevices(body.projectId);
    return view;
  });

  route(app, deps, FLEET.thresholdReset, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const ctx = { projectId: body.projectId, target: body.target, username: user.username, nowMs: Date.now() };
    const view = await refusing(() => resetThresholds(deps.db, ctx, body.metrics));
    await deps.live().reloadDevices(body.projectId);
    return view;
  });

  route(app, deps, FLEET.thresholdAudit, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return listThresholdAudit(deps.db, body.projectId, { target: body.target, beforeId: body.beforeId, limit: body.limit });
  });
}
