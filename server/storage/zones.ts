import type { Insertable, Kysely } from 'kysely';
import type { Database, ZonesTable } from './schema';

/** The columns of a zone a person sets (rules/zoneStore.ts zoneColumns writes them from the wire fields). */
export type ZoneColumns = Omit<Insertable<ZonesTable>, 'project_id' | 'zone_id' | 'updated_at_ms'>;

/** The zones of `projectId` by id (rows). */
export function zoneRows(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('zones').selectAll().where('project_id', '=', projectId).orderBy('zone_id').execute();
}

/** The zones of `projectId` (of one bore when `tunnelId` is given) by bore and chainage (rows). */
export function zoneRowsByPlace(db: Kysely<Database>, projectId: string, tunnelId?: string) {
  let q = db.selectFrom('zones').selectAll().where('project_id', '=', projectId);
  if (tunnelId) q = q.where('tunnel_id', '=', tunnelId);
  return q.orderBy('tunnel_id').orderBy('from_m').orderBy('zone_id').execute();
}

/** Id and name of the zones of `projectId` (only `zoneId` when given), by name. */
export function zoneNames(db: Kysely<Database>, projectId: string, zoneId?: string) {
  let q = db.selectFrom('zones').select(['zone_id', 'name']).where('project_id', '=', projectId);
  if (zoneId) q = q.where('zone_id', '=', zoneId);
  return q.orderBy('name').orderBy('zone_id').execute();
}

/** How many zones `projectId` has. */
export async function countZones(db: Kysely<Database>, projectId: string): Promise<number> {
  const { count } = await db.selectFrom('zones').where('project_id', '=', projectId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** Adds `zones` to `projectId` as changed at `nowMs` (zone/add, and the seed's demo zones); their rows. */
export async function insertZones(db: Kysely<Database>, projectId: string, zones: Array<ZoneColumns & { zoneId: string }>, nowMs: number) {
  if (zones.length === 0) return [];
  return db
    .insertInto('zones')
    .values(zones.map(({ zoneId, ...columns }) => ({ project_id: projectId, zone_id: zoneId, ...columns, updated_at_ms: nowMs })))
    .returningAll()
    .execute();
}

/** Changes zone `zoneId` of `projectId` as of `nowMs`; its row, or undefined when there is none. */
export function updateZone(db: Kysely<Database>, projectId: string, zoneId: string, columns: ZoneColumns, nowMs: number) {
  return db
    .updateTable('zones')
    .set({ ...columns, updated_at_ms: nowMs })
    .where('project_id', '=', projectId)
    .where('zone_id', '=', zoneId)
    .returningAll()
    .executeTakeFirst();
}

/** Removes zone `zoneId` of `projectId`; false when there is none. */
export async function deleteZone(db: Kysely<Database>, projectId: string, zoneId: string): Promise<boolean> {
  const r = await db.deleteFrom('zones').where('project_id', '=', projectId).where('zone_id', '=', zoneId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Whether `projectId` has a tunnel bore `tunnelId`. */
export async function hasTunnel(db: Kysely<Database>, projectId: string, tunnelId: string): Promise<boolean> {
  const t = await db.selectFrom('tunnels').select('tunnel_id').where('project_id', '=', projectId).where('tunnel_id', '=', tunnelId).executeTakeFirst();
  return t !== undefined;
}

/** The stored hours (zone_hour_counts) of zones `zoneIds` of `projectId` starting in [fromMs, toMs), oldest first. */
export async function zoneHourRows(db: Kysely<Database>, projectId: string, zoneIds: string[], fromMs: number, toMs: number) {
  if (zoneIds.length === 0) return [];
  return db
    .selectFrom('zone_hour_counts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('zone_id', 'in', zoneIds)
    .where('hour_start_ms', '>=', fromMs)
    .where('hour_start_ms', '<', toMs)
    .orderBy('hour_start_ms')
    .execute();
}
