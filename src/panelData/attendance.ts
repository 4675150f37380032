import { useEffect, useState } from 'react';
import { ATTENDANCE, type AttendanceLive, type CompanyAttendance } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import type { RootStore } from '../stores';
import { useClockInstant, usePanelData } from './context';
import type { PanelDataSource } from './types';

/**
 * Labour attendance from the board's data source (docs/api.md "Labour attendance"): the live labour count
 * (gates and beacons, discrepancies) and the cooperating companies' attendance, as of the board clock (now
 * live; the replay instant in replay, where the server gives the gates' figures of then and no beacons).
 */
export interface AttendanceSource {
  /** `atMs` null: the server's now (live). */
  live(projectId: string, atMs: number | null): Promise<AttendanceLive>;
  companies(projectId: string, atMs: number | null): Promise<CompanyAttendance[]>;
}

/** The attendance routes through the root store's request (errors are the panel's to show, no toast). */
export function attendanceSourceOf(root: RootStore): AttendanceSource {
  const quiet = { skipErrorHandler: true };
  const body = (projectId: string, atMs: number | null) => (atMs === null ? { projectId } : { projectId, atMs });
  return {
    live: (projectId, atMs) => root.request(ATTENDANCE.live, body(projectId, atMs), quiet),
    companies: (projectId, atMs) => root.request(ATTENDANCE.companies, body(projectId, atMs), quiet),
  };
}

/** Live attendance is asked again this often (people pass the gates in surges at shift change). */
export const ATTENDANCE_REFRESH_MS = 15_000;

/**
 * A server answer of the board's project as of the board clock, through a part of the data source (`pick`):
 * live, asked on mount and every `refreshMs`; replay, as of the replay instant, asked again when it moves to
 * another minute (or `asking` changes). `data` null until the first answer (kept on a failed reload); `failed` when the last
 * request failed or the source has no such part.
 */
export function useServerAsOfClock<S, T>(
  pick: (source: PanelDataSource) => S | undefined,
  load: (s: S, projectId: string, atMs: number | null) => Promise<T>,
  refreshMs: number,
  /** A value of the question besides the instant (a panel's setting): a change asks again. */
  asking: string | number | null = null,
): { data: T | null; failed: boolean } {
  const source = usePanelData();
  const projectId = useProjectId();
  const replay = source.mode === 'replay';
  const instant = useClockInstant(replay ? 1_000 : refreshMs);
  // live: once per refresh period; replay: once per replayed minute
  const key = Math.floor(instant / (replay ? 60_000 : refreshMs));
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    if (!projectId) return;
    const part = pick(source);
    if (!part) {
      setState({ data: null, failed: true });
      return;
    }
    let cancelled = false;
    load(part, projectId, replay ? key * 60_000 : null)
      .then((data) => !cancelled && setState({ data, failed: false }))
      .catch(() => !cancelled && setState((s) => ({ data: s.data, failed: true })));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, projectId, replay, key, asking]);
  return state;
}

function useAttendanceAsOfClock<T>(load: (s: AttendanceSource, projectId: string, atMs: number | null) => Promise<T>): { data: T | null; failed: boolean } {
  return useServerAsOfClock((source) => source.attendance, load, ATTENDANCE_REFRESH_MS);
}

/** The live labour count as of the board clock (attendance/live): null until the first answer. */
export function useLabourCount(): { live: AttendanceLive | null; failed: boolean } {
  const { data, failed } = useAttendanceAsOfClock((s, p, at) => s.live(p, at));
  return { live: data, failed };
}

/** The cooperating companies' attendance as of the board clock (attendance/companies): null until the first answer. */
export function useCompanyAttendance(): { companies: CompanyAttendance[] | null; failed: boolean } {
  const { data, failed } = useAttendanceAsOfClock((s, p, at) => s.companies(p, at));
  return { companies: data, failed };
}
