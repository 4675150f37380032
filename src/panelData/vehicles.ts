import { useEffect, useState } from 'react';
import { VEHICLES, type VehicleState } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import type { RootStore } from '../stores';
import { useClockInstant, usePanelData } from './context';

/**
 * Construction vehicles from the board's data source (docs/api.md "Vehicles"): every registered vehicle
 * with its bore, chainage, speed and last fix, for the tunnel strip, the vehicle panel and the plan view.
 */
export interface VehicleSource {
  /** The vehicles now. Rejects when the server cannot answer. */
  state(projectId: string): Promise<VehicleState>;
}

/** The vehicle route through the root store's request (errors are the panel's to show, no toast). */
export function vehicleSourceOf(root: RootStore): VehicleSource {
  return { state: (projectId) => root.request(VEHICLES.state, { projectId }, { skipErrorHandler: true }) };
}

/** The vehicles are asked again this often live (a truck at 8 km/h moves 4–5 m between answers). */
export const VEHICLE_REFRESH_MS = 2_000;

/**
 * The project's vehicles as of the board clock: live, asked on mount and every VEHICLE_REFRESH_MS.
 * `state` null until the first answer; `failed` when the last request failed; `unavailable` in replay,
 * where the source has no vehicle positions yet (the panels say vehicles are shown live only).
 */
export function useVehicles(): { state: VehicleState | null; failed: boolean; unavailable: boolean } {
  const source = usePanelData();
  const projectId = useProjectId();
  const instant = useClockInstant(1_000);
  const key = Math.floor(instant / VEHICLE_REFRESH_MS);
  const vehicles = source.mode === 'live' ? source.vehicles : undefined;
  const [state, setState] = useState<{ state: VehicleState | null; failed: boolean }>({ state: null, failed: false });
  useEffect(() => {
    if (!projectId || !vehicles) return;
    let cancelled = false;
    vehicles
      .state(projectId)
      .then((s) => !cancelled && setState({ state: s, failed: false }))
      .catch(() => !cancelled && setState((prev) => ({ state: prev.state, failed: true })));
    return () => {
      cancelled = true;
    };
  }, [vehicles, projectId, key]);
  return { ...state, unavailable: !vehicles };
}
