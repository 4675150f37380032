import type { FastifyInstance } from 'fastify';
import { ALARMS, type Alarm } from '../../../protocol';
import { ackAlarm, alarmHeads, dealAlarms, listAlarms } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { registerAlarmCenterRoutes } from './alarmCenter';
import { registerAlarmShelveRoutes } from './alarmShelve';

/**
 * alarm/list (newest first, filtered, paged), alarm/deal (handling) and alarm/ack (acknowledgement);
 * docs/api.md "Alarm lifecycle". Every change is written first, then pushed.
 */
export function registerAlarmRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, ALARMS.alarmList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { total, list } = await listAlarms(deps.db, body, body.page, body.pageSize);
    return { total, page: body.page, pageSize: body.pageSize, list };
  });

  // Handling is one-way (0 → 1 or 2): the first handler's status, remark, name and time stay on record,
  // and two operators handling the same alarm at once cannot overwrite each other. Handling closes the
  // alarm; SOS and AI alarms, which never clear by themselves, are cleared by it.
  route(app, deps, ALARMS.alarmDeal, async ({ body, user, req }) => {
    const [existing] = await alarmHeads(deps.db, [body.alarmId]);
    if (!existing) throw new ApiError('NOT_FOUND', 'Alarm not found');
    requireMember(user, existing.project_id);
    const [alarm] = await dealAlarms(deps.db, [body.alarmId], [existing.project_id], body, user.username, Date.now());
    if (!alarm) throw new ApiError('CONFLICT', 'This alarm has already been handled');
    return publish(alarm, req.log);
  });

  // Acknowledging is one-way too: the first operator's name and time stay; a handled alarm is past it.
  route(app, deps, ALARMS.alarmAck, async ({ body, user, req }) => {
    const [existing] = await alarmHeads(deps.db, [body.alarmId]);
    if (!existing) throw new ApiError('NOT_FOUND', 'Alarm not found');
    requireMember(user, existing.project_id);
    const alarm = await ackAlarm(deps.db, body.alarmId, user.username, Date.now());
    if (!alarm) throw new ApiError('CONFLICT', 'This alarm has already been acknowledged or handled');
    return publish(alarm, req.log);
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

