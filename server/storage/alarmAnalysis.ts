import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { BEIJING_OFFSET_MS, kindsInArea, MAX_GAS_OVER_LIMIT_ROWS, type AlarmRecord } from '../../protocol';
import { toAlarm } from './mappers';
import type { Database } from './schema';

/** The alarms alarm/analysis counts: a project's, raised within [fromMs, toMs] (ms since epoch), of one kind when given. */
export interface AlarmAnalysisScope {
  projectId: string;
  fromMs: number;
  toMs: number;
  kind?: string;
}

/** The counts alarm/analysis is drawn from; a `dayIndex` is a Beijing day, days since 1970-01-01 (UTC+8). */
export interface AlarmAnalysisCounts {
  byDay: Array<{ dayIndex: number; kind: string; count: number }>;
  /** The 10 devices with most alarms, most first. */
  topDevices: Array<{ deviceSn: string; deviceName: string; count: number }>;
  /** Mean time to acknowledge and to handle in ms (null without any), and the alarm count. */
  meanAckMs: number | null;
  meanHandleMs: number | null;
  total: number;
  /** Threshold alarms of gas detectors per metric, Beijing day and device (the kind filter does not narrow them). */
  gasByDay: Array<{ metric: string; dayIndex: number; deviceSn: string; deviceName: string; count: number }>;
  /** The newest {@link MAX_GAS_OVER_LIMIT_ROWS} of those, with their device's position ('' when it is gone). */
  gasOverLimit: Array<{ alarm: AlarmRecord; position: string }>;
  /** Counts per (alarm kind, device kind), at most kinds × device kinds rows. */
  byKindAndDevice: Array<{ kind: string; deviceKind: string; count: number }>;
}

/** An alarm's Beijing day (UTC+8) of raising as SQL: days since 1970-01-01 (alarm/analysis, capture/analysis). */
export const beijingDayIndex = sql<number>`floor((raised_at_ms + ${sql.lit(BEIJING_OFFSET_MS)}) / 86400000)::int`;

/** Reads the counts of alarm/analysis (docs/api.md "Alarm center"), one query each, run together. */
export async function alarmAnalysisCounts(db: Kysely<Database>, scope: AlarmAnalysisScope): Promise<AlarmAnalysisCounts> {
  let base = db
    .selectFrom('alarms')
    .where('project_id', '=', scope.projectId)
    .where('raised_at_ms', '>=', scope.fromMs)
    .where('raised_at_ms', '<=', scope.toMs);
  if (scope.kind !== undefined) base = base.where('kind', '=', scope.kind);
  const dayIndex = beijingDayIndex;
  // gas over-limit: threshold alarms of gas detectors (the kind filter does not narrow it)
  const gasBase = db
    .selectFrom('alarms')
    .where('project_id', '=', scope.projectId)
    .where('raised_at_ms', '>=', scope.fromMs)
    .where('raised_at_ms', '<=', scope.toMs)
    .where('device_kind', 'in', kindsInArea('gasDetection'))
    .where('kind', '=', 'threshold');
  const [byDay, topDevices, means, gasByDay, gasRows, byKindAndDevice] = await Promise.all([
    base.select([dayIndex.as('day_index'), 'kind', sql<number>`count(*)::int`.as('count')]).groupBy([dayIndex, 'kind']).orderBy(dayIndex).orderBy('kind').execute(),
    base
      .select(['device_sn', sql<string>`max(device_name)`.as('device_name'), sql<number>`count(*)::int`.as('count')])
      .groupBy('device_sn')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('device_sn')
      .limit(10)
      .execute(),
    base
      .select([
        sql<number | null>`avg(acked_at_ms - raised_at_ms)`.as('mean_ack'),
        sql<number | null>`avg(dealt_at_ms - raised_at_ms)`.as('mean_handle'),
        sql<number>`count(*)::int`.as('total'),
      ])
      .executeTakeFirstOrThrow(),
    gasBase
      .select(['metric', dayIndex.as('day_index'), 'device_sn', sql<string>`max(device_name)`.as('device_name'), sql<number>`count(*)::int`.as('count')])
      .groupBy(['metric', dayIndex, 'device_sn'])
      .orderBy(dayIndex)
      .orderBy('metric')
      .orderBy('device_sn')
      .execute(),
    db
      .selectFrom('alarms')
      .leftJoin('devices', (j) => j.onRef('devices.project_id', '=', 'alarms.project_id').onRef('devices.sn', '=', 'alarms.device_sn'))
      .where('alarms.project_id', '=', scope.projectId)
      .where('alarms.raised_at_ms', '>=', scope.fromMs)
      .where('alarms.raised_at_ms', '<=', scope.toMs)
      .where('alarms.device_kind', 'in', kindsInArea('gasDetection'))
      .where('alarms.kind', '=', 'threshold')
      .selectAll('alarms')
      .select(sql<string | null>`devices.position`.as('device_position'))
      .orderBy('alarms.raised_at_ms', 'desc')
      .orderBy('alarms.alarm_id', 'desc')
      .limit(MAX_GAS_OVER_LIMIT_ROWS)
      .execute(),
    base.select(['kind', 'device_kind', sql<number>`count(*)::int`.as('count')]).groupBy(['kind', 'device_kind']).execute(),
  ]);
  const mean = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
  return {
    byDay: byDay.map((r) => ({ dayIndex: Number(r.day_index), kind: r.kind, count: Number(r.count) })),
    topDevices: topDevices.map((r) => ({ deviceSn: r.device_sn, deviceName: r.device_name, count: Number(r.count) })),
    meanAckMs: mean(means.mean_ack),
    meanHandleMs: mean(means.mean_handle),
    total: Number(means.total),
    gasByDay: gasByDay.map((r) => ({ metric: r.metric, dayIndex: Number(r.day_index), deviceSn: r.device_sn, deviceName: r.device_name, count: Number(r.count) })),
    gasOverLimit: gasRows.map((r) => ({ alarm: toAlarm(r), position: r.device_position ?? '' })),
    byKindAndDevice: byKindAndDevice.map((r) => ({ kind: r.kind, deviceKind: r.device_kind, count: Number(r.count) })),
  };
}
