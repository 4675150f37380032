import { z } from 'zod';
import type { VehicleSource, VehicleType } from './kinds/vehicle';

/**
 * Construction vehicles in the tunnel (docs/domain.md "Vehicles in the tunnel", docs/api.md "Vehicles"):
 * the body and answer of vehicles/state (protocol/contracts/vehicles.ts).
 */

/** A vehicle whose tag reported within this long is in the tunnel (drawn, counted), ms. */
export const VEHICLE_PRESENT_MS = 60_000;

/** vehicles/state: every registered vehicle of the project with where it is now. */
export const vehicleStateBody = z.strictObject({ projectId: z.string().min(1).max(64) });

/** One vehicle: its registry fields and, once its tag reported, its place and speed. */
export interface VehicleInfo {
  sn: string;
  name: string;
  plate: string;
  type: VehicleType;
  driver: string;
  source: VehicleSource;
  /** Bore of its last fix, null before the first. */
  tunnelId: string | null;
  /** Metres from the bore's entry portal at its last fix, null before the first. */
  chainageM: number | null;
  /** Fitted speed at its last fix, km/h (docs/domain.md), null before the first. */
  speedKmh: number | null;
  moving: boolean;
  /** Its tag reported within VEHICLE_PRESENT_MS: in the tunnel, drawn and counted. */
  present: boolean;
  /** Receive time of its last fix, ms, null before the first. */
  lastSeenMs: number | null;
}

/** vehicles/state answer: the vehicles by plate, as of `atMs` (the server's now). */
export interface VehicleState {
  atMs: number;
  vehicles: VehicleInfo[];
}
