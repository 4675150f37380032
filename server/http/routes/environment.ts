import type { FastifyInstance } from 'fastify';
import { ENVIRONMENT, PARTICULATE_KINDS } from '../../../protocol';
import { deviceKindOf, environmentDaily } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** environment/* (docs/api.md "Environment"): daily figures of the monitors, and the fog cannons' spray linkage. */
export function registerEnvironmentRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, ENVIRONMENT.daily, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return environmentDaily(deps.db, body.projectId, body.days ?? 7, body.atMs ?? Date.now());
  });

  route(app, deps, ENVIRONMENT.sprayList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return deps.live().spray.states(body.projectId);
  });

  route(app, deps, ENVIRONMENT.sprayCommand, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const state = await deps.live().spray.manual(body.projectId, body.sn, body.action, user.username, Date.now());
    if (!state) throw new ApiError('NOT_FOUND', `no fog cannon ${body.sn} in this project`);
    return state;
  });

  route(app, deps, ENVIRONMENT.sprayLinkageSet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (body.linkage) {
      const kind = await deviceKindOf(deps.db, body.projectId, body.linkage.stationSn);
      if (!kind || !PARTICULATE_KINDS.includes(kind as (typeof PARTICULATE_KINDS)[number])) throw new ApiError('NOT_FOUND', `no environment monitor ${body.linkage.stationSn} in this project`);
    }
    const state = await deps.live().spray.setLinkage(body.projectId, body.sn, body.linkage);
    if (!state) throw new ApiError('NOT_FOUND', `no fog cannon ${body.sn} in this project`);
    return state;
  });
}
