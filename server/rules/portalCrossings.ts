import type { Kysely } from 'kysely';
import { insertPortalCrossings, type Database, type PortalCrossingRow } from '../storage';

/**
 * The portal crossing log written live (docs/api.md "zone/portalCounts"): the zone rules hold each crossing
 * they count (server/rules/zoneRules.ts `takeCrossings`), the {@link PortalCrossingWriter} takes them every
 * rules tick and stores them (server/storage/portalCrossings.ts), so the portal-count panel lists the latest
 * crossings after a restart and in replay.
 */

/** Crossings the writer holds while the database does not take them; beyond, the oldest are dropped. */
export const MAX_UNWRITTEN_CROSSINGS = 10_000;
/** Crossings per INSERT. */
const CHUNK = 500;

/** Where the writer takes crossings from: the rules engine, or the cluster's partitioned rules. */
export interface CrossingSource {
  takeCrossings(): PortalCrossingRow[];
}

/**
 * Stores the crossings of a {@link CrossingSource}. Bounded: at most MAX_UNWRITTEN_CROSSINGS held (a
 * database down for long loses the oldest, counted in `dropped`). Flushes do not overlap: one called while
 * another writes only takes the new crossings, which the next flush stores, unless `wait` (the last flush at
 * a shutdown) makes it wait for the running one first.
 */
export class PortalCrossingWriter {
  private held: PortalCrossingRow[] = [];
  private running: Promise<number> | null = null;
  /** Crossings dropped because the database did not take them in time. */
  dropped = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes the source's new crossings and stores every one held.
   * @returns crossings written
   * @throws the database's error (the crossings not written are tried again on the next flush)
   */
  async flush(source: CrossingSource, wait = false): Promise<number> {
    this.hold(source.takeCrossings());
    if (this.running) {
      if (!wait) return 0;
      await this.running.catch(() => 0);
    }
    const run = this.write();
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private hold(rows: PortalCrossingRow[]): void {
    this.held.push(...rows);
    const over = this.held.length - MAX_UNWRITTEN_CROSSINGS;
    if (over > 0) {
      this.held.splice(0, over);
      this.dropped += over;
    }
  }

  private async write(): Promise<number> {
    let n = 0;
    while (this.held.length > 0) {
      const chunk = this.held.splice(0, CHUNK);
      try {
        await insertPortalCrossings(this.db, chunk);
      } catch (err) {
        // back in front of those held meanwhile, within the bound
        this.held.unshift(...chunk);
        this.hold([]);
        throw err;
      }
      n += chunk.length;
    }
    return n;
  }
}
