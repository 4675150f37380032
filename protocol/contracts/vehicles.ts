import { z } from 'zod';
import { VEHICLE_SOURCES, VEHICLE_TYPES } from '../kinds/vehicle';
import { vehicleStateBody, type VehicleState } from '../vehicles';
import { defineContract, shapesAgree, type SameShape } from './define';

/** vehicles/state data (protocol/vehicles.ts VehicleState). */
export const vehicleStateSchema = z.object({
  atMs: z.number(),
  vehicles: z.array(
    z.object({
      sn: z.string(),
      name: z.string(),
      plate: z.string(),
      type: z.enum(VEHICLE_TYPES),
      driver: z.string(),
      source: z.enum(VEHICLE_SOURCES),
      tunnelId: z.string().nullable(),
      chainageM: z.number().nullable(),
      speedKmh: z.number().nullable(),
      moving: z.boolean(),
      present: z.boolean(),
      lastSeenMs: z.number().nullable(),
    }),
  ),
});

shapesAgree<[SameShape<z.output<typeof vehicleStateSchema>, VehicleState>]>();

/** Construction vehicles in the tunnel (docs/api.md "Vehicles"). */
export const VEHICLES = {
  state: defineContract({ tag: 'vehicles', path: '/zhgd/vehicles/state', body: vehicleStateBody, response: vehicleStateSchema, permission: 'project.read', summary: "The project's vehicles with their bore, chainage and speed now" }),
} as const;
