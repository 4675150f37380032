import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatChainage, type TunnelInfo, type VehicleInfo, type VehicleSource, type VehicleType } from '../../../protocol';

/** Display names of vehicle types (protocol/kinds/vehicle.ts VEHICLE_TYPES). */
export const VEHICLE_TYPE_LABEL: Record<VehicleType, MessageDescriptor> = {
  loader: msg`Loader`,
  dumpTruck: msg`Dump truck`,
  shotcreteTruck: msg`Shotcrete truck`,
  excavator: msg`Excavator`,
  drillJumbo: msg`Drill jumbo`,
  concreteMixer: msg`Concrete mixer truck`,
  chargingTruck: msg`Charging vehicle`,
  other: msg`Other vehicle`,
};

/** Display names of vehicle sources (VEHICLE_SOURCES). */
export const VEHICLE_SOURCE_LABEL: Record<VehicleSource, MessageDescriptor> = {
  own: msg`Own`,
  leased: msg`Leased`,
  subcontractor: msg`Subcontractor`,
};

/** The colour vehicles are drawn in on the tunnel strip and the plan: amber, apart from the people's dots. */
export const VEHICLE_COLOR = '#f59e0b';

/** A vehicle's chainage as on the strip's axis (K12+345), or '–' before its first fix. */
export function vehicleChainage(v: Pick<VehicleInfo, 'tunnelId' | 'chainageM'>, tunnels: readonly TunnelInfo[]): string {
  if (v.chainageM === null) return '–';
  const bore = tunnels.find((t) => t.tunnelId === v.tunnelId);
  return formatChainage(Math.max(0, (bore?.startChainageM ?? 0) + v.chainageM));
}

/** The vehicles in the tunnel now (present) per bore id. */
export function vehiclesPerBore(vehicles: readonly VehicleInfo[]): Map<string, VehicleInfo[]> {
  const out = new Map<string, VehicleInfo[]>();
  for (const v of vehicles) {
    if (!v.present || v.tunnelId === null) continue;
    const list = out.get(v.tunnelId) ?? [];
    list.push(v);
    out.set(v.tunnelId, list);
  }
  return out;
}
