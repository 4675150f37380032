import { auditAsFailed } from '../audit';
import type { FastifyInstance } from 'fastify';
import { TUNNEL, type TunnelInfo } from '../../../protocol';
import { latestProgress, toTunnelInfo, tunnelRows } from '../../storage';
import { parseRockGradeXlsx } from '../../tunnel/rockGradeImport';
import type { ProgressRefusal } from '../../tunnel/progress';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** Throws the API error of a refusal of the progress rules. */
function refuse(r: ProgressRefusal): never {
  throw new ApiError(r.refused, r.message);
}

/** tunnel/progress/* and tunnel/rockGrades/* (docs/api.md "Tunnel progress"). */
export function registerTunnelRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, TUNNEL.progressReport, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { projectId, headingId, atMs, ...positions } = body;
    const r = await deps.live().tunnelProgress.report(projectId, headingId, positions, atMs ?? Date.now(), 'report', user.username);
    if ('refused' in r) refuse(r);
    return r.tunnel;
  });

  route(app, deps, TUNNEL.progressFigures, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return deps.live().tunnelProgress.figures(body.projectId, body.atMs ?? Date.now());
  });

  route(app, deps, TUNNEL.progressList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return latestProgress(deps.db, body.projectId, body.headingId, body.limit ?? 50);
  });

  route(app, deps, TUNNEL.rockGradesSet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const r = await deps.live().tunnelProgress.setRockSegments(body.projectId, body.tunnelId, body.segments);
    if ('refused' in r) refuse(r);
    return r;
  });

  route(app, deps, TUNNEL.rockGradesImport, async ({ body, user, req }) => {
    requireMember(user, body.projectId);
    const bores = (await tunnelRows(deps.db, body.projectId)).map(toTunnelInfo);
    const parsed = await parseRockGradeXlsx(Buffer.from(body.contentBase64, 'base64'), bores);
    if (parsed.problems.length > 0) {
      auditAsFailed(req);
      return { imported: 0, problems: parsed.problems, tunnels: bores };
    }
    let imported = 0;
    const saved = new Map<string, TunnelInfo>();
    for (const [tunnelId, segments] of parsed.segments) {
      const r = await deps.live().tunnelProgress.setRockSegments(body.projectId, tunnelId, segments);
      if ('refused' in r) refuse(r);
      saved.set(tunnelId, r);
      imported += segments.length;
    }
    return { imported, problems: [], tunnels: bores.map((b) => saved.get(b.tunnelId) ?? b) };
  });
}
