import type { Kysely, Selectable } from 'kysely';
import type { CycleRecord, CycleStage, CycleStageSpan, RockGrade, StageConfidence, StageSource, WorkFaceType } from '../../protocol';
import { fromJson, toJson } from './mappers';
import type { CycleRecordsTable, Database } from './schema';
import { inTransaction } from './transaction';

/**
 * Drill-and-blast cycles (migration 0050_drill_blast_cycles; server/cycles): stage spans, closed rounds and
 * preset round hours. Times are ms since the epoch.
 */

/** A stage span to store. */
export interface SpanRow {
  stage: CycleStage;
  startMs: number;
  endMs: number | null;
  source: StageSource;
  confidence: StageConfidence;
  editor: string | null;
  advanceM: number | null;
}

/**
 * Stores a stage change of a heading in one transaction: the heading's open span that started by then (its
 * own, or the last stage a demo backfill left open) ends where `opened` starts; `opened` is added.
 */
export function storeStageChange(db: Kysely<Database>, projectId: string, headingId: string, opened: SpanRow): Promise<void> {
  return inTransaction(db, async (tx) => {
    await tx.updateTable('cycle_stage_spans').set({ end_ms: opened.startMs }).where('project_id', '=', projectId).where('heading_id', '=', headingId).where('end_ms', 'is', null).where('start_ms', '<=', opened.startMs).execute();
    await tx
      .insertInto('cycle_stage_spans')
      .values({ project_id: projectId, heading_id: headingId, stage: opened.stage, start_ms: opened.startMs, end_ms: opened.endMs, source: opened.source, confidence: opened.confidence, editor: opened.editor, advance_m: opened.advanceM })
      .execute();
  });
}

/**
 * Ends the open span of a heading that started at `startMs` where the heading's next stored span starts,
 * if there is one (a demo backfill's last stage ends where the live run's first begins; without one it
 * stays the heading's current stage until the live run finds the next).
 */
export async function closeOpenSpan(db: Kysely<Database>, projectId: string, headingId: string, startMs: number): Promise<void> {
  const next = await db.selectFrom('cycle_stage_spans').select('start_ms').where('project_id', '=', projectId).where('heading_id', '=', headingId).where('start_ms', '>', startMs).orderBy('start_ms').limit(1).executeTakeFirst();
  if (!next) return;
  await db.updateTable('cycle_stage_spans').set({ end_ms: next.start_ms }).where('project_id', '=', projectId).where('heading_id', '=', headingId).where('start_ms', '=', startMs).where('end_ms', 'is', null).execute();
}

/** Sets the face advance reported during a heading's open span. */
export async function storeOpenSpanAdvance(db: Kysely<Database>, projectId: string, headingId: string, advanceM: number): Promise<void> {
  await db.updateTable('cycle_stage_spans').set({ advance_m: advanceM }).where('project_id', '=', projectId).where('heading_id', '=', headingId).where('end_ms', 'is', null).execute();
}

/**
 * The latest `limit` spans of every heading of `projectId` (oldest first per heading) and the time of each
 * heading's latest reported span: what a restarted tracker resumes the rounds under way from.
 */
export async function recentSpans(db: Kysely<Database>, projectId: string, limit: number): Promise<Map<string, { spans: SpanRow[]; lastReportMs: number | null }>> {
  const [rows, reports] = await Promise.all([
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('cycle_stage_spans')
          .selectAll()
          .select((eb) => eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('heading_id').orderBy('start_ms', 'desc')).as('n'))
          .where('project_id', '=', projectId)
          .as('s'),
      )
      .selectAll()
      .where('n', '<=', limit)
      .orderBy('start_ms')
      .execute(),
    db
      .selectFrom('cycle_stage_spans')
      .select(['heading_id', (eb) => eb.fn.max('start_ms').as('ms')])
      .where('project_id', '=', projectId)
      .where('source', '=', 'reported')
      .groupBy('heading_id')
      .execute(),
  ]);
  const lastReport = new Map(reports.map((r) => [r.heading_id, Number(r.ms)]));
  const out = new Map<string, { spans: SpanRow[]; lastReportMs: number | null }>();
  for (const r of rows) {
    let own = out.get(r.heading_id);
    if (!own) out.set(r.heading_id, (own = { spans: [], lastReportMs: lastReport.get(r.heading_id) ?? null }));
    own.spans.push(spanRow(r));
  }
  return out;
}

