import { useEffect, useState } from 'react';
import type { EquipmentFleet } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import { useClockInstant, usePanelData } from './context';

/** How often the live fleet summary is asked again (utilisation moves slowly; drivers change per shift). */
export const FLEET_REFRESH_MS = 60_000;

/**
 * The fleet summary of the board's project (the tab's scoped project) from the board's data source (live or
 * replay; equipment/fleet, docs/api.md "Equipment"): every piece of lifting
 * equipment with the driver on duty and its utilisation in the Beijing day, as of the board clock. Live:
 * asked on mount and every FLEET_REFRESH_MS; replay: as of the replay instant, asked again when it moves
 * to another minute. `summary` null until the first answer; `failed` true when the last request failed
 * (the panel says so; a wall screen shows no toasts).
 */
export function useFleetSummary(): { summary: EquipmentFleet | null; failed: boolean } {
  const source = usePanelData();
  const projectId = useProjectId();
  const instant = useClockInstant(1_000);
  const replay = source.mode === 'replay';
  // Live: one key per refresh period; replay: one per minute of the replay instant.
  const key = replay ? Math.floor(instant / 60_000) : Math.floor(instant / FLEET_REFRESH_MS);
  const [state, setState] = useState<{ summary: EquipmentFleet | null; failed: boolean }>({ summary: null, failed: false });
  useEffect(() => {
    if (!projectId) return;
    let cancelled = false;
    source
      .fleet(projectId, replay ? key * 60_000 : Date.now())
      .then((summary) => !cancelled && setState({ summary, failed: false }))
      .catch(() => !cancelled && setState((s) => ({ summary: s.summary, failed: true })));
    return () => {
      cancelled = true;
    };
  }, [source, projectId, replay, key]);
  return state;
}
