import type { Kysely } from 'kysely';
import { beijingDayStart } from '../../protocol';
import type { Database } from '../storage';
import type { ZoneStats } from './types';

/**
 * Portal in and out counts kept across restarts (docs/api.md "People and zones"): the zone
 * rules count in memory (server/rules/zoneRules.ts), PortalCountWriter writes the counts that changed to
 * `portal_counts` (migration 0042), and loadPortalCounts reads today's back at a start, so a restart keeps
 * the day's counts. Counts are of the Beijing day (00:00 UTC+8); a row of another day is not today's.
 */

/** Counts of one project's portal zones on one day: zone id → entries into / exits from the tunnel. */
export interface PortalCountsOfDay {
  /** 00:00 Beijing time of the day (epoch ms). */
  dayStartMs: number;
  counts: Map<string, { in: number; out: number }>;
}

/**
 * The stored counts of the Beijing day holding `nowMs`, by project (of one project when `projectId` is
 * given). Projects without any row that day are absent.
 */
export async function loadPortalCounts(db: Kysely<Database>, nowMs: number, projectId?: string): Promise<Map<string, PortalCountsOfDay>> {
  const dayStartMs = beijingDayStart(nowMs);
  let q = db.selectFrom('portal_counts').select(['project_id', 'zone_id', 'in_count', 'out_count']).where('day_start_ms', '=', dayStartMs);
  if (projectId !== undefined) q = q.where('project_id', '=', projectId);
  const out = new Map<string, PortalCountsOfDay>();
  for (const r of await q.execute()) {
    let day = out.get(r.project_id);
    if (!day) out.set(r.project_id, (day = { dayStartMs, counts: new Map() }));
    day.counts.set(r.zone_id, { in: r.in_count, out: r.out_count });
  }
  return out;
}

/** What the writer reads the counts from (the rules engine, or the cluster's partitioned rules). */
export interface PortalCountSource {
  projectIds(): Iterable<string>;
  zoneStats(projectId: string, nowMs: number): Pick<ZoneStats, 'portal'>;
}

/**
 * Writes portal counts that changed since its last write (one upsert per changed zone; a row per zone,
 * bounded by the project's zones, at most 200). Flushes do not overlap: one called while another is
 * writing returns 0 at once and the next one catches up, unless `wait` (the last flush at a shutdown)
 * makes it wait for the running one first.
 */
export class PortalCountWriter {
  /** `project\0zone` → `day:in:out` last written. */
  private readonly written = new Map<string, string>();
  private running: Promise<number> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Writes the counts of `source` at `nowMs` that differ from the last written.
   * @returns rows written
   * @throws the database's error (the rows not written are tried again on the next flush)
   */
  async flush(source: PortalCountSource, nowMs: number, wait = false): Promise<number> {
    if (this.running) {
      if (!wait) return 0;
      await this.running.catch(() => 0);
    }
    const run = this.write(source, nowMs);
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private async write(source: PortalCountSource, nowMs: number): Promise<number> {
    const dayStartMs = beijingDayStart(nowMs);
    let n = 0;
    for (const projectId of [...source.projectIds()]) {
      for (const [zoneId, c] of source.zoneStats(projectId, nowMs).portal) {
        const key = `${projectId}\u0000${zoneId}`;
        const stamp = `${dayStartMs}:${c.in}:${c.out}`;
        if (this.written.get(key) === stamp) continue;
        const row = { day_start_ms: dayStartMs, in_count: c.in, out_count: c.out, updated_at_ms: nowMs };
        await this.db
          .insertInto('portal_counts')
          .values({ project_id: projectId, zone_id: zoneId, ...row })
          .onConflict((oc) => oc.columns(['project_id', 'zone_id']).doUpdateSet(row))
          .execute();
        this.written.set(key, stamp);
        n++;
      }
    }
    return n;
  }
}