function spanRow(r: { stage: string; start_ms: number; end_ms: number | null; source: string; confidence: string; editor: string | null; advance_m: number | null }): SpanRow {
  return { stage: r.stage as CycleStage, startMs: r.start_ms, endMs: r.end_ms, source: r.source as StageSource, confidence: r.confidence as StageConfidence, editor: r.editor, advanceM: r.advance_m };
}

/**
 * The spans of `projectId` (of one heading when given) overlapping [fromMs, toMs], oldest first, at most
 * `limit` (the latest when there are more; `truncated` says so).
 */
export async function spansBetween(db: Kysely<Database>, projectId: string, headingId: string | undefined, fromMs: number, toMs: number, limit: number): Promise<{ spans: CycleStageSpan[]; truncated: boolean }> {
  let q = db
    .selectFrom('cycle_stage_spans')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('start_ms', '<=', toMs)
    .where((eb) => eb.or([eb('end_ms', 'is', null), eb('end_ms', '>', fromMs)]));
  if (headingId) q = q.where('heading_id', '=', headingId);
  const rows = await q.orderBy('start_ms', 'desc').limit(limit + 1).execute();
  const truncated = rows.length > limit;
  return {
    truncated,
    spans: rows
      .slice(0, limit)
      .reverse()
      .map((r) => ({ headingId: r.heading_id, ...spanRow(r) }))
      .map(({ editor: _e, advanceM: _a, ...span }) => span),
  };
}

/** A closed round to store. */
export interface CycleRecordRow {
  projectId: string;
  headingId: string;
  tunnelId: string;
  workFace: WorkFaceType;
  rockGrade: RockGrade;
  startMs: number;
  endMs: number;
  blastMs: number | null;
  effectiveHours: number;
  footageM: number;
  footageSource: 'reported' | 'nominal';
  editors: string[];
  stages: CycleRecord['stages'];
}

/** Stores a closed round as the heading's next round (`index` one past its latest). @returns its id and index. */
export function insertCycleRecord(db: Kysely<Database>, r: CycleRecordRow): Promise<{ cycleId: number; index: number }> {
  return inTransaction(db, async (tx) => {
    const last = await tx
      .selectFrom('cycle_records')
      .select((eb) => eb.fn.max('cycle_index').as('n'))
      .where('project_id', '=', r.projectId)
      .where('heading_id', '=', r.headingId)
      .executeTakeFirst();
    const index = (last?.n == null ? 0 : Number(last.n)) + 1;
    const row = await tx
      .insertInto('cycle_records')
      .values({
        project_id: r.projectId,
        heading_id: r.headingId,
        tunnel_id: r.tunnelId,
        work_face: r.workFace,
        cycle_index: index,
        start_ms: r.startMs,
        end_ms: r.endMs,
        blast_ms: r.blastMs,
        effective_hours: r.effectiveHours,
        footage_m: r.footageM,
        footage_source: r.footageSource,
        rock_grade: r.rockGrade,
        editors: toJson(r.editors),
        stages: toJson(r.stages),
      })
      .returning('cycle_id')
      .executeTakeFirstOrThrow();
    return { cycleId: Number(row.cycle_id), index };
  });
}

/** Filters of the record table and its export. */
export interface CycleRecordFilter {
  projectId: string;
  headingId?: string;
  workFace?: WorkFaceType;
  fromMs?: number;
  toMs?: number;
}

