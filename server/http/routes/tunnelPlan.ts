import { auditAsFailed } from '../audit';
import type { FastifyInstance } from 'fastify';
import { TUNNEL, type BoreAlignment } from '../../../protocol';
import { boreAlignments, saveBoreAlignments, tunnelRows, zoneRowsByPlace } from '../../storage';
import { parseAlignmentFile } from '../../tunnel/alignmentImport';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** tunnel/plan and tunnel/alignment/* (docs/api.md "Tunnel plan"). */
export function registerTunnelPlanRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const boreIds = async (projectId: string) => (await tunnelRows(deps.db, projectId)).map((t) => t.tunnel_id);

  route(app, deps, TUNNEL.plan, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const [alignments, zones] = await Promise.all([boreAlignments(deps.db, body.projectId), zoneRowsByPlace(deps.db, body.projectId)]);
    return {
      alignments,
      zones: zones.map((z) => ({ zoneId: z.zone_id, name: z.name, kind: z.kind as 'danger' | 'work' | 'portal', tunnelId: z.tunnel_id, fromM: z.from_m, toM: z.to_m })),
    };
  });

  route(app, deps, TUNNEL.alignmentSet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const ids = await boreIds(body.projectId);
    const a = body.alignment;
    if (!ids.includes(a.tunnelId)) throw new ApiError('NOT_FOUND', `no bore ${a.tunnelId} in this project`);
    const stray = a.crossPassages.find((c) => !ids.includes(c.toTunnelId) || c.toTunnelId === a.tunnelId);
    if (stray) throw new ApiError('VALIDATION', `a cross passage must reach another bore of this project: ${stray.toTunnelId}`);
    await saveBoreAlignments(deps.db, body.projectId, [a], user.username, Date.now());
    return a;
  });

  route(app, deps, TUNNEL.alignmentImport, async ({ body, user, req }) => {
    requireMember(user, body.projectId);
    const parsed = await parseAlignmentFile(body.format, Buffer.from(body.contentBase64, 'base64'), await boreIds(body.projectId));
    const before = await boreAlignments(deps.db, body.projectId);
    if (parsed.problems.length > 0) {
      auditAsFailed(req);
      return { imported: 0, problems: parsed.problems, alignments: before };
    }
    const kept = new Map(before.map((a) => [a.tunnelId, a.crossPassages]));
    const next: BoreAlignment[] = [...parsed.points].map(([tunnelId, points]) => ({ tunnelId, points, crossPassages: kept.get(tunnelId) ?? [] }));
    await saveBoreAlignments(deps.db, body.projectId, next, user.username, Date.now());
    return { imported: next.reduce((n, a) => n + a.points.length, 0), problems: [], alignments: await boreAlignments(deps.db, body.projectId) };
  });
}
