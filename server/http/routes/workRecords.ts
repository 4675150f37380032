import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../storage';
import { FLEET, type WorkRecordPage } from '../../../protocol';
import { requireMember, route, type HttpDeps } from '../context';

/**
 * The column `alarms_during` of a work_records query: alarms of the device raised while the lift or trip
 * ran (issue 10 §3), counted through alarms_project_device_idx.
 */
export function alarmsDuring(eb: ExpressionBuilder<Database, 'work_records'>) {
  return eb
    .selectFrom('alarms')
    .whereRef('alarms.project_id', '=', 'work_records.project_id')
    .whereRef('alarms.device_sn', '=', 'work_records.device_sn')
    .whereRef('alarms.raised_at_ms', '>=', 'work_records.started_at_ms')
    .whereRef('alarms.raised_at_ms', '<=', 'work_records.ended_at_ms')
    .select((a) => a.fn.countAll<number>().as('n'))
    .as('alarms_during');
}

/** work/records (protocol/fleet.ts, docs/api.md "Work records"): a project's lifts and elevator trips, newest first, paged. Members. */
export function registerWorkRecordRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, FLEET.workRecordList, async ({ body, user }): Promise<WorkRecordPage> => {
    requireMember(user, body.projectId);
    let q = deps.db.selectFrom('work_records').where('project_id', '=', body.projectId);
    if (body.sn) q = q.where('device_sn', '=', body.sn);
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .select(alarmsDuring)
      .orderBy('started_at_ms', 'desc')
      .orderBy('record_id', 'desc')
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize)
      .execute();
    return {
      total: Number(total),
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
