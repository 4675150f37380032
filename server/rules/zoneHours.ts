import type { Kysely } from 'kysely';
import { beijingDayStart } from '../../protocol';
import type { Database } from '../storage';
import { HOUR_MS, MINUTE_MS } from '../storage/telemetryStore';
import type { ZoneStats } from './types';

/**
 * Zone counts per hour written live (docs/api.md "zone/hours"): the {@link ZoneHourTracker} follows the zone
 * rules' figures of each project through the hour, the {@link ZoneHourWriter} upserts one row per zone and
 * hour into `zone_hour_counts` (migration 0047) at the hour's end and, for the hour so far, at a shutdown.
 * The meaning is the demo backfill's (server/simulator/backfillRules.ts): `headcount` at the hour's end,
 * `max_headcount` the most counted at a minute's end within the hour, `portal_in`/`portal_out` the portal
 * passages within the hour (the growth of the day's counts, which restart at 00:00 Beijing time, always an
 * hour boundary).
 */

/** One row of `zone_hour_counts`. */
export type ZoneHourRow = Database['zone_hour_counts'];

/** What the tracker reads each sample: the zone rules' figures of one project now. */
export type ZoneHourStats = Pick<ZoneStats, 'headcount' | 'portal'>;

interface ZoneTally {
  headcount: number;
  maxHeadcount: number;
  /** The day's portal counts at the hour's start (or at the first sight of the zone), and at the last sample. */
  baseIn: number;
  baseOut: number;
  lastIn: number;
  lastOut: number;
}

interface ProjectHour {
  hourStartMs: number;
  dayStartMs: number;
  /** The minute (ms / 60 000, floored) of the last sample: the peak is taken once per minute. */
  minute: number;
  zones: Map<string, ZoneTally>;
}

/**
 * The hour under way of each project, in memory: bounded by the projects followed and their zones seen
 * (at most MAX_ZONES_PER_PROJECT each). Pure, no I/O: the caller samples and stores.
 */
export class ZoneHourTracker {
  private readonly projects = new Map<string, ProjectHour>();

  /** Whether `projectId` is followed. */
  has(projectId: string): boolean {
    return this.projects.has(projectId);
  }

  /** The projects followed. */
  projectIds(): string[] {
    return [...this.projects.keys()];
  }

  /**
   * Starts following a project at `nowMs`. `resume`: rows already stored for this very hour (a restart
   * within the hour): the tallies continue from them, so the upsert at the hour's end neither loses nor
   * counts twice what was counted before. Rows of other hours are ignored.
   */
  begin(projectId: string, stats: ZoneHourStats, nowMs: number, resume: readonly ZoneHourRow[] = []): void {
    const hourStartMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    const h: ProjectHour = { hourStartMs, dayStartMs: beijingDayStart(nowMs), minute: Number.NaN, zones: new Map() };
    for (const r of resume) {
      if (r.project_id !== projectId || r.hour_start_ms !== hourStartMs) continue;
      const c = stats.portal.get(r.zone_id) ?? { in: 0, out: 0 };
      // the day's counts now minus what this hour already counted: growth from here adds to the stored row
      h.zones.set(r.zone_id, { headcount: r.headcount, maxHeadcount: r.max_headcount, baseIn: c.in - r.portal_in, baseOut: c.out - r.portal_out, lastIn: c.in, lastOut: c.out });
    }
    this.projects.set(projectId, h);
    this.record(h, stats, nowMs, true);
  }

