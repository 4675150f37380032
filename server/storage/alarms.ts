import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AlarmDealBody, AlarmRecord, alarmListBody } from '../../protocol';
import { toAlarm } from './mappers';
import type { AlarmsTable, Database } from './schema';

/** The filter fields of alarm/list (also those of alarm/export). */
export type AlarmFilter = Omit<z.output<typeof alarmListBody>, 'page' | 'pageSize'>;

/**
 * The alarms of `filter.projectId` that match every given filter field (docs/api.md "alarm/list");
 * `shelved` is judged at `nowMs` (ms since epoch).
 */
function filteredAlarms(db: Kysely<Database>, filter: AlarmFilter, nowMs = Date.now()) {
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
 * One page (1-based `page` of `pageSize`) of the alarms matching `filter`, newest first, and how many
 * match in all (alarm/list).
 */
export async function listAlarms(db: Kysely<Database>, filter: AlarmFilter, page: number, pageSize: number): Promise<{ total: number; list: AlarmRecord[] }> {
  const query = filteredAlarms(db, filter);
  const [count, rows] = await Promise.all([
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('alarm_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), list: rows.map(toAlarm) };
}

/** At most `limit` alarms matching `filter` with an id below `beforeId` (any id when null), newest first (a keyset page of alarm/export). */
export async function alarmsBefore(db: Kysely<Database>, filter: AlarmFilter, beforeId: number | null, limit: number): Promise<AlarmRecord[]> {
  let q = filteredAlarms(db, filter).selectAll();
  if (beforeId !== null) q = q.where('alarm_id', '<', beforeId);
  return (await q.orderBy('alarm_id', 'desc').limit(limit).execute()).map(toAlarm);
}

/** The row of alarm `alarmId`, or undefined when there is none. */
export function findAlarmRow(db: Kysely<Database>, alarmId: number): Promise<Selectable<AlarmsTable> | undefined> {
  return db.selectFrom('alarms').selectAll().where('alarm_id', '=', alarmId).executeTakeFirst();
}

/** What deciding on a change needs of alarms `alarmIds` (those that exist; the others are missing). */
export function alarmHeads(db: Kysely<Database>, alarmIds: number[]) {
  return db.selectFrom('alarms').select(['alarm_id', 'project_id', 'kind', 'deal_status']).where('alarm_id', 'in', alarmIds).execute();
}

/**
 * The columns handling writes (alarm/deal and alarm/dealBatch): status, remark, who and when (ms since
 * epoch). SOS and AI alarms never clear by themselves, so handling clears them (docs/api.md "Alarm
 * lifecycle"); other alarms keep the state their readings gave them. A handled alarm is no longer
 * shelved (docs/api.md "alarm/shelve").
 */
function handledColumns(deal: Pick<AlarmDealBody, 'dealStatus' | 'dealRemark'>, username: string, nowMs: number) {
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

/**
 * Handles the alarms of `alarmIds` that belong to one of `projectIds` and are not handled yet (handling
 * is one-way: the first handler's status, remark, name and time stay). Returns the alarms it handled.
 */
export async function dealAlarms(
  db: Kysely<Database>,
  alarmIds: number[],
  projectIds: string[],
  deal: Pick<AlarmDealBody, 'dealStatus' | 'dealRemark'>,
  username: string,
  nowMs: number,
): Promise<AlarmRecord[]> {
  if (alarmIds.length === 0 || projectIds.length === 0) return [];
  const rows = await db
    .updateTable('alarms')
    .set(handledColumns(deal, username, nowMs))
    .where('alarm_id', 'in', alarmIds)
    .where('project_id', 'in', projectIds)
    .where('deal_status', '=', 0)
    .returningAll()
    .execute();
  return rows.map(toAlarm);
}

/** Acknowledges alarm `alarmId` by `username` at `nowMs` unless it is acknowledged or handled already; the alarm, or undefined when nothing changed. */
export async function ackAlarm(db: Kysely<Database>, alarmId: number, username: string, nowMs: number): Promise<AlarmRecord | undefined> {
  const row = await db
    .updateTable('alarms')
    .set({ acked_by: username, acked_at_ms: nowMs })
    .where('alarm_id', '=', alarmId)
    .where('acked_at_ms', 'is', null)
    .where('deal_status', '=', 0)
    .returningAll()
    .executeTakeFirst();
  return row ? toAlarm(row) : undefined;
}

/** Thrown inside a transaction to roll it back; never leaves this module. */
class RolledBack extends Error {}

/**
 * Shelves every alarm of `alarmIds` until `untilMs` (ms since epoch), all or nothing: when one of them is
 * handled or an SOS alarm by the time of the write, nothing is shelved and the answer is null.
 */
export async function shelveAlarms(
  db: Kysely<Database>,
  alarmIds: number[],
  shelve: { untilMs: number; by: string; reason: string },
): Promise<AlarmRecord[] | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      const out = await trx
        .updateTable('alarms')
        .set({ shelved_until_ms: shelve.untilMs, shelved_by: shelve.by, shelve_reason: shelve.reason })
        .where('alarm_id', 'in', alarmIds)
        .where('deal_status', '=', 0)
        .where('kind', '<>', 'sos')
        .returningAll()
        .execute();
      if (out.length !== alarmIds.length) throw new RolledBack();
      return out.map(toAlarm);
    });
  } catch (e) {
    if (e instanceof RolledBack) return null;
    throw e;
  }
}

/** Ends the shelving of the alarms of `alarmIds` that are shelved; returns those. */
export async function unshelveAlarms(db: Kysely<Database>, alarmIds: number[]): Promise<AlarmRecord[]> {
  const rows = await db
    .updateTable('alarms')
    .set({ shelved_until_ms: null, shelved_by: null, shelve_reason: null })
    .where('alarm_id', 'in', alarmIds)
    .where('shelved_until_ms', 'is not', null)
    .returningAll()
    .execute();
  return rows.map(toAlarm);
}

/** Serial numbers of the devices of `projectId` with an SOS alarm not handled yet. */
export async function openSosDevices(db: Kysely<Database>, projectId: string): Promise<string[]> {
  const rows = await db.selectFrom('alarms').select('device_sn').where('project_id', '=', projectId).where('kind', '=', 'sos').where('deal_status', '=', 0).execute();
  return rows.map((r) => r.device_sn);
}

/**
 * At most `limit` alarms of `projectId` raised in [fromMs, toMs] (ms since epoch), by time then id, after
 * the alarm `afterId` when given (a page of the replay's alarm range). Null when `afterId` is not an alarm
 * of the project.
 */
export async function alarmsRaisedIn(db: Kysely<Database>, projectId: string, fromMs: number, toMs: number, afterId: number | undefined, limit: number) {
  let q = db
    .selectFrom('alarms')
    .select(['alarm_id', 'device_sn', 'device_kind', 'kind', 'level', 'metric', 'value', 'raised_at_ms', 'cleared_at_ms', 'state'])
    .where('project_id', '=', projectId)
    .where('raised_at_ms', '>=', fromMs)
    .where('raised_at_ms', '<=', toMs);
  if (afterId !== undefined) {
    const after = await db.selectFrom('alarms').select('raised_at_ms').where('alarm_id', '=', afterId).where('project_id', '=', projectId).executeTakeFirst();
    if (!after) return null;
    q = q.where((eb) => eb.or([eb('raised_at_ms', '>', after.raised_at_ms), eb.and([eb('raised_at_ms', '=', after.raised_at_ms), eb('alarm_id', '>', afterId)])]));
  }
  return q.orderBy('raised_at_ms').orderBy('alarm_id').limit(limit).execute();
}