function filtered(db: Kysely<Database>, f: CycleRecordFilter) {
  let q = db.selectFrom('cycle_records').where('project_id', '=', f.projectId);
  if (f.headingId) q = q.where('heading_id', '=', f.headingId);
  if (f.workFace) q = q.where('work_face', '=', f.workFace);
  if (f.fromMs !== undefined) q = q.where('start_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('start_ms', '<', f.toMs);
  return q;
}

/** A stored round (names of heading and bore are the caller's to add). */
export type StoredCycleRecord = Omit<CycleRecord, 'headingName' | 'tunnelName'>;

function recordOf(r: Selectable<CycleRecordsTable>): StoredCycleRecord {
  return {
    cycleId: Number(r.cycle_id),
    projectId: r.project_id,
    headingId: r.heading_id,
    tunnelId: r.tunnel_id,
    workFace: r.work_face as WorkFaceType,
    index: r.cycle_index,
    startMs: r.start_ms,
    endMs: r.end_ms,
    blastMs: r.blast_ms,
    effectiveHours: r.effective_hours,
    footageM: r.footage_m,
    footageSource: r.footage_source === 'reported' ? 'reported' : 'nominal',
    rockGrade: r.rock_grade as RockGrade,
    editors: fromJson<string[]>(r.editors),
    stages: fromJson<CycleRecord['stages']>(r.stages),
  };
}

/** One page (1-based) of the filtered rounds, newest first, and how many match. */
export async function cycleRecordPage(db: Kysely<Database>, f: CycleRecordFilter, page: number, pageSize: number): Promise<{ total: number; list: StoredCycleRecord[] }> {
  const { total } = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered(db, f).selectAll().orderBy('start_ms', 'desc').orderBy('cycle_id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { total: Number(total), list: rows.map(recordOf) };
}

/** At most `limit` filtered rounds before `before` (start, then id; from the newest when null), newest first (a keyset page of the export). */
export async function cycleRecordsBefore(db: Kysely<Database>, f: CycleRecordFilter, before: { startMs: number; cycleId: number } | null, limit: number): Promise<StoredCycleRecord[]> {
  let q = filtered(db, f).selectAll();
  if (before) q = q.where((eb) => eb.or([eb('start_ms', '<', before.startMs), eb.and([eb('start_ms', '=', before.startMs), eb('cycle_id', '<', before.cycleId)])]));
  const rows = await q.orderBy('start_ms', 'desc').orderBy('cycle_id', 'desc').limit(limit).execute();
  return rows.map(recordOf);
}

/** The rounds of `projectId` (of one heading when given) that ended in (fromMs, toMs], oldest first. */
export async function cycleRecordsEnded(db: Kysely<Database>, projectId: string, headingId: string | undefined, fromMs: number, toMs: number): Promise<StoredCycleRecord[]> {
  let q = db.selectFrom('cycle_records').selectAll().where('project_id', '=', projectId).where('end_ms', '>', fromMs).where('end_ms', '<=', toMs);
  if (headingId) q = q.where('heading_id', '=', headingId);
  const rows = await q.orderBy('start_ms', 'asc').execute();
  return rows.map(recordOf);
}

/** The preset round hours a project's administrators set, by grade (grades without one keep the default). */
export async function cyclePresets(db: Kysely<Database>, projectId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('cycle_presets').select(['rock_grade', 'hours']).where('project_id', '=', projectId).execute();
  return new Map(rows.map((r) => [r.rock_grade, r.hours]));
}

/** Sets preset round hours of the listed grades. */
export async function setCyclePresets(db: Kysely<Database>, projectId: string, presets: ReadonlyArray<{ rockGrade: string; hours: number }>): Promise<void> {
  await db
    .insertInto('cycle_presets')
    .values(presets.map((p) => ({ project_id: projectId, rock_grade: p.rockGrade, hours: p.hours })))
    .onConflict((oc) => oc.columns(['project_id', 'rock_grade']).doUpdateSet((eb) => ({ hours: eb.ref('excluded.hours') })))
    .execute();
}

/** The projects that have tunnel bores (whose headings the cycle tracker follows). */
export async function projectsWithTunnels(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('tunnels').select('project_id').distinct().execute();
  return rows.map((r) => r.project_id);
}
