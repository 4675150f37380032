import { useEffect, useState } from 'react';
import { ENVIRONMENT, HISTORY, type EnvironmentDaily, type SeriesResponse, type SprayState } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import type { RootStore } from '../stores';
import { useClockInstant, usePanelData } from './context';

/**
 * Site environment from the board's data source (docs/api.md "Environment"): the daily means and noise by
 * day and night (environment/daily), a monitor's air-quality history (telemetry/series, hour rollups beyond
 * the raw retention), and the fog cannons' state (environment/spray/list, live only: the server keeps no
 * history of it).
 */
export interface EnvironmentSource {
  /** The last `days` Beijing days up to `atMs` (null: the server's now). */
  daily(projectId: string, days: number, atMs: number | null): Promise<EnvironmentDaily>;
  /** `metrics` of monitor `sn` over [fromMs, toMs], at most about 4 points per pixel column of `widthPx`. */
  trend(projectId: string, sn: string, metrics: readonly string[], fromMs: number, toMs: number, widthPx: number): Promise<SeriesResponse>;
  /** The fog cannons now; absent in replay. */
  spray?(projectId: string): Promise<SprayState[]>;
}

/** The environment routes through the root store's request (errors are the panel's to show, no toast); `live` adds the spray list. */
export function environmentSourceOf(root: RootStore, live: boolean): EnvironmentSource {
  const quiet = { skipErrorHandler: true };
  return {
    daily: (projectId, days, atMs) => root.request(ENVIRONMENT.daily, atMs === null ? { projectId, days } : { projectId, days, atMs }, quiet),
    trend: (projectId, sn, metrics, fromMs, toMs, widthPx) => root.request(HISTORY.series, { projectId, sns: [sn], metrics: [...metrics], fromMs, toMs, widthPx }, quiet),
    ...(live ? { spray: (projectId: string) => root.request(ENVIRONMENT.sprayList, { projectId }, quiet) } : {}),
  };
}

/** The daily figures are asked again this often live (hour rollups move once an hour, the current day's mean with them). */
export const ENVIRONMENT_DAILY_REFRESH_MS = 5 * 60_000;
/** A trend is asked again this often live (monitors report once a minute). */
export const ENVIRONMENT_TREND_REFRESH_MS = 60_000;
/** The fog cannons are asked again this often (a command's acknowledgement shows within seconds). */
export const SPRAY_REFRESH_MS = 5_000;

/** What a loading hook gives: the last answer (kept while the next loads), and whether the last load failed. */
export interface Loaded<T> {
  data: T | null;
  failed: boolean;
}

/**
 * Loads `load(source, projectId, atMs)` as of the board clock: live every `refreshMs` with `atMs` null,
 * in replay once per replayed `replayStepMs` with that instant. `deps` reloads at once.
 */
function useEnvironmentAsOfClock<T>(
  load: ((s: EnvironmentSource, projectId: string, atMs: number) => Promise<T>) | null,
  refreshMs: number,
  replayStepMs: number,
  deps: readonly unknown[],
): Loaded<T> & { atMs: number } {
  const source = usePanelData();
  const projectId = useProjectId();
  const replay = source.mode === 'replay';
  const instant = useClockInstant(replay ? 1_000 : refreshMs);
  const step = replay ? replayStepMs : refreshMs;
  const key = Math.floor(instant / step);
  const [state, setState] = useState<Loaded<T> & { atMs: number }>({ data: null, failed: false, atMs: instant });
  useEffect(() => {
    if (!projectId || !load) return;
    if (!source.siteEnvironment) {
      setState({ data: null, failed: true, atMs: instant });
      return;
    }
    let cancelled = false;
    const atMs = replay ? key * step : Date.now();
    load(source.siteEnvironment, projectId, atMs)
      .then((data) => !cancelled && setState({ data, failed: false, atMs }))
      .catch(() => !cancelled && setState((s) => ({ ...s, failed: true })));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, projectId, replay, key, ...deps]);
  return state;
}

/**
 * The daily means, compliant days and noise by day and night of the last `days` Beijing days as of the
 * board clock (environment/daily; in replay as of the replayed hour): null until the first answer.
 */
export function useEnvironmentDaily(days: number): Loaded<EnvironmentDaily> {
  const replay = usePanelData().mode === 'replay';
  const { data, failed } = useEnvironmentAsOfClock((s, p, atMs) => s.daily(p, days, replay ? atMs : null), ENVIRONMENT_DAILY_REFRESH_MS, 3_600_000, [days]);
  return { data, failed };
}

/** A monitor's trend request: its sn (null: nothing to load), the metrics, the span back from the clock (ms) and the chart's pixel width. */
export interface TrendRequest {
  sn: string | null;
  metrics: readonly string[];
  spanMs: number;
  widthPx: number;
}

/**
 * `req.metrics` of one monitor over the `req.spanMs` up to the board clock (telemetry/series: raw readings
 * within the raw retention, hour rollups beyond), asked again every minute live and per replayed minute
 * in replay; `toMs` is the instant it was asked as of. Null until the first answer.
 */
export function useEnvironmentTrend(req: TrendRequest): Loaded<SeriesResponse> & { toMs: number } {
  const width = Math.max(1, Math.min(4000, Math.round(req.widthPx / 50) * 50));
  const metricsKey = req.metrics.join(',');
  const { data, failed, atMs } = useEnvironmentAsOfClock(
    req.sn === null ? null : (s, p, at) => s.trend(p, req.sn!, req.metrics, at - req.spanMs, at, width),
    ENVIRONMENT_TREND_REFRESH_MS,
    60_000,
    [req.sn, metricsKey, req.spanMs, width],
  );
  return { data, failed, toMs: data ? data.toMs : atMs };
}

/**
 * The fog cannons with their mode, state, linkage and last command (environment/spray/list), every
 * SPRAY_REFRESH_MS. `live` false in replay, where the server has no history of them (the panel says so).
 */
export function useSprayStates(): Loaded<SprayState[]> & { live: boolean } {
  const source = usePanelData();
  const live = source.mode === 'live' && !!source.siteEnvironment?.spray;
  const state = useEnvironmentAsOfClock(live ? (s, p) => s.spray!(p) : null, SPRAY_REFRESH_MS, SPRAY_REFRESH_MS, [live]);
  return { data: state.data, failed: state.failed, live };
}