  /**
   * A sample of a followed project at `nowMs` (every rules tick). When the hour has ended since the last
   * sample, its rows are returned (as of the last sample within it) and the new hour starts; else none.
   * @throws Error when the project is not followed ({@link begin} first)
   */
  sample(projectId: string, stats: ZoneHourStats, nowMs: number): ZoneHourRow[] {
    const h = this.projects.get(projectId);
    if (!h) throw new Error(`zone hours: project ${projectId} not followed`);
    let finished: ZoneHourRow[] = [];
    if (nowMs >= h.hourStartMs + HOUR_MS) {
      finished = rowsOf(projectId, h);
      const dayStartMs = beijingDayStart(nowMs);
      const sameDay = dayStartMs === h.dayStartMs;
      const zones = new Map<string, ZoneTally>();
      for (const [zoneId, t] of h.zones) {
        // a zone the rules no longer count (removed, or nobody there) is followed again when it is
        if (!stats.portal.has(zoneId) && !stats.headcount.has(zoneId)) continue;
        // passages since the last sample belong to the new hour; a new day's counts start from zero
        const baseIn = sameDay ? t.lastIn : 0;
        const baseOut = sameDay ? t.lastOut : 0;
        zones.set(zoneId, { headcount: 0, maxHeadcount: 0, baseIn, baseOut, lastIn: baseIn, lastOut: baseOut });
      }
      h.hourStartMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
      h.dayStartMs = dayStartMs;
      h.minute = Number.NaN;
      h.zones = zones;
    }
    this.record(h, stats, nowMs, false);
    return finished;
  }

  /** The rows of the hour so far of every followed project (written at a shutdown), as of their last sample. */
  current(): ZoneHourRow[] {
    return [...this.projects].flatMap(([projectId, h]) => rowsOf(projectId, h));
  }

  /** The rows of the hour so far of one project as of its last sample (none when not followed). */
  currentOf(projectId: string): ZoneHourRow[] {
    const h = this.projects.get(projectId);
    return h ? rowsOf(projectId, h) : [];
  }

  /** Stops following a project (another cluster node took its zones, or it has gone). */
  drop(projectId: string): void {
    this.projects.delete(projectId);
  }

  /** `first`: the first sample of a project, whose day counts so far were counted before it was followed. */
  private record(h: ProjectHour, stats: ZoneHourStats, nowMs: number, first: boolean): void {
    const minute = Math.floor(nowMs / MINUTE_MS);
    const minuteEnd = minute !== h.minute;
    h.minute = minute;
    for (const t of h.zones.values()) t.headcount = 0;
    for (const [zoneId, n] of stats.headcount) {
      const t = this.tally(h, zoneId, stats, first);
      t.headcount = n;
    }
    if (minuteEnd) for (const t of h.zones.values()) t.maxHeadcount = Math.max(t.maxHeadcount, t.headcount);
    for (const [zoneId, c] of stats.portal) {
      const t = this.tally(h, zoneId, stats, first);
      t.lastIn = c.in;
      t.lastOut = c.out;
    }
  }

  /**
   * A zone's tally, created at its first sight. Its base: at the first sample, the day's counts so far
   * (counted before this process followed the project); later, zero, since every sample tallies each zone
   * the rules count passages of, so one not tallied yet had none at the previous sample.
   */
  private tally(h: ProjectHour, zoneId: string, stats: ZoneHourStats, first: boolean): ZoneTally {
    let t = h.zones.get(zoneId);
    if (!t) {
      const c = (first ? stats.portal.get(zoneId) : undefined) ?? { in: 0, out: 0 };
      t = { headcount: 0, maxHeadcount: 0, baseIn: c.in, baseOut: c.out, lastIn: c.in, lastOut: c.out };
      h.zones.set(zoneId, t);
    }
    return t;
  }
}

function rowsOf(projectId: string, h: ProjectHour): ZoneHourRow[] {
  return [...h.zones].map(([zoneId, t]) => ({
    project_id: projectId,
    zone_id: zoneId,
    hour_start_ms: h.hourStartMs,
    headcount: t.headcount,
    max_headcount: Math.max(t.maxHeadcount, t.headcount),
    portal_in: Math.max(0, t.lastIn - t.baseIn),
    portal_out: Math.max(0, t.lastOut - t.baseOut),
  }));
}

/** What the writer reads (the rules engine, or the cluster's partitioned rules). */
export interface ZoneHourSource {
  projectIds(): Iterable<string>;
  zoneStats(projectId: string, nowMs: number): ZoneHourStats;
  /** In a cluster: whether this node holds the project's zone rules (absent: always). */
  ownsZonesOf?(projectId: string): boolean;
}

/** Rows per INSERT (as the backfill's writes, docs/operations.md). */
const INSERT_CHUNK_ROWS = 500;

/** Most finished rows held for a database that does not answer; the oldest go first beyond it. */
export const MAX_PENDING_ZONE_HOURS = 5_000;

