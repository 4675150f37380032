import { HOME, type HomeStatistics, type HomeSummary } from '../../protocol';
import type { RootStore } from '../stores';
import { useServerAsOfClock } from './attendance';

/**
 * The project home's figures from the board's data source (docs/api.md "Project home"): home/summary
 * (details, profile, safe days, alarms today and over 7 days, latest events) and home/statistics (machinery
 * by state, attendance today), as of the board clock (the server answers machinery and a beacon count as of
 * now only: null in replay).
 */
export interface HomeSource {
  /** `atMs` null: the server's now (live). */
  summary(projectId: string, atMs: number | null): Promise<HomeSummary>;
  statistics(projectId: string, atMs: number | null): Promise<HomeStatistics>;
}

/** The home routes through the root store's request (errors are the panel's to show, no toast). */
export function homeSourceOf(root: RootStore): HomeSource {
  const quiet = { skipErrorHandler: true };
  const body = (projectId: string, atMs: number | null) => (atMs === null ? { projectId } : { projectId, atMs });
  return {
    summary: (projectId, atMs) => root.request(HOME.summary, body(projectId, atMs), quiet),
    statistics: (projectId, atMs) => root.request(HOME.statistics, body(projectId, atMs), quiet),
  };
}

/** The home's figures are asked again this often live (alarms and events change during the day, machines by the minute). */
export const HOME_REFRESH_MS = 60_000;

/** home/summary as of the board clock: null until the first answer. */
export function useHomeSummary(): { summary: HomeSummary | null; failed: boolean } {
  const { data, failed } = useServerAsOfClock((s) => s.home, (h, p, at) => h.summary(p, at), HOME_REFRESH_MS);
  return { summary: data, failed };
}

/** home/statistics as of the board clock: null until the first answer. */
export function useHomeStatistics(): { statistics: HomeStatistics | null; failed: boolean } {
  const { data, failed } = useServerAsOfClock((s) => s.home, (h, p, at) => h.statistics(p, at), HOME_REFRESH_MS);
  return { statistics: data, failed };
}
