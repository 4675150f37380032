import { VIDEO, type Envelope, type VideoOpen } from '../../protocol';
import type { RunningServer } from '../../server/app';
import type { ApiClient } from './apiClient';
import { eventually } from './eventually';

/** GET of a stream file with a client's session cookie (none for an anonymous request). */
export async function getFile(server: RunningServer, client: ApiClient | null, url: string): Promise<Response> {
  return fetch(server.url + url, { headers: client?.cookie ? { cookie: client.cookie } : {} });
}

/** The path and query of a playlist's file reference, resolved against the playlist's own path. */
export function besidePlaylist(playlistPath: string, ref: string): string {
  const u = new URL(ref, `http://server${playlistPath}`);
  return u.pathname + u.search;
}

/** The data of a successful answer. @throws with the error when the server refused. */
export function dataOf<T>(r: { body: Envelope<T> }): T {
  if (!r.body.success || r.body.data === null) throw new Error(`refused: ${r.body.errorCode} ${r.body.errorMessage}`);
  return r.body.data;
}

/** video/open of camera `sn` of `projectId` (main stream) until the stream is in `state`; its answer. */
export async function openUntil(client: ApiClient, projectId: string, sn: string, state: VideoOpen['state'], timeoutMs = 30_000): Promise<VideoOpen> {
  return eventually(
    async () => {
      const r = await client.post<VideoOpen>(VIDEO.open.path, { projectId, sn, quality: 'main' });
      return r.body.success && r.body.data?.state === state ? r.body.data : null;
    },
    timeoutMs,
    `${sn} ${state}`,
    250,
  );
}

/**
 * video/open of camera `sn` of `projectId` until the answer names the codec (read from ffmpeg's log, which
 * may come a moment after the stream went live); that answer.
 */
export async function openWithCodec(client: ApiClient, projectId: string, sn: string, timeoutMs = 10_000): Promise<VideoOpen> {
  return eventually(
    async () => {
      const open = dataOf(await client.post<VideoOpen>(VIDEO.open.path, { projectId, sn }));
      return open.codec !== null ? open : null;
    },
    timeoutMs,
    'the codec',
    250,
  );
}
