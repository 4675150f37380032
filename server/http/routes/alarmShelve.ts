import type { FastifyInstance } from 'fastify';
import { ALARMS, type Alarm } from '../../../protocol';
import { toAlarm } from '../../storage';
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
    const rows = await deps.db.selectFrom('alarms').select(['alarm_id', 'project_id', 'kind', 'deal_status']).where('alarm_id', 'in', ids).execute();
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
    const updated = await deps.db.transaction().execute(async (trx) => {
      const out = await trx
        .updateTable('alarms')
        .set({ shelved_until_ms: untilMs, shelved_by: user.username, shelve_reason: body.reason })
        .where('alarm_id', 'in', ids)
        .where('deal_status', '=', 0)
        .where('kind', '<>', 'sos')
        .returningAll()
        .execute();
      // handled by someone else between the check and the write: nothing is shelved
      if (out.length !== ids.length) throw new ApiError('CONFLICT', 'Some of these alarms were handled meanwhile; nothing was shelved');
      return out;
    });
    return updated.map((r) => publish(toAlarm(r), req.log));
  });

  route(app, deps, ALARMS.alarmUnshelve, async ({ body, user, req }) => {
    const ids = [...new Set(body.alarmIds)];
    await memberRows(ids, user);
    const updated = await deps.db
      .updateTable('alarms')
      .set({ shelved_until_ms: null, shelved_by: null, shelve_reason: null })
      .where('alarm_id', 'in', ids)
      .where('shelved_until_ms', 'is not', null)
      .returningAll()
      .execute();
    return updated.map((r) => publish(toAlarm(r), req.log));
  });
}
