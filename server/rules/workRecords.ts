import type { Kysely } from 'kysely';
import { DEVICE_KIND_REGISTRY, type KindRegistry } from '../../protocol';
import type { Database } from '../storage';

/**
 * Work records (docs/api.md "Work records"): each lift of a crane, detected by the server from telemetry. A lift starts
 * with the first reading whose load is at least LIFT_START_T and ends with the first reading under it; the
 * record keeps its start and end (device time), duration, peak load and peak moment (or load share of
 * rated). Construction elevator trips are detected per cage by ElevatorTripDetector below and stored in the
 * same table (docs/api.md "Work records").
 */

/** Load on the hook from which a crane is lifting, t (above rigging and sensor noise). */
export const LIFT_START_T = 0.1;

/** Where a kind's load and moment are, in its flattened metrics. */
interface LiftMetrics {
  load: readonly string[];
  moment: readonly string[];
}

/**
 * The kinds of `kinds` whose work records are lifts (descriptor `equipment.workRecords.by: 'lift'`), with
 * their load keys (summed: an erector's two trolleys) and moment keys (the largest share counts).
 */
export function liftKinds(kinds: KindRegistry = DEVICE_KIND_REGISTRY): ReadonlyMap<string, LiftMetrics> {
  const out = new Map<string, LiftMetrics>();
  for (const d of kinds.descriptors) {
    const rule = d.equipment?.workRecords;
    if (rule?.by === 'lift') out.set(d.kind, { load: rule.load, moment: rule.moment });
  }
  return out;
}

/** The kinds of `kinds` whose work records are cage trips (descriptor `equipment.workRecords.by: 'cageTrip'`). */
export function cageTripKinds(kinds: KindRegistry = DEVICE_KIND_REGISTRY): ReadonlySet<string> {
  return new Set(kinds.descriptors.filter((d) => d.equipment?.workRecords.by === 'cageTrip').map((d) => d.kind));
}

/** A finished lift. Times in ms since the epoch (device time), loads in t, moment in % of rated. */
export interface WorkRecordDraft {
  projectId: string;
  sn: string;
  kind: string;
  startedAtMs: number;
  endedAtMs: number;
  peakLoadT: number;
  peakMomentPct: number;
  /** Elevator trips only: the cage that made the trip. */
  cage?: ElevatorCage;
  /** Elevator trips only: the floor the cage left and the floor it stopped at. */
  startFloor?: number;
  endFloor?: number;
}

interface OpenLift {
  startedAtMs: number;
  peakLoadT: number;
  peakMomentPct: number;
}

/** Most lifts open at once (one per device); beyond it new lifts are not tracked, so memory stays bounded. */
const MAX_OPEN_LIFTS = 100_000;

/** The answer for readings that end no trip (shared, never written). */
const NO_TRIPS: readonly WorkRecordDraft[] = Object.freeze([]);

/** Detects lifts from accepted readings, in memory, one open lift per device at most. */
export class LiftDetector {
  private readonly open = new Map<string, OpenLift>();
  private readonly kinds: ReadonlyMap<string, LiftMetrics>;

  /** @param kinds the registry whose lifting kinds are watched (tests pass their own) */
  constructor(kinds: KindRegistry = DEVICE_KIND_REGISTRY) {
    this.kinds = liftKinds(kinds);
  }

