import type { Kysely } from 'kysely';
import { fromPortalM, type BoreExcavation, type Heading } from '../../protocol';
import { fromJson } from './mappers';
import type { Database } from './schema';

/**
 * What the company homepage reads (docs/api.md "Company homepage"): the projects a user may see and, for a
 * list of projects at once, their open alarms, today's gate users, beacon wearers and bores.
 */

/**
 * The project rows that are not archived, oldest first: every one when `projectIds` is null (an
 * installation administrator), else those of `projectIds`; of organisation `coId` only when given.
 */
export async function visibleProjectRows(db: Kysely<Database>, projectIds: readonly string[] | null, coId?: string) {
  if (projectIds !== null && projectIds.length === 0) return [];
  let q = db.selectFrom('projects').selectAll().where('archived_at_ms', 'is', null).orderBy('created_at_ms').orderBy('project_id');
  if (projectIds !== null) q = q.where('project_id', 'in', [...projectIds]);
  if (coId !== undefined) q = q.where('co_id', '=', coId);
  return q.execute();
}

/** Alarms not handled yet (dealStatus 0) per project of `projectIds` (projects without one are absent). */
export async function openAlarmCounts(db: Kysely<Database>, projectIds: readonly string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('alarms')
    .select(['project_id', db.fn.countAll<string | number>().as('n')])
    .where('project_id', 'in', [...projectIds])
    .where('deal_status', '=', 0)
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((r) => [r.project_id, Number(r.n)]));
}

/** The distinct person ids that passed a gate since `sinceMs`, per project of `projectIds`. */
export async function gatePeopleSince(db: Kysely<Database>, projectIds: readonly string[], sinceMs: number): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .selectFrom('gate_passes')
    .select(['project_id', 'person_id'])
    .distinct()
    .where('project_id', 'in', [...projectIds])
    .where('ts_ms', '>=', sinceMs)
    .execute();
  for (const r of rows) {
    const set = out.get(r.project_id) ?? new Set<string>();
    set.add(r.person_id);
    out.set(r.project_id, set);
  }
  return out;
}

/** The registered people who wear a beacon, per project of `projectIds` (projects without one are absent): person id and beacon sn. */
export async function beaconWearers(db: Kysely<Database>, projectIds: readonly string[]): Promise<Map<string, Array<{ personId: string; beaconSn: string }>>> {
  const out = new Map<string, Array<{ personId: string; beaconSn: string }>>();
  if (projectIds.length === 0) return out;
  const rows = await db.selectFrom('people').select(['project_id', 'person_id', 'beacon_sn']).where('project_id', 'in', [...projectIds]).where('beacon_sn', 'is not', null).execute();
  for (const r of rows) {
    const list = out.get(r.project_id) ?? [];
    list.push({ personId: r.person_id, beaconSn: r.beacon_sn as string });
    out.set(r.project_id, list);
  }
  return out;
}

/** Each bore of the projects of `projectIds` with its design length and its headings' excavated metres from their portals. */
export async function boreExcavations(db: Kysely<Database>, projectIds: readonly string[]): Promise<Map<string, BoreExcavation[]>> {
  const out = new Map<string, BoreExcavation[]>();
  if (projectIds.length === 0) return out;
  const rows = await db.selectFrom('tunnels').select(['project_id', 'length_m', 'headings']).where('project_id', 'in', [...projectIds]).execute();
  for (const r of rows) {
    const headings = fromJson<Heading[]>(r.headings);
    const bore: BoreExcavation = { lengthM: r.length_m, excavatedM: headings.map((h) => fromPortalM(h, h.faceM, r.length_m)) };
    out.set(r.project_id, [...(out.get(r.project_id) ?? []), bore]);
  }
  return out;
}

/** The external project link of `projectId` ('' when none is set), or undefined when there is no such project. */
export async function projectExternalUrl(db: Kysely<Database>, projectId: string): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('external_url').where('project_id', '=', projectId).executeTakeFirst();
  return row?.external_url;
}
