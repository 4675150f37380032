import { useRef } from 'react';
import { VIDEO, type StreamQuality, type VideoCamera, type VideoOpen } from '../../protocol';
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
 * after its last viewer. In replay there is no live video (history video is not recorded).
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