/**
 * Upserts zone hours as the {@link ZoneHourTracker} finishes them. `tick` samples synchronously every
 * rules tick; writes do not overlap (rows wait for the next tick, at most MAX_PENDING_ZONE_HOURS).
 * A project is followed once its rows of the hour under way are read back (one query per project).
 */
export class ZoneHourWriter {
  private readonly tracker = new ZoneHourTracker();
  private pending: ZoneHourRow[] = [];
  private toBegin = new Set<string>();
  private running: Promise<void> | null = null;
  /** Rows dropped because the database did not keep up (logged by the caller). */
  dropped = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: ZoneHourSource,
  ) {}

  /**
   * Samples every project at `nowMs` and writes what is finished (unless a write is running).
   * @throws the database's error (the rows are tried again on the next tick)
   */
  async tick(nowMs: number): Promise<void> {
    this.sampleAll(nowMs);
    if (this.running) return;
    await this.run(nowMs);
  }

  /**
   * At a shutdown: waits for a running write, then writes the finished rows and the hour so far of every
   * project followed (a restart within the hour resumes from them).
   * @throws the database's error
   */
  async close(nowMs: number): Promise<void> {
    await this.running?.catch(() => undefined);
    this.sampleAll(nowMs);
    this.push(this.tracker.current());
    await this.run(nowMs);
  }

  private sampleAll(nowMs: number): void {
    const seen = new Set<string>();
    for (const projectId of this.source.projectIds()) {
      if (this.source.ownsZonesOf && !this.source.ownsZonesOf(projectId)) continue;
      seen.add(projectId);
      if (this.tracker.has(projectId)) this.push(this.tracker.sample(projectId, this.source.zoneStats(projectId, nowMs), nowMs));
      else this.toBegin.add(projectId);
    }
    for (const projectId of this.tracker.projectIds()) {
      if (seen.has(projectId)) continue;
      // handed to another cluster node (or stopping: the partitions go first): the hour so far, as of the
      // last sample, is written for the next owner to resume from
      this.push(this.tracker.currentOf(projectId));
      this.tracker.drop(projectId);
    }
  }

  private push(rows: ZoneHourRow[]): void {
    this.pending.push(...rows);
    if (this.pending.length > MAX_PENDING_ZONE_HOURS) {
      this.dropped += this.pending.length - MAX_PENDING_ZONE_HOURS;
      this.pending = this.pending.slice(-MAX_PENDING_ZONE_HOURS);
    }
  }

  private async run(nowMs: number): Promise<void> {
    const run = this.write(nowMs);
    this.running = run;
    try {
      await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private async write(nowMs: number): Promise<void> {
    const begin = [...this.toBegin];
    this.toBegin = new Set();
    const hourStartMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    for (const [i, projectId] of begin.entries()) {
      try {
        const resume = await this.db.selectFrom('zone_hour_counts').selectAll().where('project_id', '=', projectId).where('hour_start_ms', '=', hourStartMs).execute();
        this.tracker.begin(projectId, this.source.zoneStats(projectId, nowMs), nowMs, resume);
      } catch (err) {
        for (const p of begin.slice(i)) this.toBegin.add(p); // read again on the next tick
        throw err;
      }
    }
    const rows = this.pending;
    if (rows.length === 0) return;
    this.pending = [];
    try {
      // a zone appears once per statement (Postgres refuses to upsert one key twice): the latest row wins
      const unique = [...new Map(rows.map((r) => [`${r.project_id}\u0000${r.zone_id}\u0000${r.hour_start_ms}`, r])).values()];
      for (let i = 0; i < unique.length; i += INSERT_CHUNK_ROWS) {
        await this.db
          .insertInto('zone_hour_counts')
          .values(unique.slice(i, i + INSERT_CHUNK_ROWS))
          .onConflict((oc) =>
            oc.columns(['project_id', 'zone_id', 'hour_start_ms']).doUpdateSet((eb) => ({
              headcount: eb.ref('excluded.headcount'),
              max_headcount: eb.ref('excluded.max_headcount'),
              portal_in: eb.ref('excluded.portal_in'),
              portal_out: eb.ref('excluded.portal_out'),
            })),
          )
          .execute();
      }
    } catch (err) {
      this.push(rows.concat(this.pending.splice(0)));
      throw err;
    }
  }
}
