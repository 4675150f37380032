import type { FastifyInstance } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ALARMS, alarmListBody, type Alarm, type AlarmDealBody } from '../../../protocol';
import { toAlarm, type Database } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { registerAlarmCenterRoutes } from './alarmCenter';
import { registerAlarmShelveRoutes } from './alarmShelve';

/** The filter fields of alarm/list (also used by the alarm center's export). */
export type AlarmFilter = Omit<z.output<typeof alarmListBody>, 'page' | 'pageSize'>;

/**
 * The alarms of `filter.projectId` that match every given filter field (docs/api.md "alarm/list");
 * `shelved` is judged at `nowMs` (ms since epoch).
 */
export function filteredAlarms(db: Kysely<Database>, filter: AlarmFilter, nowMs = Date.now()) {
  let query = db.selectFrom('alarms').where('project_id', '=', filter.projectId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.level !== undefined) query = query.where('level', '=', filter.level);
  if (filter.dealStatus !== undefined) query = query.where('deal_status', '=', filter.dealStatus);
  if (filter.state !== undefined) query = query.where('state', '=', filter.state);
  if (filter.fromMs !== undefined) query = query.where('raised_at_ms', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('raised_at_ms', '<=', filter.toMs);
  if (filter.afterId !== undefined) query = query.where('alarm_id', '>', filter.afterId);
  if (filter.deviceSn !== undefined) query = query.where('device_sn', '=', filter.deviceSn);
  if (filter.metric !== undefined) query = query.where('metric', '=', filter.metric);
  if (filter.side !== undefined) query = query.where('side', '=', filter.side);
  if (filter.shelved === true) query = query.where('shelved_until_ms', '>', nowMs);
  if (filter.shelved === false) query = query.where((eb) => eb.or([eb('shelved_until_ms', 'is', null), eb('shelved_until_ms', '<=', nowMs)]));
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('device_name', 'ilike', pattern), eb('device_sn', 'ilike', pattern), eb('metric', 'ilike', pattern), eb('deal_remark', 'ilike', pattern)]),
    );
  }
  return query;
}

/**
 * alarm/list (newest first, filtered, paged), alarm/deal (handling) and alarm/ack (acknowledgement);
 * docs/api.md "Alarm lifecycle". Every change is written first, then pushed.
 */
export function registerAlarmRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, ALARMS.alarmList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const query = filteredAlarms(deps.db, body);
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
  // and two operators handling the same alarm at once cannot overwrite each other. Handling closes the
  // alarm; SOS and AI alarms, which never clear by themselves, are cleared by it.
  route(app, deps, ALARMS.alarmDeal, async ({ body, user, req }) => {
    const existing = await deps.db
      .selectFrom('alarms')
      .select(['project_id', 'deal_status'])
      .where('alarm_id', '=', body.alarmId)
      .executeTakeFirst();
    if (!existing) throw new ApiError('NOT_FOUND', 'Alarm not found');
    requireMember(user, existing.project_id);
    const row = await deps.db
      .updateTable('alarms')
      .set(handledColumns(body, user.username, Date.now()))
      .where('alarm_id', '=', body.alarmId)
      .where('deal_status', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiError('CONFLICT', 'This alarm has already been handled');
    return publish(toAlarm(row), req.log);
  });

  // Acknowledging is one-way too: the first operator's name and time stay; a handled alarm is past it.
  route(app, deps, ALARMS.alarmAck, async ({ body, user, req }) => {
    const existing = await deps.db.selectFrom('alarms').select(['project_id']).where('alarm_id', '=', body.alarmId).executeTakeFirst();
    if (!existing) throw new ApiError('NOT_FOUND', 'Alarm not found');
    requireMember(user, existing.project_id);
    const row = await deps.db
      .updateTable('alarms')
      .set({ acked_by: user.username, acked_at_ms: Date.now() })
      .where('alarm_id', '=', body.alarmId)
      .where('acked_at_ms', 'is', null)
      .where('deal_status', '=', 0)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ApiError('CONFLICT', 'This alarm has already been acknowledged or handled');
    return publish(toAlarm(row), req.log);
  });

  registerAlarmCenterRoutes(app, deps, publish);
  registerAlarmShelveRoutes(app, deps, publish);

  /** Mirrors a REST change into the rules engine and pushes it (it is persisted already). */
  function publish(alarm: Alarm, log: { error(obj: object, msg?: string): void }): Alarm {
    try {
      deps.live().publishAlarm(alarm);
    } catch (e) {
      // Persisted already; clients that miss the push fetch it with alarm/list afterId.
      log.error({ err: e }, 'publishing an alarm change failed');
    }
    return alarm;
  }
}

/**
 * The columns handling writes (alarm/deal and alarm/dealBatch): status, remark, who and when (ms since
 * epoch). SOS and AI alarms never clear by themselves, so handling clears them (docs/api.md "Alarm
 * lifecycle"); other alarms keep the state their readings gave them. A handled alarm is no longer
 * shelved (docs/api.md "alarm/shelve").
 */
export function handledColumns(deal: Pick<AlarmDealBody, 'dealStatus' | 'dealRemark'>, username: string, nowMs: number) {
  return (eb: ExpressionBuilder<Database, 'alarms'>) => {
    const selfClearing = eb.and([eb('kind', '<>', 'sos'), eb('kind', '<>', 'ai')]);
    return {
      deal_status: deal.dealStatus,
      deal_remark: deal.dealRemark,
      dealt_by: username,
      dealt_at_ms: nowMs,
      state: eb.case().when(selfClearing).then(eb.ref('state')).else('cleared').end(),
      cleared_at_ms: eb.case().when(selfClearing).then(eb.ref('cleared_at_ms')).else(eb.fn.coalesce('cleared_at_ms', eb.val(nowMs))).end(),
      shelved_until_ms: null,
      shelved_by: null,
      shelve_reason: null,
    };
  };
}
