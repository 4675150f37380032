import { sql, type Kysely } from 'kysely';
import type { PortalCrossing, PortalDirection } from '../../protocol';
import type { Database } from './schema';
import { HOUR_MS } from './telemetryStore';
import { zoneHourRows } from './zones';

/**
 * The portal crossing log (`portal_crossings`, migration 0070_portal_crossings): one row per passage through
 * a portal zone, written by server/rules/portalCrossings.ts (live) and the demo backfill, read by
 * zone/portalCounts (docs/api.md "People and zones").
 */

/** A crossing as stored: the wire crossing with its project and portal zone. */
export interface PortalCrossingRow extends PortalCrossing {
  projectId: string;
  zoneId: string;
}

/** How far back the latest crossings are looked for (ms): 7 days, so the read scans a bounded range. */
export const LATEST_CROSSINGS_LOOKBACK_MS = 7 * 86_400_000;

/** Stores `rows` (one multi-row INSERT); a crossing already stored (same zone, beacon and instant) is kept as it is. */
export async function insertPortalCrossings(db: Kysely<Database>, rows: readonly PortalCrossingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('portal_crossings')
    .values(rows.map((r) => ({ project_id: r.projectId, zone_id: r.zoneId, at_ms: r.atMs, sn: r.sn, name: r.name, team: r.team, direction: r.direction })))
    .onConflict((oc) => oc.columns(['project_id', 'zone_id', 'at_ms', 'sn']).doNothing())
    .execute();
}

/**
 * The latest `limit` crossings per zone of `zoneIds` of `projectId` at or before `atMs` (within
 * LATEST_CROSSINGS_LOOKBACK_MS of it), by zone, newest first. At most `limit` × zones rows.
 */
export async function latestPortalCrossings(db: Kysely<Database>, projectId: string, zoneIds: readonly string[], atMs: number, limit: number): Promise<Map<string, PortalCrossing[]>> {
  const out = new Map<string, PortalCrossing[]>();
  if (zoneIds.length === 0 || limit <= 0) return out;
  const ranked = db
    .selectFrom('portal_crossings')
    .select(['zone_id', 'at_ms', 'sn', 'name', 'team', 'direction', sql<number>`row_number() over (partition by zone_id order by at_ms desc, sn)`.as('rank')])
    .where('project_id', '=', projectId)
    .where('zone_id', 'in', [...zoneIds])
    .where('at_ms', '<=', atMs)
    .where('at_ms', '>', atMs - LATEST_CROSSINGS_LOOKBACK_MS)
    .as('ranked');
  const rows = await db.selectFrom(ranked).selectAll().where('rank', '<=', limit).orderBy('zone_id').orderBy('at_ms', 'desc').orderBy('sn').execute();
  for (const r of rows) {
    const list = out.get(r.zone_id) ?? [];
    list.push({ atMs: r.at_ms, sn: r.sn, name: r.name, team: r.team, direction: r.direction as PortalDirection });
    out.set(r.zone_id, list);
  }
  return out;
}

/** Crossings per zone of `projectId` in [fromMs, toMs] (both ends included): entries (`in`) and exits (`out`). */
export async function countPortalCrossings(db: Kysely<Database>, projectId: string, fromMs: number, toMs: number): Promise<Map<string, { in: number; out: number }>> {
  const rows = await db
    .selectFrom('portal_crossings')
    .select(['zone_id', 'direction', (eb) => eb.fn.countAll<string>().as('n')])
    .where('project_id', '=', projectId)
    .where('at_ms', '>=', fromMs)
    .where('at_ms', '<=', toMs)
    .groupBy(['zone_id', 'direction'])
    .execute();
  const out = new Map<string, { in: number; out: number }>();
  for (const r of rows) {
    const c = out.get(r.zone_id) ?? { in: 0, out: 0 };
    c[r.direction === 'in' ? 'in' : 'out'] += Number(r.n);
    out.set(r.zone_id, c);
  }
  return out;
}

/** Whether the log holds a crossing of `projectId` before `beforeMs` (it was being kept then). */
export async function hasPortalCrossingBefore(db: Kysely<Database>, projectId: string, beforeMs: number): Promise<boolean> {
  const r = await db.selectFrom('portal_crossings').select('at_ms').where('project_id', '=', projectId).where('at_ms', '<', beforeMs).limit(1).executeTakeFirst();
  return r !== undefined;
}

/** Deletes crossings older than `beforeMs` (retention, with the telemetry's hour rollups). @returns how many. */
export async function deleteOldPortalCrossings(db: Kysely<Database>, beforeMs: number): Promise<number> {
  const r = await db.deleteFrom('portal_crossings').where('at_ms', '<', beforeMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Portal counts of a day up to an instant: per zone entries and exits, and how far they reach. */
export interface PortalCountsAt {
  /** The instant when the crossing log covers the part hour since the last full hour, else that hour's start. */
  countedToMs: number;
  counts: Map<string, { in: number; out: number }>;
}

/**
 * Entries and exits per zone of `zoneIds` of `projectId` from 00:00 Beijing time of the day holding `atMs`
 * to `atMs`: the stored full hours (zone_hour_counts, at most 24 rows per zone) plus, when the crossing log
 * was kept before the hour of `atMs` began, the crossings logged from that hour's start to `atMs`.
 * `dayStartMs`: 00:00 Beijing time of that day (protocol beijingDayStart).
 */
export async function portalCountsAt(db: Kysely<Database>, projectId: string, zoneIds: string[], atMs: number, dayStartMs: number): Promise<PortalCountsAt> {
  const hourStartMs = Math.max(dayStartMs, Math.floor(atMs / HOUR_MS) * HOUR_MS);
  const counts = new Map<string, { in: number; out: number }>();
  const add = (zoneId: string, i: number, o: number) => {
    const c = counts.get(zoneId) ?? { in: 0, out: 0 };
    counts.set(zoneId, { in: c.in + i, out: c.out + o });
  };
  for (const r of await zoneHourRows(db, projectId, zoneIds, dayStartMs, hourStartMs)) add(r.zone_id, r.portal_in, r.portal_out);
  if (!(await hasPortalCrossingBefore(db, projectId, hourStartMs))) return { countedToMs: hourStartMs, counts };
  const wanted = new Set(zoneIds);
  for (const [zoneId, c] of await countPortalCrossings(db, projectId, hourStartMs, atMs)) if (wanted.has(zoneId)) add(zoneId, c.in, c.out);
  return { countedToMs: atMs, counts };
}
