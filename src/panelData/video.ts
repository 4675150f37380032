import { useRef } from 'react';
import { VIDEO, type StreamQuality, type VideoCamera, type VideoHistory, type VideoOpen } from '../../protocol';
import { useProjectId } from '../app/shell/useProjectId';
import { useQuery } from '../stores';
import { usePanelData } from './context';

/** The camera list is asked again this often while shown (ms): streams' states and new cameras. */
export const VIDEO_CAMERAS_REFRESH_MS = 10_000;
/** A stream not live yet is asked again this often (ms): the tile shows it within this time of going live or offline. */
export const VIDEO_OPEN_WAIT_MS = 2_000;
/**
 * A live stream's lease is renewed this often (ms); the player's playlist and segment requests keep it
 * running too, this only tells the tile when the stream failed. Well under the server's 60 s idle time.
 */
export const VIDEO_OPEN_LIVE_MS = 10_000;

/** The cameras of the tab's project by area, with their streams' state (video/cameras); null until the first answer. */
export function useVideoCameras(): { cameras: VideoCamera[] | null; error: string | null } {
  const projectId = useProjectId();
  const q = useQuery(VIDEO.cameras, projectId ? { projectId } : null, { refreshMs: VIDEO_CAMERAS_REFRESH_MS });
  return { cameras: q.data, error: q.error };
}

/** What a video tile shows: the board is replaying (no live video), or the stream's lease answer and its refusal. */
export type CameraStream = { mode: 'replay' } | { mode: 'live'; open: VideoOpen | null; error: string | null };

/**
 * A viewer's lease on camera `sn`'s `quality` stream while `active` (a tile on screen, the page visible):
 * video/open now and every {@link VIDEO_OPEN_WAIT_MS} until live, then every {@link VIDEO_OPEN_LIVE_MS}; two
 * tiles of one stream share one lease. Inactive: nothing is asked, and the server stops the stream a minute
 * after its last viewer. In replay there is no live video: the tile plays the recording (useCameraHistory).
 */
export function useCameraStream(sn: string | null, quality: StreamQuality, active: boolean): CameraStream {
  const projectId = useProjectId();
  const replay = usePanelData().mode === 'replay';
  const body = !replay && active && projectId && sn ? { projectId, sn, quality } : null;
  // the refresh period follows the last answer: short while starting or offline, long once live
  const lastState = useRef<string | null>(null);
  const q = useQuery(VIDEO.open, body, { refreshMs: lastState.current === 'live' ? VIDEO_OPEN_LIVE_MS : VIDEO_OPEN_WAIT_MS, keepPrevious: false });
  lastState.current = q.data?.state ?? null;
  if (replay) return { mode: 'replay' };
  return { mode: 'live', open: q.data, error: q.error };
}

/** The recording of a replay is asked for a window of this length around the replayed instant (ms). */
export const HISTORY_WINDOW_MS = 2 * 3_600_000;
/** The window moves in steps of this (ms), so a replay playing or seeking nearby keeps its playlist. */
export const HISTORY_STEP_MS = 30 * 60_000;

/** The window of recording asked around instant `atMs`: from an hour before its half-hour step to an hour after the step's end. */
export function historyWindow(atMs: number): { fromMs: number; toMs: number } {
  const step = Math.floor(atMs / HISTORY_STEP_MS) * HISTORY_STEP_MS;
  const fromMs = step - (HISTORY_WINDOW_MS - HISTORY_STEP_MS) / 2;
  return { fromMs, toMs: fromMs + HISTORY_WINDOW_MS };
}

/**
 * Camera `sn`'s recording around instant `atMs` (video/history over {@link historyWindow}) while `active`:
 * its VOD playlist and recorded spans, or the refusal (NO_RECORD when nothing is kept then).
 */
export function useCameraHistory(sn: string | null, atMs: number, active: boolean): { history: VideoHistory | null; error: string | null; loading: boolean } {
  const projectId = useProjectId();
  const { fromMs, toMs } = historyWindow(atMs);
  const q = useQuery(VIDEO.history, active && projectId && sn ? { projectId, sn, fromMs, toMs } : null, { keepPrevious: false });
  return { history: q.data, error: q.error, loading: q.loading };
}
