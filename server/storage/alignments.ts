import type { Kysely } from 'kysely';
import type { BoreAlignment } from '../../protocol';
import { fromJson, toJson } from './mappers';
import type { Database } from './schema';

/** The saved alignments of a project's bores (protocol/alignment.ts), by bore id; a bore without one has no entry. */
export async function boreAlignments(db: Kysely<Database>, projectId: string): Promise<BoreAlignment[]> {
  const rows = await db.selectFrom('bore_alignments').selectAll().where('project_id', '=', projectId).orderBy('tunnel_id').execute();
  return rows.map((r) => ({ tunnelId: r.tunnel_id, points: fromJson(r.points), crossPassages: fromJson(r.cross_passages) }));
}

/** Saves bores' alignments, each replacing the one its bore had; `by` the username (or `seed`), at `nowMs`. */
export async function saveBoreAlignments(db: Kysely<Database>, projectId: string, alignments: readonly BoreAlignment[], by: string, nowMs: number): Promise<void> {
  for (const a of alignments) {
    const row = { points: toJson(a.points), cross_passages: toJson(a.crossPassages), updated_at_ms: nowMs, updated_by: by };
    await db
      .insertInto('bore_alignments')
      .values({ project_id: projectId, tunnel_id: a.tunnelId, ...row })
      .onConflict((oc) => oc.columns(['project_id', 'tunnel_id']).doUpdateSet(row))
      .execute();
  }
}
