import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, VIDEO, type CameraStreamRow, type SystemStatus, type VideoCamera } from '../../protocol';
import type { RunningServer } from '../../server/app';
import type { ApiClient } from '../helpers/apiClient';
import { eventually } from '../helpers/eventually';
import { ffmpegBinary } from '../helpers/ffmpeg';
import { startRtspCamera, type RtspCamera } from '../helpers/rtspCamera';
import { startServerWithUsers } from '../helpers/testServer';
import { besidePlaylist, dataOf, getFile, openUntil, openWithCodec } from '../helpers/videoStreams';

const PROJECT = 'demo-tunnel';

/** Frames ffmpeg decodes from an fMP4 file (its init segment followed by media segments). */
async function decodedFrames(file: string): Promise<number> {
  const child = spawn(ffmpegBinary(), ['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0', '-f', 'framemd5', '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (out += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  if (code !== 0) return 0;
  return out.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length;
}

/**
 * A real RTSP camera (tests/helpers/rtspCamera.ts: H.264 over RTP in the RTSP connection, Basic credentials)
 * viewed through the server: remuxed on demand to HLS that a member can play, stopped when the last
 * viewer leaves, and reported offline when it refuses the saved credentials.
 */
describe('an RTSP camera through the server (real ffmpeg)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let camera: RtspCamera;
  let videoDir: string;

  beforeAll(async () => {
    videoDir = mkdtempSync(path.join(tmpdir(), 'sb-video-rtsp-'));
    camera = await startRtspCamera(ffmpegBinary(), { user: 'viewer', password: 'cam-Pw-71' });
    // streams stop 2 s after their last viewer
    ({ server, admin, bridge } = await startServerWithUsers({ FFMPEG_PATH: ffmpegBinary(), VIDEO_DIR: videoDir, VIDEO_IDLE_S: '2' }));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await camera?.close();
    rmSync(videoDir, { recursive: true, force: true });
  });

  it('remuxes the camera on demand into HLS segments a member can play, and hangs up after the last viewer leaves', async () => {
    const set = dataOf(await admin.post<CameraStreamRow>(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-04', source: 'rtsp', mainUrl: camera.url, subUrl: null }));
    expect(set.mainUrl).not.toContain('cam-Pw-71');
    // saving a source connects to nothing: the camera is only called when someone watches
    await new Promise((r) => setTimeout(r, 1_000));
    expect(camera.connections()).toBe(0);

    await openUntil(admin, PROJECT, 'CAM-04', 'live', 45_000);
    const live = await openWithCodec(admin, PROJECT, 'CAM-04');
    expect(live.codec).toBe('h264');
    expect(camera.plays()).toBe(1);
    expect(camera.connections()).toBe(1);

    // the playlist, its init segment and two media segments decode to frames (remuxed, not re-encoded: the camera's own H.264)
    const playlistUrl = live.playlist as string;
    const text = await eventually(
      async () => {
        const t = await (await getFile(server, admin, playlistUrl)).text();
        return t.split('\n').filter((l) => l.includes('seg_')).length >= 2 ? t : null;
      },
      20_000,
      'two segments',
      500,
    );
    expect(text).not.toContain('127.0.0.1');
    const initRef = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] as string;
    const segments = text.split('\n').filter((l) => l.includes('seg_')).slice(-2);
    const parts: Buffer[] = [];
    for (const ref of [initRef, ...segments]) {
      const r = await getFile(server, admin, besidePlaylist(playlistUrl, ref));
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('video/mp4');
      parts.push(Buffer.from(await r.arrayBuffer()));
    }
    const file = path.join(videoDir, 'played.mp4');
    writeFileSync(file, Buffer.concat(parts));
    // two 1 s segments of a 10 fps camera
    expect(await decodedFrames(file)).toBeGreaterThanOrEqual(10);
    rmSync(file);
    // a member of another project gets no segment
    expect((await getFile(server, bridge, besidePlaylist(playlistUrl, segments[0]))).status).toBe(403);

    // a viewer who keeps playing (every file read renews the lease) keeps the one camera session past the idle time
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      expect((await getFile(server, admin, playlistUrl)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(camera.plays()).toBe(1);
    expect(camera.connections()).toBe(1);

    // the viewer leaves: the server hangs up on the camera and the stream is gone
    await eventually(() => camera.connections() === 0, 20_000, 'the camera session to close', 250);
    const listed = dataOf(await admin.post<VideoCamera[]>(VIDEO.cameras.path, { projectId: PROJECT }));
    expect(listed.find((c) => c.sn === 'CAM-04')?.streams).toEqual([]);
    expect((await getFile(server, admin, playlistUrl)).status).toBe(404);
  }, 120_000);

  it('reports a camera that refuses the saved credentials as offline, with the reason and without the password', async () => {
    const wrong = camera.url.replace('cam-Pw-71', 'old-Pw-55');
    expect(dataOf(await admin.post<CameraStreamRow>(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-05', source: 'rtsp', mainUrl: wrong, subUrl: null })).source).toBe('rtsp');
    const refusedBefore = camera.refused();

    const offline = await openUntil(admin, PROJECT, 'CAM-05', 'offline', 30_000);
    expect(offline.playlist).toBeNull();
    expect(camera.refused()).toBeGreaterThan(refusedBefore);
    const status = await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {});
    const stream = dataOf(status).video.streams.find((s) => s.sn === 'CAM-05');
    expect(stream).toMatchObject({ state: 'offline', source: 'rtsp', quality: 'main' });
    expect(stream?.lastError).toBeTruthy();
    expect(JSON.stringify(status.body)).not.toContain('old-Pw-55');
    expect(await (await getFile(server, admin, OPERATIONS.metrics.path)).text()).toMatch(/siteboard_video_streams\{state="offline"\} [1-9]/);

    // the administrator types the right password: the next viewer gets the picture
    dataOf(await admin.post<CameraStreamRow>(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-05', source: 'rtsp', mainUrl: camera.url, subUrl: null }));
    await openUntil(admin, PROJECT, 'CAM-05', 'live', 45_000);
  }, 120_000);
});
