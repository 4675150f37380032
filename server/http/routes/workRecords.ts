import type { FastifyInstance } from 'fastify';
import { workRecordPage } from '../../storage';
import { FLEET, type WorkRecordPage } from '../../../protocol';
import { requireMember, route, type HttpDeps } from '../context';

/** work/records (protocol/fleet.ts, docs/api.md "Work records"): a project's lifts and elevator trips, newest first, paged. Members. */
export function registerWorkRecordRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, FLEET.workRecordList, async ({ body, user }): Promise<WorkRecordPage> => {
    requireMember(user, body.projectId);
    const { total, rows } = await workRecordPage(deps.db, body.projectId, body.sn, body.page, body.pageSize);
    return {
      total,
      page: body.page,
      pageSize: body.pageSize,
      list: rows.map((r) => ({
        recordId: Number(r.record_id),
        projectId: r.project_id,
        sn: r.device_sn,
        kind: r.kind,
        startedAtMs: r.started_at_ms,
        endedAtMs: r.ended_at_ms,
        durationS: r.duration_s,
        peakLoadT: r.peak_load_t,
        peakMomentPct: r.peak_moment_pct,
        alarms: Number(r.alarms_during ?? 0),
        cage: r.cage === 'left' || r.cage === 'right' ? r.cage : null,
        startFloor: r.start_floor,
        endFloor: r.end_floor,
      })),
    };
  });
}
