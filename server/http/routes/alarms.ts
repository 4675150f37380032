import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ROUTES, alarmDealBody, alarmListBody, type Alarm, type AlarmPage } from '../../../protocol';
import { toAlarm } from '../../storage';
import { postRoute, requireMember, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** alarm/list (newest first, filtered, paged) and alarm/deal (SPEC §4/§5 handling). */
export function registerAlarmRoutes(app: FastifyInstance, deps: HttpDeps): void {
  postRoute(app, deps, ROUTES.alarmList, alarmListBody, async ({ body, user }): Promise<AlarmPage> => {
    requireMember(user, body.projectId);
    let query = deps.db.selectFrom('alarms').where('project_id', '=', body.projectId);
    if (body.kind !== undefined) query = query.where('kind', '=', body.kind);
    if (body.level !== undefined) query = query.where('level', '=', body.level);
    if (body.dealStatus !== undefined) query = query.where('deal_status', '=', body.dealStatus);
    if (body.state !== undefined) query = query.where('state', '=', body.state);
    if (body.fromMs !== undefined) query = query.where('raised_at_ms', '>=', body.fromMs);
    if (body.toMs !== undefined) query = query.where('raised_at_ms', '<=', body.toMs);
    if (body.afterId !== undefined) query = query.where('alarm_id', '>', body.afterId);
    const [count, rows] = await Promise.all([
      query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy('alarm_id', 'desc')
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize)
        .execute(),
    ]);
    return { total: Number(count.total), page: body.page, pageSize: body.pageSize, list: rows.map(toAlarm) };
  });

  // Handling is one-way (0 → 1 or 2): the first handler's status, remark, name and time stay on record,
  // and two operators handling the same alarm at once cannot overwrite each other.
  postRoute(app, deps, ROUTES.alarmDeal, alarmDealBody, async ({ body, user, req }): Promise<Alarm> => {
    const existing = await deps.db
      .selectFrom('alarms')
      .select(['project_id', 'deal_status'])
      .where('alarm_id', '=', body.alarmId)
      .executeTakeFirst();
    if (!existing) throw new ApiError('NOT_FOUND', 'Alarm not found');
    requireMember(user, existing.project_id);
    const row = await deps.db
      .updateTable('alarms')
      .set({ deal_status: body.dealStatus, deal_remark: body.dealRemark, dealt_by: user.username, dealt_at_ms: Date.now() })
      .where('alarm_id', '=', body.alarmId)
      .where('deal_status', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiError('CONFLICT', 'This alarm has already been handled');
    const alarm = toAlarm(row);
    try {
      deps.live().publishAlarm(alarm);
    } catch (e) {
      // Persisted already; clients that miss the push fetch it with alarm/list afterId.
      req.log.error({ err: e }, 'publishing a handled alarm failed');
    }
    return alarm;
  });
}
