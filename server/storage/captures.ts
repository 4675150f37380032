import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { z } from 'zod';
import { algTypeName, type CaptureRecord, type captureFilterBody, type PictureState } from '../../protocol';
import { storedCaptureName } from '../captures/captureStore';
import { beijingDayIndex } from './alarmAnalysis';
import type { Database } from './schema';

/** The filters of capture/list and capture/export (docs/api.md "AI captures"). */
export type CaptureFilter = z.output<typeof captureFilterBody>;

/** The capture records are the project's AI alarms (kind `ai`), narrowed by every given filter field. */
function filteredCaptures(db: Kysely<Database>, f: CaptureFilter) {
  let q = db.selectFrom('alarms').where('project_id', '=', f.projectId).where('kind', '=', 'ai');
  if (f.fromMs !== undefined) q = q.where('raised_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('raised_at_ms', '<=', f.toMs);
  if (f.cameraSn !== undefined) q = q.where('device_sn', '=', f.cameraSn);
  if (f.algType !== undefined) q = q.where('metric', '=', f.algType);
  if (f.dealStatus !== undefined) q = q.where('deal_status', '=', f.dealStatus);
  return q;
}

const RECORD_COLUMNS = ['alarm_id', 'device_sn', 'device_name', 'metric', 'raised_at_ms', 'last_seen_ms', 'repeat_count', 'pic_url', 'deal_status', 'deal_remark', 'dealt_by', 'dealt_at_ms'] as const;

type RecordRow = {
  alarm_id: number;
  device_sn: string;
  device_name: string;
  metric: string;
  raised_at_ms: number;
  last_seen_ms: number | null;
  repeat_count: number;
  pic_url: string | null;
  deal_status: number;
  deal_remark: string | null;
  dealt_by: string | null;
  dealt_at_ms: number | null;
};

/**
 * The records of `rows` with their picture state: a picture this server stored is looked up in
 * alarm_captures (one query for the page); gone from there means retention pruned it (`deleted`).
 */
async function toRecords(db: Kysely<Database>, projectId: string, rows: readonly RecordRow[]): Promise<CaptureRecord[]> {
  const names = new Map(rows.map((r) => [r.alarm_id, storedCaptureName(r.pic_url, projectId)]));
  const wanted = [...new Set([...names.values()].filter((n): n is string => n !== null))];
  const kept = new Set(
    wanted.length === 0
      ? []
      : (await db.selectFrom('alarm_captures').select('name').where('project_id', '=', projectId).where('name', 'in', wanted).execute()).map((r) => r.name),
  );
  return rows.map((r) => {
    const name = names.get(r.alarm_id) ?? null;
    const pictureState: PictureState = name !== null ? (kept.has(name) ? 'stored' : 'deleted') : r.pic_url ? 'external' : 'none';
    return {
      alarmId: Number(r.alarm_id),
      cameraSn: r.device_sn,
      cameraName: r.device_name,
      algType: r.metric,
      algTypeName: algTypeName(r.metric),
      capTime: Number(r.last_seen_ms ?? r.raised_at_ms),
      raisedAtMs: Number(r.raised_at_ms),
      repeatCount: Number(r.repeat_count),
      picture: pictureState === 'deleted' ? null : r.pic_url,
      pictureState,
      dealStatus: r.deal_status as CaptureRecord['dealStatus'],
      dealRemark: r.deal_remark,
      dealtBy: r.dealt_by,
      dealtAtMs: r.dealt_at_ms === null ? null : Number(r.dealt_at_ms),
    };
  });
}

/** One page (1-based) of the capture records matching `f`, newest first (by alarm id), and how many match in all. */
export async function listCaptures(db: Kysely<Database>, f: CaptureFilter, page: number, pageSize: number): Promise<{ total: number; list: CaptureRecord[] }> {
  const q = filteredCaptures(db, f);
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    q.select(RECORD_COLUMNS).orderBy('alarm_id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { total: Number(count.total), list: await toRecords(db, f.projectId, rows) };
}

/** At most `limit` records matching `f` with an alarm id below `beforeId` (any when null), newest first: a keyset page of capture/export. */
export async function capturesBefore(db: Kysely<Database>, f: CaptureFilter, beforeId: number | null, limit: number): Promise<CaptureRecord[]> {
  let q = filteredCaptures(db, f).select(RECORD_COLUMNS);
  if (beforeId !== null) q = q.where('alarm_id', '<', beforeId);
  return toRecords(db, f.projectId, await q.orderBy('alarm_id', 'desc').limit(limit).execute());
}

/** Counts of a group of captures by handling (capture/analysis). */
export interface DealCounts {
  count: number;
  untreated: number;
  processed: number;
  falseAlarms: number;
}

/** What capture/analysis is drawn from; a `dayIndex` is a Beijing day, days since 1970-01-01 (UTC+8). */
export interface CaptureAnalysisCounts extends DealCounts {
  /** Mean ms from raising to handling over the handled captures; null when none is. */
  meanHandleMs: number | null;
  byAlgType: Array<DealCounts & { algType: string }>;
  byCamera: Array<DealCounts & { cameraSn: string; cameraName: string }>;
  byDay: Array<DealCounts & { dayIndex: number }>;
}

/** The captures capture/analysis counts: a project's, raised within [fromMs, toMs] (ms since epoch), of one camera when given. */
export interface CaptureAnalysisScope {
  projectId: string;
  fromMs: number;
  toMs: number;
  cameraSn?: string;
}

/** The per-handling counts of a grouped query, as SQL (`count(*) filter (…)`). */
const DEAL_COUNTS = [
  sql<number>`count(*)::int`.as('count'),
  sql<number>`(count(*) filter (where deal_status = 0))::int`.as('untreated'),
  sql<number>`(count(*) filter (where deal_status = 1))::int`.as('processed'),
  sql<number>`(count(*) filter (where deal_status = 2))::int`.as('false_alarms'),
] as const;

function dealCounts(r: { count: unknown; untreated: unknown; processed: unknown; false_alarms: unknown }): DealCounts {
  return { count: Number(r.count), untreated: Number(r.untreated), processed: Number(r.processed), falseAlarms: Number(r.false_alarms) };
}

/**
 * The violation analysis (capture/analysis, docs/api.md "AI captures"): the captures raised within
 * [fromMs, toMs] of the project (of one camera when given) counted by handling, per violation kind, per
 * camera (most first) and per Beijing day, with the mean time to handle. One aggregate query each, run together.
 */
export async function captureAnalysisCounts(db: Kysely<Database>, scope: CaptureAnalysisScope): Promise<CaptureAnalysisCounts> {
  const base = filteredCaptures(db, scope);
  const [totals, byAlgType, byCamera, byDay] = await Promise.all([
    base
      .select([...DEAL_COUNTS, sql<number | null>`avg(dealt_at_ms - raised_at_ms) filter (where deal_status <> 0)`.as('mean_handle')])
      .executeTakeFirstOrThrow(),
    base.select(['metric', ...DEAL_COUNTS]).groupBy('metric').orderBy(sql`count(*)`, 'desc').orderBy('metric').execute(),
    base
      .select(['device_sn', sql<string>`max(device_name)`.as('device_name'), ...DEAL_COUNTS])
      .groupBy('device_sn')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('device_sn')
      .execute(),
    base.select([beijingDayIndex.as('day_index'), ...DEAL_COUNTS]).groupBy(beijingDayIndex).orderBy(beijingDayIndex).execute(),
  ]);
  return {
    ...dealCounts(totals),
    meanHandleMs: totals.mean_handle === null || totals.mean_handle === undefined ? null : Math.round(Number(totals.mean_handle)),
    byAlgType: byAlgType.map((r) => ({ algType: r.metric, ...dealCounts(r) })),
    byCamera: byCamera.map((r) => ({ cameraSn: r.device_sn, cameraName: r.device_name, ...dealCounts(r) })),
    byDay: byDay.map((r) => ({ dayIndex: Number(r.day_index), ...dealCounts(r) })),
  };
}
