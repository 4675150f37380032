import type { VehicleTelemetry, VehicleType } from '../../protocol';
import type { HeadingSite } from './people';
import { Rng } from './prng';
import { MINUTE_MS } from './siteClock';

/**
 * Construction vehicles of the demo (docs/domain.md "Vehicles in the tunnel"), moving with their heading's
 * drill-and-blast cycle (cycle.ts): the loader mucks at the face during mucking (shuttling a few metres
 * between the muck pile and the truck) and waits back from the face otherwise, beyond the blast clearance
 * while the round is charged, blasted and ventilated; two dump trucks shuttle portal ↔ face during mucking;
 * a shotcrete truck drives in for initial support and stands spraying near the face. Speeds are those of
 * tunnel haulage under a 10 km/h rule (7–9 km/h empty, 6–8.5 km/h loaded, the loader 6 km/h between its
 * places); about one loaded run in fifteen is driven at 12–13.5 km/h, so the over-speed alarm is seen now
 * and then. People step aside for a moving vehicle ({@link SiteTraffic.keepClear}), except on about one
 * run in ten, so the proximity alarm is seen too.
 *
 * Every position is a pure function of (seed, time), so the people model can ask where the vehicles are
 * whatever order the kinds are stepped in. A vehicle outside the tunnel (a truck dumping its muck, the
 * shotcrete truck between supports) publishes nothing.
 */

/** The kinds of demo vehicle the model drives. */
export type DemoVehicleRole = Extract<VehicleType, 'loader' | 'dumpTruck' | 'shotcreteTruck'>;

/** Where a vehicle is at an instant: chainage from the entry portal, whether it moves, whether people fail to keep clear of it. */
export interface VehiclePlace {
  x: number;
  moving: boolean;
  lapse: boolean;
}

/** People keep this far from a moving vehicle when they step aside, m (beyond the 7 m the proximity alarm clears at). */
const STEP_ASIDE_M = 8;
/** Loader transit between its places, m/s (6 km/h). */
const LOADER_MPS = 6 / 3.6;
/** Where the loader waits, metres back from the face, by stage (beyond the 200 m blast clearance while charged, blasted, ventilated). */
const LOADER_WAIT_D: Record<string, number> = { charging: 250, blasting: 250, ventilation: 250, scaling: 80, support: 120, drilling: 120, idle: 120 };
/** A truck is loaded this close to the face, m. */
const LOADING_D = 14;
const LOADING_MS = 3 * MINUTE_MS;
const DUMPING_MS = 2 * MINUTE_MS;
/** The shotcrete truck sprays this far back from the face, m. */
const SPRAY_D = 10;

interface Registered {
  role: DemoVehicleRole;
  tunnelId: string;
  ordinal: number;
  site: HeadingSite;
}

/** The demo's vehicles, where they are at any instant. */
export class SiteTraffic {
  private readonly vehicles: Registered[] = [];

  constructor(private readonly seed: number) {}

  /** Adds a vehicle of `role` to heading `site` of bore `tunnelId` (the `ordinal`-th of its role there). @returns its index for {@link placeAt}. */
  add(role: DemoVehicleRole, tunnelId: string, site: HeadingSite, ordinal: number): number {
    this.vehicles.push({ role, tunnelId, ordinal, site });
    return this.vehicles.length - 1;
  }

  /** Where vehicle `index` is at `tMs`, or null while it is outside the tunnel. */
  placeAt(index: number, tMs: number): VehiclePlace | null {
    const v = this.vehicles[index];
    if (v.role === 'loader') return this.loaderAt(v, tMs);
    if (v.role === 'dumpTruck') return this.truckAt(v, tMs);
    return this.shotcreteAt(v, tMs);
  }

  /**
   * A person at chainage `x` of bore `tunnelId` at `tMs`, having stepped aside: moved to STEP_ASIDE_M from
   * any moving vehicle closer than that (on the side they were), unless it is a run people fail to keep clear of.
   */
  keepClear(tunnelId: string, x: number, tMs: number, tunnelLengthM: number): number {
    let out = x;
    for (let i = 0; i < this.vehicles.length; i++) {
      if (this.vehicles[i].tunnelId !== tunnelId) continue;
      const p = this.placeAt(i, tMs);
      if (!p || !p.moving || p.lapse || Math.abs(out - p.x) >= STEP_ASIDE_M) continue;
      const aside = out >= p.x ? p.x + STEP_ASIDE_M : p.x - STEP_ASIDE_M;
      out = aside < 0 || aside > tunnelLengthM ? (out >= p.x ? p.x - STEP_ASIDE_M : p.x + STEP_ASIDE_M) : aside;
    }
    return out;
  }

