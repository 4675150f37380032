import type { Kysely } from 'kysely';
import type { Database } from '../storage';

/**
 * Work records (issue 10 §3): each lift of a crane, detected by the server from telemetry. A lift starts
 * with the first reading whose load is at least LIFT_START_T and ends with the first reading under it; the
 * record keeps its start and end (device time), duration, peak load and peak moment (or load share of
 * rated). Construction elevator trips are not detected yet.
 */

/** Load on the hook from which a crane is lifting, t (above rigging and sensor noise). */
export const LIFT_START_T = 0.1;

/** Where a kind's load and moment are, in its flattened metrics. */
interface LiftMetrics {
  load: readonly string[];
  moment: readonly string[];
}

/** The lifting kinds: load keys are summed (an erector's two trolleys), the moment is the largest share. */
export const WORK_RECORD_KINDS: Readonly<Record<string, LiftMetrics>> = {
  towerCrane: { load: ['loadT'], moment: ['momentPct'] },
  gantryCrane: { load: ['loadT'], moment: ['loadPct'] },
  yardCrane: { load: ['loadT'], moment: ['momentPct'] },
  bridgeGirderErector: { load: ['frontLoadT', 'rearLoadT'], moment: ['frontLoadPct', 'rearLoadPct'] },
};

/** A finished lift. Times in ms since the epoch (device time), loads in t, moment in % of rated. */
export interface WorkRecordDraft {
  projectId: string;
  sn: string;
  kind: string;
  startedAtMs: number;
  endedAtMs: number;
  peakLoadT: number;
  peakMomentPct: number;
}

interface OpenLift {
  startedAtMs: number;
  peakLoadT: number;
  peakMomentPct: number;
}

/** Most lifts open at once (one per device); beyond it new lifts are not tracked, so memory stays bounded. */
const MAX_OPEN_LIFTS = 100_000;

/** Detects lifts from accepted readings, in memory, one open lift per device at most. */
export class LiftDetector {
  private readonly open = new Map<string, OpenLift>();

  /** A reading of a device. @returns the lift it ended, or null. */
  accept(projectId: string, sn: string, kind: string, values: Record<string, number>, tsMs: number): WorkRecordDraft | null {
    const m = WORK_RECORD_KINDS[kind];
    if (!m) return null;
    let load = 0;
    for (const k of m.load) load += values[k] ?? 0;
    let moment = 0;
    for (const k of m.moment) moment = Math.max(moment, values[k] ?? 0);
    const key = `${projectId}\u0000${sn}`;
    const lift = this.open.get(key);
    if (load >= LIFT_START_T) {
      if (lift) {
        lift.peakLoadT = Math.max(lift.peakLoadT, load);
        lift.peakMomentPct = Math.max(lift.peakMomentPct, moment);
      } else if (this.open.size < MAX_OPEN_LIFTS) {
        this.open.set(key, { startedAtMs: tsMs, peakLoadT: load, peakMomentPct: moment });
      }
      return null;
    }
    if (!lift) return null;
    this.open.delete(key);
    return { projectId, sn, kind, startedAtMs: lift.startedAtMs, endedAtMs: tsMs, peakLoadT: lift.peakLoadT, peakMomentPct: lift.peakMomentPct };
  }
}

/** Stores a finished lift (table work_records, migration 0009_fleet_work_records). */
export async function insertWorkRecord(db: Kysely<Database>, r: WorkRecordDraft): Promise<void> {
  await db
    .insertInto('work_records')
    .values({
      project_id: r.projectId,
      device_sn: r.sn,
      kind: r.kind,
      started_at_ms: r.startedAtMs,
      ended_at_ms: r.endedAtMs,
      duration_s: Math.max(0, (r.endedAtMs - r.startedAtMs) / 1000),
      peak_load_t: r.peakLoadT,
      peak_moment_pct: r.peakMomentPct,
    })
    .execute();
}
