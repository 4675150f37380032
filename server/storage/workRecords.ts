import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * The column `alarms_during` of a work_records query: alarms of the device raised while the lift or trip
 * ran, counted through alarms_project_device_idx.
 */
function alarmsDuring(eb: ExpressionBuilder<Database, 'work_records'>) {
  return eb
    .selectFrom('alarms')
    .whereRef('alarms.project_id', '=', 'work_records.project_id')
    .whereRef('alarms.device_sn', '=', 'work_records.device_sn')
    .whereRef('alarms.raised_at_ms', '>=', 'work_records.started_at_ms')
    .whereRef('alarms.raised_at_ms', '<=', 'work_records.ended_at_ms')
    .select((a) => a.fn.countAll<number>().as('n'))
    .as('alarms_during');
}

/**
 * One page (1-based `page` of `pageSize`) of the work records of `projectId` (of device `sn` when given),
 * newest first, each with `alarms_during`, and how many there are in all.
 */
export async function workRecordPage(db: Kysely<Database>, projectId: string, sn: string | undefined, page: number, pageSize: number) {
  let q = db.selectFrom('work_records').where('project_id', '=', projectId);
  if (sn) q = q.where('device_sn', '=', sn);
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .select(alarmsDuring)
    .orderBy('started_at_ms', 'desc')
    .orderBy('record_id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(total), rows };
}

/**
 * At most `limit` work records of device `sn` of `projectId` before `before` (start time, then id; from
 * the newest when null), newest first, each with `alarms_during` (a keyset page of work/export).
 */
export function workRecordsBefore(db: Kysely<Database>, projectId: string, sn: string, before: { startedAtMs: number; recordId: number } | null, limit: number) {
  let q = db
    .selectFrom('work_records')
    .select(['record_id', 'device_sn', 'started_at_ms', 'ended_at_ms', 'duration_s', 'peak_load_t', 'peak_moment_pct', 'cage', 'start_floor', 'end_floor'])
    .select(alarmsDuring)
    .where('project_id', '=', projectId)
    .where('device_sn', '=', sn);
  if (before) {
    q = q.where((eb) => eb.or([eb('started_at_ms', '<', before.startedAtMs), eb.and([eb('started_at_ms', '=', before.startedAtMs), eb('record_id', '<', before.recordId)])]));
  }
  return q.orderBy('started_at_ms', 'desc').orderBy('record_id', 'desc').limit(limit).execute();
}

/** Start and end (ms since epoch) of the work records of `projectId` that ran after `fromMs` and started by `toMs`. */
export function workRecordSpans(db: Kysely<Database>, projectId: string, fromMs: number, toMs: number) {
  return db
    .selectFrom('work_records')
    .select(['device_sn', 'started_at_ms', 'ended_at_ms'])
    .where('project_id', '=', projectId)
    .where('ended_at_ms', '>', fromMs)
    .where('started_at_ms', '<=', toMs)
    .execute();
}
