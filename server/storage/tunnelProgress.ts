import type { Kysely, Selectable } from 'kysely';
import type { Heading, ProgressEntry, ProgressSource, RockSegment } from '../../protocol';
import { fromJson, toJson } from './mappers';
import type { Database, TunnelProgressTable } from './schema';

/** A heading's positions to append as one saved state (metres from the bore's entry portal). */
export interface ProgressWrite {
  projectId: string;
  tunnelId: string;
  headingId: string;
  atMs: number;
  source: ProgressSource;
  by: string;
  faceM: number;
  invertM: number;
  liningM: number;
  waterproofM: number | null;
}

function toEntry(r: Selectable<TunnelProgressTable>): ProgressEntry {
  return {
    entryId: Number(r.entry_id),
    tunnelId: r.tunnel_id,
    headingId: r.heading_id,
    atMs: r.at_ms,
    source: r.source as ProgressSource,
    by: r.by,
    faceM: r.face_m,
    invertM: r.invert_m,
    liningM: r.lining_m,
    waterproofM: r.waterproof_m,
  };
}

/** Appends saved states of headings (none: nothing written). */
export async function appendProgress(db: Kysely<Database>, rows: readonly ProgressWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('tunnel_progress')
    .values(
      rows.map((r) => ({
        project_id: r.projectId,
        tunnel_id: r.tunnelId,
        heading_id: r.headingId,
        at_ms: r.atMs,
        source: r.source,
        by: r.by,
        face_m: r.faceM,
        invert_m: r.invertM,
        lining_m: r.liningM,
        waterproof_m: r.waterproofM,
      })),
    )
    .execute();
}

/**
 * The saved states of a project's headings that matter from `fromMs` to `toMs`: those within the range and,
 * per heading, the last one before it (the state the range starts from). Oldest first.
 */
export async function progressEntries(db: Kysely<Database>, projectId: string, fromMs: number, toMs: number): Promise<ProgressEntry[]> {
  const before = await db
    .selectFrom('tunnel_progress')
    .selectAll()
    .distinctOn('heading_id')
    .where('project_id', '=', projectId)
    .where('at_ms', '<', fromMs)
    .orderBy('heading_id')
    .orderBy('at_ms', 'desc')
    .orderBy('entry_id', 'desc')
    .execute();
  const within = await db
    .selectFrom('tunnel_progress')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('at_ms', '>=', fromMs)
    .where('at_ms', '<=', toMs)
    .orderBy('at_ms')
    .orderBy('entry_id')
    .execute();
  return [...before, ...within].map(toEntry).sort((a, b) => a.atMs - b.atMs || a.entryId - b.entryId);
}

/** The bore holding heading `headingId` in `projectId` (its row), or undefined. */
export async function tunnelOfHeading(db: Kysely<Database>, projectId: string, headingId: string) {
  const rows = await db.selectFrom('tunnels').selectAll().where('project_id', '=', projectId).execute();
  return rows.find((r) => fromJson<Heading[]>(r.headings).some((h) => h.headingId === headingId));
}

/** Replaces the saved headings of a bore. */
export async function saveHeadings(db: Kysely<Database>, projectId: string, tunnelId: string, headings: readonly Heading[]): Promise<void> {
  await db.updateTable('tunnels').set({ headings: toJson(headings) }).where('project_id', '=', projectId).where('tunnel_id', '=', tunnelId).execute();
}

/** Replaces a bore's rock segments. */
export async function saveRockSegments(db: Kysely<Database>, projectId: string, tunnelId: string, segments: readonly RockSegment[]): Promise<void> {
  await db.updateTable('tunnels').set({ rock_segments: toJson(segments) }).where('project_id', '=', projectId).where('tunnel_id', '=', tunnelId).execute();
}

/** Projects with at least one tunnel bore. */
export async function projectIdsWithTunnels(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('tunnels').select('project_id').distinct().execute()).map((r) => r.project_id);
}

/** The latest `limit` saved states of a project's headings (of `headingId` only when given), newest first. */
export async function latestProgress(db: Kysely<Database>, projectId: string, headingId: string | undefined, limit: number): Promise<ProgressEntry[]> {
  let q = db.selectFrom('tunnel_progress').selectAll().where('project_id', '=', projectId);
  if (headingId) q = q.where('heading_id', '=', headingId);
  return (await q.orderBy('at_ms', 'desc').orderBy('entry_id', 'desc').limit(limit).execute()).map(toEntry);
}
