import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, VIDEO, type CameraStreamRow, type SystemStatus, type VideoRecordingStatus } from '../../protocol';
import type { RunningServer } from '../../server/app';
import type { ApiClient } from '../helpers/apiClient';
import { eventually } from '../helpers/eventually';
import { ffmpegBinary } from '../helpers/ffmpeg';
import { startServerWithUsers } from '../helpers/testServer';
import { dataOf, getFile } from '../helpers/videoStreams';

const PROJECT = 'demo-tunnel';
const PASSWORD = 'rec-Pw-93';

/** A local TCP port nothing listens on (bound, then closed): a camera that refuses the connection. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe('recorder state on system/status and /metrics (real ffmpeg)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let videoDir: string;
  let recordDir: string;

  const recordingOf = async (sn: string): Promise<{ cam: VideoRecordingStatus | undefined; status: SystemStatus }> => {
    const status = dataOf(await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {}));
    return { cam: status.video.recorder.cameras.find((c) => c.projectId === PROJECT && c.sn === sn), status };
  };
  const metrics = async () => (await getFile(server, admin, OPERATIONS.metrics.path)).text();

  beforeAll(async () => {
    videoDir = mkdtempSync(path.join(tmpdir(), 'sb-recstat-live-'));
    recordDir = mkdtempSync(path.join(tmpdir(), 'sb-recstat-rec-'));
    ({ server, admin } = await startServerWithUsers({
      FFMPEG_PATH: ffmpegBinary(),
      VIDEO_DIR: videoDir,
      VIDEO_RECORD_DIR: recordDir,
      VIDEO_RECORD: 'CAM-01',
      VIDEO_RECORD_MAX_MB: '50',
      VIDEO_RECORD_HOURS: '3',
    }));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(videoDir, { recursive: true, force: true });
    rmSync(recordDir, { recursive: true, force: true });
  });

  it('shows a recording camera with its last segment, disk use and the limits in force, and only recorded cameras', async () => {
    const rec = await eventually(
      async () => {
        const { cam } = await recordingOf('CAM-01');
        return cam?.state === 'recording' ? cam : null;
      },
      60_000,
      'CAM-01 recording',
      500,
    );
    const { status } = await recordingOf('CAM-01');
    expect(rec.name).toBeTruthy();
    expect(rec.bytes).toBeGreaterThan(1_000);
    expect(rec.restarts).toBe(0);
    expect(rec.lastError).toBeNull();
    expect(rec.lastSegmentMs).not.toBeNull();
    expect(status.atMs - rec.lastSegmentMs!).toBeLessThan(15_000);
    expect(status.video.recorder).toMatchObject({ maxBytes: 50_000_000, retentionMs: 3 * 3_600_000 });
    expect(status.video.recorder.bytes).toBeGreaterThanOrEqual(rec.bytes);
    // cameras VIDEO_RECORD leaves out are not listed (the labels stay the node's recorded cameras)
    expect(status.video.recorder.cameras.map((c) => c.sn)).toEqual(['CAM-01']);

    const text = await metrics();
    expect(text).toContain('siteboard_video_recording{project="demo-tunnel",sn="CAM-01"} 1');
    expect(text).toContain('siteboard_video_recorder_restarts_total{project="demo-tunnel",sn="CAM-01"} 0');
    expect(text).toMatch(/siteboard_video_disk_bytes\{project="demo-tunnel",sn="CAM-01"\} [1-9]\d{3,}/);
    expect(text).toMatch(/siteboard_video_last_segment_age_seconds\{project="demo-tunnel",sn="CAM-01"\} \d+/);
    expect(text).toContain('siteboard_video_disk_cap_bytes 50000000');
    expect(text).toContain(`siteboard_video_retention_seconds ${3 * 3600}`);
    expect(text).not.toContain('sn="CAM-02"');
  }, 90_000);

  it('shows a camera whose source fails as not recording, with restarts and the error without its password, and keeps its segments', async () => {
    const before = (await recordingOf('CAM-01')).cam!;
    const port = await closedPort();
    const set = await admin.post<CameraStreamRow>(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-01', source: 'rtsp', mainUrl: `rtsp://viewer:${PASSWORD}@127.0.0.1:${port}/Streaming/Channels/101`, subUrl: null });
    expect(dataOf(set).source).toBe('rtsp');

    // ffmpeg is refused, restarted after 1 s, 2 s, ...: at least one restart seen
    const failing = await eventually(
      async () => {
        const { cam } = await recordingOf('CAM-01');
        return cam && cam.restarts >= 1 && cam.failuresInRow >= 1 && cam.state !== 'recording' && cam.lastError ? cam : null;
      },
      60_000,
      'CAM-01 recorder failing and restarted',
      500,
    );
    expect(failing.lastError).not.toContain(PASSWORD);
    // what it recorded before stays on disk and counted
    expect(failing.bytes).toBeGreaterThanOrEqual(before.bytes);
    expect(failing.lastSegmentMs).toBeGreaterThanOrEqual(before.lastSegmentMs!);

    const statusText = JSON.stringify((await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {})).body);
    expect(statusText).not.toContain(PASSWORD);
    const text = await metrics();
    expect(text).toContain('siteboard_video_recording{project="demo-tunnel",sn="CAM-01"} 0');
    expect(text).toMatch(/siteboard_video_recorder_restarts_total\{project="demo-tunnel",sn="CAM-01"\} [1-9]/);
    expect(text).toMatch(/siteboard_video_recorder_failures_in_row\{project="demo-tunnel",sn="CAM-01"\} [1-9]/);
    expect(text).not.toContain(PASSWORD);

    // the demo source again: it records again, the error cleared
    dataOf(await admin.post<CameraStreamRow>(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-01', source: 'demo', mainUrl: null, subUrl: null }));
    const again = await eventually(
      async () => {
        const { cam } = await recordingOf('CAM-01');
        return cam?.state === 'recording' ? cam : null;
      },
      60_000,
      'CAM-01 recording again',
      500,
    );
    expect(again.lastError).toBeNull();
    expect(again.failuresInRow).toBe(0);
    expect(await metrics()).toContain('siteboard_video_recording{project="demo-tunnel",sn="CAM-01"} 1');
  }, 150_000);
});
