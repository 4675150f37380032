import { PEOPLE, type ZonePortalCounts } from '../../protocol';
import type { RootStore } from '../stores';
import { useServerAsOfClock } from './attendance';

/**
 * Portal counts from the board's data source (docs/api.md "zone/portalCounts"): per portal zone the people in
 * and out from 00:00 Beijing time and the latest crossings, now (live) or as of the replay instant.
 */
export interface PortalSource {
  /** `atMs` null: now (the live rules' counts). `crossings`: latest crossings per portal zone (0–10). Rejects when the server cannot answer. */
  counts(projectId: string, atMs: number | null, crossings: number): Promise<ZonePortalCounts>;
}

/** zone/portalCounts through the root store's request (errors are the panel's to show, no toast). */
export function portalSourceOf(root: RootStore): PortalSource {
  return {
    counts: (projectId, atMs, crossings) => root.request(PEOPLE.zonePortalCounts, atMs === null ? { projectId, crossings } : { projectId, at: atMs, crossings }, { skipErrorHandler: true }),
  };
}

/** The portal counts are asked again this often live (ms): a crossing shows on the board within this time. */
export const PORTAL_COUNTS_REFRESH_MS = 10_000;

/**
 * The portal counts as of the board clock: live every PORTAL_COUNTS_REFRESH_MS, in replay as of the replayed
 * minute (asked again when the instant moves to another minute, by seek or play). `crossings`: how many of
 * the latest crossings per portal (0–10); a change asks again. `failed` also when the source has none.
 */
export function usePortalCounts(crossings: number): { counts: ZonePortalCounts | null; failed: boolean } {
  const { data, failed } = useServerAsOfClock((s) => s.portals, (s, projectId, atMs) => s.counts(projectId, atMs, crossings), PORTAL_COUNTS_REFRESH_MS, crossings);
  return { counts: data, failed };
}
