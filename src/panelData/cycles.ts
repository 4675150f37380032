import { useEffect, useState } from 'react';
import { CYCLES, type CycleAnalysis, type CycleState, type CycleTimeline } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import type { RootStore } from '../stores';
import { useClockInstant, usePanelData } from './context';

/**
 * Drill-and-blast cycles from the board's data source (docs/api.md "Drill-and-blast cycles"): each
 * heading's stage, the averages and the stage timeline, as of the board clock (now live, the replay
 * instant in replay), so the process panels and the tunnel screen's stage widget work in replay too.
 */
export interface CycleSource {
  /** `atMs` null: the server's now (live). */
  state(projectId: string, atMs: number | null): Promise<CycleState>;
  analysis(projectId: string, atMs: number | null, headingId?: string): Promise<CycleAnalysis>;
  timeline(projectId: string, fromMs: number, toMs: number, headingId?: string): Promise<CycleTimeline>;
}

/** The cycle routes through the root store's request (errors are the panel's to show, no toast). */
export function cycleSourceOf(root: RootStore): CycleSource {
  const quiet = { skipErrorHandler: true };
  return {
    state: (projectId, atMs) => root.request(CYCLES.state, atMs === null ? { projectId } : { projectId, atMs }, quiet),
    analysis: (projectId, atMs, headingId) => root.request(CYCLES.analysis, { projectId, ...(atMs === null ? {} : { atMs }), ...(headingId ? { headingId } : {}) }, quiet),
    timeline: (projectId, fromMs, toMs, headingId) => root.request(CYCLES.timeline, { projectId, fromMs, toMs, ...(headingId ? { headingId } : {}) }, quiet),
  };
}

/** The stage state is asked again this often live (a stage lasts tens of minutes; the countdown ticks locally). */
export const CYCLE_STATE_REFRESH_MS = 30_000;
/** The averages are asked again this often live. */
export const CYCLE_ANALYSIS_REFRESH_MS = 5 * 60_000;

/**
 * Asks `load` as of the board clock: live on mount and every `liveEveryMs`; in replay again whenever the
 * instant moves to another `replayEveryMs` step. `data` null until the first answer; `failed` when the
 * last request failed (the panel says so; a wall screen shows no toasts).
 */
function useAsOfClock<T>(load: (source: CycleSource, projectId: string, atMs: number | null) => Promise<T>, liveEveryMs: number, replayEveryMs: number, deps: readonly unknown[]): { data: T | null; failed: boolean; atMs: number } {
  const source = usePanelData();
  const projectId = useProjectId();
  const instant = useClockInstant(1_000);
  const replay = source.mode === 'replay';
  const key = Math.floor(instant / (replay ? replayEveryMs : liveEveryMs));
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    if (!projectId) return;
    if (!source.cycles) {
      setState({ data: null, failed: true });
      return;
    }
    let cancelled = false;
    load(source.cycles, projectId, replay ? key * replayEveryMs : null)
      .then((data) => !cancelled && setState({ data, failed: false }))
      .catch(() => !cancelled && setState((s) => ({ data: s.data, failed: true })));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, projectId, replay, key, ...deps]);
  return { ...state, atMs: instant };
}

/** Every heading's stage as of the board clock (cycles/state); `atMs` is the clock instant, for elapsed and countdown. */
export function useCycleState(): { state: CycleState | null; failed: boolean; atMs: number } {
  const { data, failed, atMs } = useAsOfClock((s, p, at) => s.state(p, at), CYCLE_STATE_REFRESH_MS, 60_000, []);
  return { state: data, failed, atMs };
}

/** Averages, efficiency and the stage trend as of the board clock (cycles/analysis), of one heading when given; a new `refresh` asks again (after a preset edit). */
export function useCycleAnalysis(headingId?: string, refresh = 0): { analysis: CycleAnalysis | null; failed: boolean } {
  const { data, failed } = useAsOfClock((s, p, at) => s.analysis(p, at, headingId), CYCLE_ANALYSIS_REFRESH_MS, 3_600_000, [headingId, refresh]);
  return { analysis: data, failed };
}

/** The stage spans of the `hours` before the board clock (cycles/timeline): the replayed stage timeline. */
export function useCycleTimeline(hours: number, headingId?: string): { timeline: CycleTimeline | null; failed: boolean; fromMs: number; toMs: number } {
  const { data, failed, atMs } = useAsOfClock(
    (s, p, at) => {
      const to = at ?? Date.now();
      return s.timeline(p, to - hours * 3_600_000, to, headingId);
    },
    60_000,
    60_000,
    [hours, headingId],
  );
  return { timeline: data, failed, fromMs: atMs - hours * 3_600_000, toMs: atMs };
}