  /** A reading of a device. @returns the lift it ended, or null. */
  accept(projectId: string, sn: string, kind: string, values: Record<string, number>, tsMs: number): WorkRecordDraft | null {
    const m = this.kinds.get(kind);
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

/** The two cages of a construction elevator (protocol/kinds/constructionElevator.ts: `left…`, `right…`). */
export type ElevatorCage = 'left' | 'right';

/** The cages in the order their trips are reported when both end on one reading. */
export const ELEVATOR_CAGES: readonly ElevatorCage[] = ['left', 'right'];

/**
 * Cage speed from which a cage is travelling, m/s (either direction; docs/device-protocol.md
 * "constructionElevator"): well under the about 0.6 m/s of an SC200/200 hoist (the demo's model) and well
 * above the 0.01 m/s resolution of the reported speed, so a cage at rest never reads as moving.
 */
export const TRIP_SPEED_MPS = 0.1;

interface OpenTrip {
  startedAtMs: number;
  startFloor: number;
  peakLoadT: number;
  peakLoadPct: number;
}

/** What the detector knows of one cage: where it last stood, its last reading, and the trip under way. */
interface CageState {
  /** Floor of the cage's last reading at rest (speed under TRIP_SPEED_MPS) outside a trip. */
  restFloor: number;
  lastTsMs: number;
  lastLoadT: number;
  lastLoadPct: number;
  trip: OpenTrip | null;
}

/** Most elevator cages tracked at once (two per device); beyond it new cages are not tracked (bounded memory). */
const MAX_TRACKED_CAGES = 100_000;

/**
 * Detects construction elevator trips (docs/api.md "Work records"), one per cage, from accepted readings, in memory.
 *
 * Per cage, from its `…Floor`, `…SpeedMps`, `…DoorOpen` (1 = open), `…LoadT` and `…LoadPct`:
 * - a trip starts with the first reading whose door is closed and that is travelling (|speed| ≥
 *   TRIP_SPEED_MPS) or stands at another floor than where the cage last stood; its start floor is that
 *   rest floor;
 * - it ends with the first reading at rest (|speed| < TRIP_SPEED_MPS) with the door open: end time and end
 *   floor are that reading's. A stop with the door closed (a limit switch, a wait between floors) does not
 *   end it, so a stop whose door opens and closes again between two readings joins the two trips;
 * - a whole trip between two readings (at rest at one floor, then at rest with the door open at another)
 *   is a trip from the earlier reading to the later one;
 * - the peak load (t) and peak load share (% of rated, stored as the record's peak moment: an elevator has
 *   no moment) are the largest of the trip's readings, start to end (for a trip between two readings, of
 *   those two).
 * Readings older than the cage's last one (backfill, reordering) are ignored.
 */
export class ElevatorTripDetector {
  private readonly cages = new Map<string, CageState>();
  private readonly kinds: ReadonlySet<string>;

  /** @param kinds the registry whose cage-trip kinds are watched (tests pass their own) */
  constructor(kinds: KindRegistry = DEVICE_KIND_REGISTRY) {
    this.kinds = cageTripKinds(kinds);
  }

  /**
   * A reading of a device; only readings of kinds whose work records are cage trips (the construction
   * elevator) are looked at.
   * @returns the trips it ended (none, one, or one per cage), left cage first
   */
  accept(projectId: string, sn: string, kind: string, values: Record<string, number>, tsMs: number): readonly WorkRecordDraft[] {
    if (!this.kinds.has(kind)) return NO_TRIPS; // every reading of every kind passes here: no allocation
    const out: WorkRecordDraft[] = [];
    for (const cage of ELEVATOR_CAGES) {
      const floor = values[`${cage}Floor`];
      const speed = values[`${cage}SpeedMps`];
      const door = values[`${cage}DoorOpen`];
      if (floor === undefined || speed === undefined || door === undefined) continue;
      const loadT = values[`${cage}LoadT`] ?? 0;
      const loadPct = values[`${cage}LoadPct`] ?? 0;
      const ended = this.acceptCage(`${projectId}\u0000${sn}\u0000${cage}`, floor, Math.abs(speed) >= TRIP_SPEED_MPS, door >= 0.5, loadT, loadPct, tsMs);
      if (ended) {
        out.push({
          projectId,
          sn,
          kind,
          startedAtMs: ended.startedAtMs,
          endedAtMs: tsMs,
          peakLoadT: ended.peakLoadT,
          peakMomentPct: ended.peakLoadPct,
          cage,
          startFloor: ended.startFloor,
          endFloor: floor,
        });
      }
    }
    return out;
  }

  /** One cage's reading. @returns the trip it ended, or null. */
  private acceptCage(key: string, floor: number, moving: boolean, doorOpen: boolean, loadT: number, loadPct: number, tsMs: number): OpenTrip | null {
    const s = this.cages.get(key);
    if (!s) {
      if (this.cages.size >= MAX_TRACKED_CAGES) return null;
      const trip = moving && !doorOpen ? { startedAtMs: tsMs, startFloor: floor, peakLoadT: loadT, peakLoadPct: loadPct } : null;
      this.cages.set(key, { restFloor: floor, lastTsMs: tsMs, lastLoadT: loadT, lastLoadPct: loadPct, trip });
      return null;
    }
    if (tsMs < s.lastTsMs) return null;
    let ended: OpenTrip | null = null;
    if (s.trip) {
      s.trip.peakLoadT = Math.max(s.trip.peakLoadT, loadT);
      s.trip.peakLoadPct = Math.max(s.trip.peakLoadPct, loadPct);
      if (doorOpen && !moving) {
        ended = s.trip;
        s.trip = null;
        s.restFloor = floor;
      }
    } else if (!doorOpen && (moving || floor !== s.restFloor)) {
      s.trip = { startedAtMs: tsMs, startFloor: s.restFloor, peakLoadT: loadT, peakLoadPct: loadPct };
    } else if (!moving && floor !== s.restFloor) {
      // door open at another floor: the whole trip fell between the last reading and this one
      ended = { startedAtMs: s.lastTsMs, startFloor: s.restFloor, peakLoadT: Math.max(s.lastLoadT, loadT), peakLoadPct: Math.max(s.lastLoadPct, loadPct) };
      s.restFloor = floor;
    } else if (!moving) {
      s.restFloor = floor;
    }
    s.lastTsMs = tsMs;
    s.lastLoadT = loadT;
    s.lastLoadPct = loadPct;
    return ended;
  }
}

/**
 * Stores a finished lift or elevator trip (table work_records, migrations 0009_fleet_work_records and
 * 0016_elevator_trips).
 */
export async function insertWorkRecord(db: Kysely<Database>, r: WorkRecordDraft): Promise<void> {
  await insertWorkRecords(db, [r]);
}

/** Stores finished lifts and trips in one multi-row INSERT (the demo backfill's batches); none is a no-op. */
export async function insertWorkRecords(db: Kysely<Database>, records: readonly WorkRecordDraft[]): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto('work_records')
    .values(
      records.map((r) => ({
        project_id: r.projectId,
        device_sn: r.sn,
        kind: r.kind,
        started_at_ms: r.startedAtMs,
        ended_at_ms: r.endedAtMs,
        duration_s: Math.max(0, (r.endedAtMs - r.startedAtMs) / 1000),
        peak_load_t: r.peakLoadT,
        peak_moment_pct: r.peakMomentPct,
        cage: r.cage ?? null,
        start_floor: r.startFloor ?? null,
        end_floor: r.endFloor ?? null,
      })),
    )
    .execute();
}
