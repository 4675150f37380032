import { DEVICE_KIND_REGISTRY, PERSON_GAP_HORIZON_M, vehicleRole, type DeviceMessage, type VehicleTelemetry } from '../../protocol';
import { MOVING_KMH, SpeedEstimator } from './speed';

/**
 * Construction vehicles in the tunnel (docs/domain.md "Vehicles in the tunnel"): every vehicle tag's fix
 * gets its speed (speed.ts) and the distance to the nearest person in the same bore while it moves
 * (`personGapM`), written into the message before the rules judge it, so over-speed and proximity are
 * threshold alarms of the vehicle with the hysteresis, repeats and clearing of every threshold
 * (server/rules, limits per project as the kind's thresholds). People's fixes come from the kinds with a
 * `position` (personnel beacons) through the same ingest.
 *
 * Bounded: one entry per vehicle and per person tag that reported; people silent for
 * {@link PERSON_FRESH_MS} are not counted and are dropped by {@link sweep}, vehicles silent for
 * {@link VEHICLE_KEEP_MS} too.
 */

/** A person's fix older than this is not counted near a vehicle, ms (a tag reports every 1–5 s). */
export const PERSON_FRESH_MS = 30_000;
/** A vehicle silent this long is forgotten, ms (its registry entry stays; it reappears at its next fix). */
export const VEHICLE_KEEP_MS = 24 * 3_600_000;

/** Where a vehicle is and how it moves, as the tracker last saw it. */
export interface VehicleLive {
  sn: string;
  tunnelId: string;
  /** Metres from the bore's entry portal. */
  chainageM: number;
  /** Fitted speed, km/h (speed.ts). */
  speedKmh: number;
  moving: boolean;
  /** Nearest fresh person in the same bore while moving, m, capped at PERSON_GAP_HORIZON_M. */
  personGapM: number;
  /** Receive time of its last fix, ms. */
  lastSeenMs: number;
}

interface PersonFix {
  tunnelId: string;
  chainageM: number;
  atMs: number;
}

interface ProjectState {
  people: Map<string, PersonFix>;
  vehicles: Map<string, { estimator: SpeedEstimator; live: VehicleLive }>;
}

/** Per project: people's last fixes and each vehicle's speed and gap. */
export class VehicleTracker {
  private readonly projects = new Map<string, ProjectState>();

  /**
   * Takes an accepted message. A person tag's fix is remembered; a vehicle's fix gets `speedKmh` and
   * `personGapM` (replacing any the device sent). @returns the message to judge, store and push: the
   * vehicle's with the derived metrics, any other unchanged.
   */
  accept(projectId: string, sn: string, message: DeviceMessage, receivedAtMs: number): DeviceMessage {
    const descriptor = DEVICE_KIND_REGISTRY.get(message.kind);
    const position = descriptor?.position;
    if (position) {
      const m = message.msg as unknown as Record<string, unknown>;
      const tunnelId = m[position.tunnelIdField];
      const chainageM = m[position.chainageMField];
      if (typeof tunnelId === 'string' && typeof chainageM === 'number') this.project(projectId).people.set(sn, { tunnelId, chainageM, atMs: receivedAtMs });
      return message;
    }
    const role = vehicleRole(message.kind);
    if (!role) return message;
    const msg = message.msg as VehicleTelemetry;
    const { tunnelId, chainageM } = role.decode(msg);
    const state = this.project(projectId);
    let v = state.vehicles.get(sn);
    if (!v) {
      v = { estimator: new SpeedEstimator(), live: { sn, tunnelId, chainageM, speedKmh: 0, moving: false, personGapM: PERSON_GAP_HORIZON_M, lastSeenMs: receivedAtMs } };
      state.vehicles.set(sn, v);
    }
    const speedKmh = round1(v.estimator.accept({ tMs: msg.ts, tunnelId, chainageM }));
    const moving = speedKmh >= MOVING_KMH;
    const personGapM = moving ? round1(nearestPerson(state.people, tunnelId, chainageM, receivedAtMs)) : PERSON_GAP_HORIZON_M;
    v.live = { sn, tunnelId, chainageM, speedKmh, moving, personGapM, lastSeenMs: receivedAtMs };
    return { kind: message.kind, msg: { ...msg, speedKmh, personGapM } } as DeviceMessage;
  }

  /** The vehicles of `projectId` that reported, in no particular order. */
  vehicles(projectId: string): VehicleLive[] {
    return [...(this.projects.get(projectId)?.vehicles.values() ?? [])].map((v) => ({ ...v.live }));
  }

  /** Drops people silent for PERSON_FRESH_MS and vehicles silent for VEHICLE_KEEP_MS (call every few seconds). */
  sweep(nowMs: number): void {
    for (const [projectId, p] of this.projects) {
      for (const [sn, f] of p.people) if (nowMs - f.atMs > PERSON_FRESH_MS) p.people.delete(sn);
      for (const [sn, v] of p.vehicles) if (nowMs - v.live.lastSeenMs > VEHICLE_KEEP_MS) p.vehicles.delete(sn);
      if (p.people.size === 0 && p.vehicles.size === 0) this.projects.delete(projectId);
    }
  }

  private project(projectId: string): ProjectState {
    let p = this.projects.get(projectId);
    if (!p) {
      p = { people: new Map(), vehicles: new Map() };
      this.projects.set(projectId, p);
    }
    return p;
  }
}

/** Distance to the nearest person fixed within PERSON_FRESH_MS in bore `tunnelId`, m, capped at PERSON_GAP_HORIZON_M. */
export function nearestPerson(people: ReadonlyMap<string, PersonFix>, tunnelId: string, chainageM: number, nowMs: number): number {
  let best = PERSON_GAP_HORIZON_M;
  for (const p of people.values()) {
    if (p.tunnelId !== tunnelId || nowMs - p.atMs > PERSON_FRESH_MS) continue;
    const d = Math.abs(p.chainageM - chainageM);
    if (d < best) best = d;
  }
  return best;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