  private loaderAt(v: Registered, tMs: number): VehiclePlace {
    const { site } = v;
    const iv = site.cycle.intervalAt(tMs);
    const target = iv.stage === 'mucking' ? 6 : (LOADER_WAIT_D[iv.stage] ?? 120);
    const prev = site.cycle.intervalAt(iv.startMs - 1);
    const from = prev.stage === 'mucking' ? 6 : (LOADER_WAIT_D[prev.stage] ?? 120);
    const transitMs = (Math.abs(target - from) / LOADER_MPS) * 1000;
    const since = tMs - iv.startMs;
    let d: number;
    let moving: boolean;
    if (since < transitMs) {
      d = from + ((target - from) * since) / transitMs;
      moving = true;
    } else if (iv.stage === 'mucking') {
      // between the muck pile and the truck: 2–10 m from the face, a minute a round trip
      d = 6 + 4 * Math.sin((2 * Math.PI * (since - transitMs)) / MINUTE_MS);
      moving = true;
    } else {
      d = target;
      moving = false;
    }
    const lapse = iv.stage === 'mucking' && Rng.derive(this.seed, `loader:${site.heading.headingId}:${iv.cycleIndex}`).chance(0.1);
    return { x: xOf(site, iv.faceM, d), moving, lapse };
  }

  private truckAt(v: Registered, tMs: number): VehiclePlace | null {
    const { site } = v;
    const iv = site.cycle.intervalAt(tMs);
    if (iv.stage !== 'mucking') return null;
    const depth = depthOf(site, iv.faceM);
    const legM = Math.max(0, depth - LOADING_D);
    let start = iv.startMs + v.ordinal * 6 * MINUTE_MS;
    for (let trip = 0; trip < 20; trip++) {
      const r = Rng.derive(this.seed, `truck:${site.heading.headingId}:${v.ordinal}:${iv.cycleIndex}:${trip}`);
      const inMps = r.uniform(7, 9) / 3.6;
      const overSpeed = r.chance(1 / 15);
      const outMps = (overSpeed ? r.uniform(12, 13.5) : r.uniform(6, 8.5)) / 3.6;
      const lapse = r.chance(0.1);
      const inMs = (legM / inMps) * 1000;
      const outMs = (legM / outMps) * 1000;
      const end = start + inMs + LOADING_MS + outMs;
      if (end > iv.endMs) return null; // no run that would outlast the mucking
      if (tMs < start) return null; // dumping, or waiting for its first run, outside
      if (tMs < start + inMs) return { x: xOf(site, iv.faceM, depth - ((tMs - start) / inMs) * legM), moving: true, lapse };
      if (tMs < start + inMs + LOADING_MS) return { x: xOf(site, iv.faceM, LOADING_D), moving: false, lapse };
      if (tMs < end) return { x: xOf(site, iv.faceM, LOADING_D + ((tMs - start - inMs - LOADING_MS) / outMs) * legM), moving: true, lapse };
      start = end + DUMPING_MS;
    }
    return null;
  }

  private shotcreteAt(v: Registered, tMs: number): VehiclePlace | null {
    const { site } = v;
    const iv = site.cycle.intervalAt(tMs);
    if (iv.stage !== 'support') return null;
    const depth = depthOf(site, iv.faceM);
    const legM = Math.max(0, depth - SPRAY_D);
    const r = Rng.derive(this.seed, `shotcrete:${site.heading.headingId}:${iv.cycleIndex}`);
    const legMs = (legM / (r.uniform(6, 8) / 3.6)) * 1000;
    const lapse = r.chance(0.1);
    if (iv.endMs - iv.startMs < 2 * legMs + 10 * MINUTE_MS) return null; // too short a support to drive in for
    const since = tMs - iv.startMs;
    if (since < legMs) return { x: xOf(site, iv.faceM, depth - (since / legMs) * legM), moving: true, lapse };
    const until = iv.endMs - tMs;
    if (until < legMs) return { x: xOf(site, iv.faceM, SPRAY_D + ((legMs - until) / legMs) * legM), moving: true, lapse };
    return { x: xOf(site, iv.faceM, SPRAY_D), moving: false, lapse };
  }
}

/** Distance from the heading's portal to its face, m. */
function depthOf(site: HeadingSite, faceM: number): number {
  return site.heading.portal === 'entry' ? faceM : site.tunnelLengthM - faceM;
}

/** Chainage from the entry portal of a point `d` metres back from the face towards the heading's portal. */
function xOf(site: HeadingSite, faceM: number, d: number): number {
  const depth = depthOf(site, faceM);
  const back = Math.min(Math.max(d, 0), depth);
  return site.heading.portal === 'entry' ? faceM - back : faceM + back;
}

/** A vehicle tag's message at `tsMs` from its place: ±0.3 m positioning noise, battery draining slowly. */
export function vehicleMessage(tunnelId: string, place: VehiclePlace, tsMs: number, rng: Rng, battery: number): VehicleTelemetry {
  return { ts: tsMs, tunnelId, chainageM: Math.round((place.x + rng.normal(0, 0.3)) * 100) / 100, battery: Math.round(battery) };
}
