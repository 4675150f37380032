import type { FastifyInstance } from 'fastify';
import { VEHICLE_PRESENT_MS, VEHICLES, type VehicleFields, type VehicleInfo } from '../../../protocol';
import { vehicleRows } from '../../storage';
import { fromJson } from '../../storage/mappers';
import { route, type HttpDeps } from '../context';

/**
 * Construction vehicles (docs/api.md "Vehicles"): every registered vehicle with its registry fields and,
 * from the live vehicle tracker (server/vehicles), its bore, chainage, speed and last fix; by plate.
 */
export function registerVehicleRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, VEHICLES.state, async ({ body }) => {
    const nowMs = Date.now();
    const live = new Map(deps.live().vehicles(body.projectId).map((v) => [v.sn, v]));
    const vehicles: VehicleInfo[] = [];
    for (const r of await vehicleRows(deps.db, body.projectId)) {
      const fields = fromJson<VehicleFields | null>(r.vehicle);
      const v = live.get(r.sn);
      vehicles.push({
        sn: r.sn,
        name: r.name,
        plate: fields?.plate ?? r.sn,
        type: fields?.type ?? 'other',
        driver: fields?.driver ?? '',
        source: fields?.source ?? 'own',
        tunnelId: v?.tunnelId ?? null,
        chainageM: v?.chainageM ?? null,
        speedKmh: v?.speedKmh ?? null,
        moving: v?.moving ?? false,
        present: v !== undefined && nowMs - v.lastSeenMs <= VEHICLE_PRESENT_MS,
        lastSeenMs: v?.lastSeenMs ?? null,
      });
    }
    vehicles.sort((a, b) => a.plate.localeCompare(b.plate));
    return { atMs: nowMs, vehicles };
  });
}
