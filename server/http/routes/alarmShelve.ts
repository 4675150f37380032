import type { FastifyInstance } from 'fastify';
import { ALARMS, type Alarm } from '../../../protocol';
import { alarmHeads, shelveAlarms, unshelveAlarms } from '../../storage';
import { requireMember, route, type HttpDeps, type RouteContext } from '../context';
import { ApiError } from '../errors';

type Publish = (alarm: Alarm, log: { error(obj: object, msg?: string): void }) => Alarm;

/** `#12, #15`: alarm ids as the alarm center shows them. */
function idList(ids: number[]): string {
  return ids.map((id) => `#${id}`).join(', ');
}

/**
 * alarm/shelve and alarm/unshelve (EEMUA 191 shelving; docs/api.md "alarm/shelve"). Both are all or
 * nothing: an unknown id (NOT_FOUND), an alarm of another project (FORBIDDEN), an SOS alarm or a handled
 * one (VALIDATION, naming them) refuse the whole request and change nothing. Every change is written,
 * then pushed (`publish`, alarms.ts). The shelving ends by itself: server/rules/alarmShelving.ts.
 */
export function registerAlarmShelveRoutes(app: FastifyInstance, deps: HttpDeps, publish: Publish): void {
  /** The rows of `ids`, checked to exist and to belong to the user's projects. */
  async function memberRows(ids: number[], user: RouteContext<unknown>['user']) {
    const rows = await alarmHeads(deps.db, ids);
    const found = new Set(rows.map((r) => Number(r.alarm_id)));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new ApiError('NOT_FOUND', `Alarm not found: ${idList(missing)}`);
    for (const r of rows) requireMember(user, r.project_id);
    return rows;
  }

  route(app, deps, ALARMS.alarmShelve, async ({ body, user, req }) => {
    const ids = [...new Set(body.alarmIds)];
    const rows = await memberRows(ids, user);
    const sos = rows.filter((r) => r.kind === 'sos').map((r) => Number(r.alarm_id));
    if (sos.length > 0) throw new ApiError('VALIDATION', `SOS alarms cannot be shelved: ${idList(sos)}`);
    const handled = rows.filter((r) => r.deal_status !== 0).map((r) => Number(r.alarm_id));
    if (handled.length > 0) throw new ApiError('VALIDATION', `Handled alarms cannot be shelved: ${idList(handled)}`);
    const untilMs = Date.now() + body.minutes * 60_000;
    const updated = await shelveAlarms(deps.db, ids, { untilMs, by: user.username, reason: body.reason });
    // handled by someone else between the check and the write: nothing is shelved
    if (!updated) throw new ApiError('CONFLICT', 'Some of these alarms were handled meanwhile; nothing was shelved');
    return updated.map((a) => publish(a, req.log));
  });

  route(app, deps, ALARMS.alarmUnshelve, async ({ body, user, req }) => {
    const ids = [...new Set(body.alarmIds)];
    await memberRows(ids, user);
    const updated = await unshelveAlarms(deps.db, ids);
    return updated.map((a) => publish(a, req.log));
  });
}
