import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, VIDEO, type CameraStreamRow, type SystemStatus, type VideoCamera } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { ApiClient } from '../helpers/apiClient';
import { eventually } from '../helpers/eventually';
import { ffmpegBinary } from '../helpers/ffmpeg';
import { freeLoopbackPort } from '../helpers/services';
import { startServerWithUsers } from '../helpers/testServer';
import { besidePlaylist, dataOf, getFile, openUntil, openWithCodec } from '../helpers/videoStreams';

const PROJECT = 'demo-tunnel';

/** Files left under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

describe('camera video over HLS (real ffmpeg)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let videoDir: string;

  beforeAll(async () => {
    videoDir = mkdtempSync(path.join(tmpdir(), 'sb-video-test-'));
    // the seeded demo cameras have the demo source (migration 0053 and the seed); streams stop 2 s after their last viewer
    ({ server, admin, bridge } = await startServerWithUsers({ FFMPEG_PATH: ffmpegBinary(), VIDEO_DIR: videoDir, VIDEO_IDLE_S: '2' }));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(videoDir, { recursive: true, force: true });
  });

  it('starts the demo source on demand and serves its playlist and segments to a member only, then stops it when nobody watches', async () => {
    const listed = dataOf(await admin.post<VideoCamera[]>(VIDEO.cameras.path, { projectId: PROJECT }));
    const cam = listed.find((c) => c.sn === 'CAM-01');
    expect(cam).toMatchObject({ source: 'demo', qualities: ['main', 'sub'], streams: [] });

    const live = await openUntil(admin, PROJECT, 'CAM-01', 'live');
    expect(live.codec).toBe('h264');
    expect(live.playlist).toMatch(/^\/zhgd\/video\/hls\?/);
    const playlistUrl = live.playlist as string;

    const playlist = await getFile(server, admin, playlistUrl);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    // the playlist names its files relative to itself (they follow it under a BASE_PATH)
    const initRef = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
    const segmentRef = text.split('\n').find((l) => l.startsWith('hls?') && l.includes('seg_'));
    expect(initRef).toMatch(/^hls\?.*file=init\.mp4$/);
    expect(segmentRef).toBeDefined();
    const init = besidePlaylist(playlistUrl, initRef as string);
    const segment = besidePlaylist(playlistUrl, segmentRef as string);
    expect(segment).toMatch(/^\/zhgd\/video\/hls\?/);
    for (const url of [init, segment]) {
      const r = await getFile(server, admin, url);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('video/mp4');
      expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }

    // a member of another project, and nobody at all, get nothing
    expect((await getFile(server, bridge, playlistUrl)).status).toBe(403);
    expect((await getFile(server, bridge, segment)).status).toBe(403);
    expect((await bridge.post(VIDEO.open.path, { projectId: PROJECT, sn: 'CAM-01' })).status).toBe(403);
    expect((await getFile(server, null, playlistUrl)).status).toBe(401);
    // nothing but a stream file is served
    expect((await getFile(server, admin, playlistUrl.replace('index.m3u8', '..%2F..%2Fetc%2Fpasswd'))).status).toBe(400);

    // the status page lists it live
    const status = await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {});
    expect(dataOf(status).video.streams.find((s) => s.sn === 'CAM-01')?.state).toBe('live');

    // nobody watches (the camera list is no viewer): stopped after the idle time, its files deleted
    await eventually(
      async () => {
        const r = await admin.post<VideoCamera[]>(VIDEO.cameras.path, { projectId: PROJECT });
        return dataOf(r).find((c) => c.sn === 'CAM-01')?.streams.length === 0 || null;
      },
      20_000,
      'the idle stream to stop',
      500,
    );
    expect((await getFile(server, admin, playlistUrl)).status).toBe(404);
    await eventually(() => filesUnder(videoDir).every((f) => !f.endsWith('.m4s')) || null, 10_000, 'segments deleted');
  }, 90_000);

  it('reports a camera that cannot be reached as offline, and never shows its password', async () => {
    const port = await freeLoopbackPort(); // nothing listens there
    const set = await admin.post<CameraStreamRow>(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-02', source: 'rtsp', mainUrl: `rtsp://viewer:s3cret-pw@127.0.0.1:${port}/Streaming/Channels/101`, subUrl: null });
    expect(dataOf(set).mainUrl).toBe(`rtsp://viewer:***@127.0.0.1:${port}/Streaming/Channels/101`);
    const list = await admin.post<CameraStreamRow[]>(VIDEO.streamList.path, { projectId: PROJECT });
    expect(JSON.stringify(list.body)).not.toContain('s3cret-pw');

    const offline = await openUntil(admin, PROJECT, 'CAM-02', 'offline');
    expect(offline.playlist).toBeNull();
    const status = await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {});
    const stream = dataOf(status).video.streams.find((s) => s.sn === 'CAM-02');
    expect(stream).toMatchObject({ state: 'offline', source: 'rtsp' });
    expect(stream?.lastError).toBeTruthy();
    expect(JSON.stringify(status.body)).not.toContain('s3cret-pw');
    const metrics = await getFile(server, admin, OPERATIONS.metrics.path);
    expect(await metrics.text()).toMatch(/siteboard_video_streams\{state="offline"\} [1-9]/);

    // the redacted URL sent back keeps the saved password (the camera is still offline, with the same source)
    const again = await admin.post<CameraStreamRow>(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-02', source: 'rtsp', mainUrl: `rtsp://viewer:***@127.0.0.1:${port}/Streaming/Channels/101`, subUrl: null });
    expect(again.body.success).toBe(true);
    // a bad URL is refused and changes nothing
    const bad = await admin.post(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-02', source: 'rtsp', mainUrl: 'http://example.com/x', subUrl: null });
    expect(bad.status).toBe(400);
    // a member of another project cannot set or read sources here
    expect((await bridge.post(VIDEO.streamList.path, { projectId: PROJECT })).status).toBe(403);
  }, 60_000);

  it('remuxes an HLS source of a media server without re-encoding', async () => {
    // a media server: ffmpeg writing HLS into a folder that a plain HTTP server serves
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'sb-media-'));
    const media: ChildProcess = spawn(ffmpegBinary(), ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '5', '-hls_flags', 'delete_segments', path.join(mediaDir, 'live.m3u8')], { stdio: 'ignore' });
    const http: Server = createServer((req, res) => {
      const name = path.basename(req.url ?? '');
      readFile(path.join(mediaDir, name)).then(
        (b) => res.writeHead(200).end(b),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    try {
      const port = (http.address() as AddressInfo).port;
      const set = await admin.post(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-03', source: 'hls', mainUrl: `http://127.0.0.1:${port}/live.m3u8`, subUrl: null });
      expect(set.body.success).toBe(true);
      await openUntil(admin, PROJECT, 'CAM-03', 'live', 45_000);
      const live = await openWithCodec(admin, PROJECT, 'CAM-03');
      expect(live.codec).toBe('h264');
      const text = await (await getFile(server, admin, live.playlist as string)).text();
      expect(text).not.toContain(`127.0.0.1:${port}`);
      const segment = text.split('\n').find((l) => l.includes('seg_'));
      expect((await getFile(server, admin, besidePlaylist(live.playlist as string, segment as string))).status).toBe(200);
    } finally {
      media.kill('SIGKILL');
      await new Promise<void>((r) => http.close(() => r()));
      rmSync(mediaDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('camera video without ffmpeg', () => {
  it('shows the cameras offline with the reason on the status page, and keeps serving everything else', async () => {
    const { server, admin } = await startServerWithUsers({ FFMPEG_PATH: '/nonexistent/ffmpeg', VIDEO_IDLE_S: '2' });
    try {
      const offline = await openUntil(admin, PROJECT, 'CAM-01', 'offline', 10_000);
      expect(offline.playlist).toBeNull();
      const status = dataOf(await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {}));
      expect(status.video.streams.find((s) => s.sn === 'CAM-01')?.lastError).toContain('ffmpeg could not run');
      expect(status.video.failures).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 60_000);
});
