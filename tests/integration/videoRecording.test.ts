import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RECORD, VIDEO, type VideoHistory } from '../../protocol';
import type { RunningServer } from '../../server/app';
import type { ApiClient } from '../helpers/apiClient';
import { eventually } from '../helpers/eventually';
import { ffmpegBinary } from '../helpers/ffmpeg';
import { startServerWithUsers } from '../helpers/testServer';
import { besidePlaylist, dataOf, getFile } from '../helpers/videoStreams';

const PROJECT = 'demo-tunnel';
/** The disk cap of the recording server, MB: a few of the demo's 2 s segments (≈ 50 kB each). */
const CAP_MB = 0.3;

/** Recorded media segments (`r_<n>.m4s`) under a folder with their sizes. */
function segmentFiles(dir: string): Array<{ file: string; bytes: number }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /^r_\d+\.m4s$/.test(e.name))
    .map((e) => ({ file: path.join(e.parentPath, e.name), bytes: statSync(path.join(e.parentPath, e.name)).size }));
}

/** The segment URIs and program date-times of a playlist. */
function entriesOf(playlist: string): Array<{ pdtMs: number; uri: string }> {
  const out: Array<{ pdtMs: number; uri: string }> = [];
  let pdt = NaN;
  for (const line of playlist.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = Date.parse(line.slice(25));
    else if (line && !line.startsWith('#')) out.push({ pdtMs: pdt, uri: line });
  }
  return out;
}

describe('history video: recording, history playlists, pruning (real ffmpeg)', () => {
  let server: RunningServer | null = null;
  let admin: ApiClient;
  let bridge: ApiClient;
  let videoDir: string;
  let recordDir: string;
  const startedMs = Date.now();
  /** A range recorded by the first server, read again after the restart. */
  let recorded: { fromMs: number; toMs: number; segments: number } | null = null;

  const start = async (env: Record<string, string>) => {
    ({ server, admin, bridge } = await startServerWithUsers({ FFMPEG_PATH: ffmpegBinary(), VIDEO_DIR: videoDir, VIDEO_RECORD_DIR: recordDir, ...env }));
  };

  beforeAll(async () => {
    videoDir = mkdtempSync(path.join(tmpdir(), 'sb-vidhist-live-'));
    recordDir = mkdtempSync(path.join(tmpdir(), 'sb-vidhist-rec-'));
    // CAM-01 recorded without any viewer; the disk cap a few segments
    await start({ VIDEO_RECORD: 'CAM-01', VIDEO_RECORD_MAX_MB: String(CAP_MB) });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(videoDir, { recursive: true, force: true });
    rmSync(recordDir, { recursive: true, force: true });
  });

  it('records a camera nobody watches into segments with program date-times, and answers the VOD playlist of a range to members only', async () => {
    const history = await eventually(
      async () => {
        const r = await admin.post<VideoHistory>(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: startedMs - 60_000, toMs: Date.now() + 60_000 });
        return r.body.success && r.body.data && r.body.data.spans.length > 0 && r.body.data.spans[0].endMs - r.body.data.spans[0].startMs >= 4_000 ? r.body.data : null;
      },
      60_000,
      'CAM-01 recorded for 4 s',
      500,
    );
    const span = history.spans[0];
    expect(span.mediaS).toBe(0);
    // the recording's clock is the server's: it began after the test started, and ends at most a segment or two ago
    expect(span.startMs).toBeGreaterThanOrEqual(startedMs - 1_000);
    expect(span.endMs).toBeLessThanOrEqual(Date.now() + 1_000);

    const playlistRes = await getFile(server!, admin, history.playlist);
    expect(playlistRes.status).toBe(200);
    expect(playlistRes.headers.get('content-type')).toContain('mpegurl');
    const text = await playlistRes.text();
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-ENDLIST');
    const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
    expect(map).toMatch(/^record\?/);
    const entries = entriesOf(text);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    // every segment has its date-time, in order, within the span the JSON answer gave
    for (let i = 0; i < entries.length; i++) {
      expect(entries[i].pdtMs).toBeGreaterThanOrEqual(span.startMs);
      if (i > 0) expect(entries[i].pdtMs).toBeGreaterThan(entries[i - 1].pdtMs);
    }
    const init = await getFile(server!, admin, besidePlaylist(history.playlist, map as string));
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    const seg = await getFile(server!, admin, besidePlaylist(history.playlist, entries[0].uri));
    expect(seg.status).toBe(200);
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1_000);

    // members only: the bridge demo user is no member of the tunnel project, an anonymous request has no session
    expect((await bridge.post(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: startedMs, toMs: Date.now() })).status).toBe(403);
    expect((await getFile(server!, bridge, history.playlist)).status).toBe(403);
    expect((await getFile(server!, bridge, besidePlaylist(history.playlist, entries[0].uri))).status).toBe(403);
    expect((await getFile(server!, null, history.playlist)).status).toBe(401);
    // a file name outside the recording's pattern is refused before any disk access
    expect((await getFile(server!, admin, besidePlaylist(history.playlist, entries[0].uri).replace(/file=[^&]+/, 'file=..%2Fcamera.json'))).status).toBe(400);

    // a range with nothing kept, a camera not recorded: the product's message
    const empty = await admin.post(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: startedMs - 7_200_000, toMs: startedMs - 3_600_000 });
    expect(empty.status).toBe(404);
    expect(empty.body.errorMessage).toBe(NO_RECORD);
    const other = await admin.post(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-02', fromMs: startedMs, toMs: Date.now() });
    expect(other.body.errorMessage).toBe(NO_RECORD);
    // bounded ranges: at most 6 h per playlist
    expect((await admin.post(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: 0, toMs: 7 * 3_600_000 })).status).toBe(400);
  }, 90_000);

  it('keeps the recordings under the disk cap by deleting the oldest segments', async () => {
    const capBytes = CAP_MB * 1_000_000;
    // more than the cap has been recorded once the first span no longer starts where the recording began
    const first = dataOf(await admin.post<VideoHistory>(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: startedMs - 60_000, toMs: Date.now() + 60_000 })).spans[0].startMs;
    const later = await eventually(
      async () => {
        const h = dataOf(await admin.post<VideoHistory>(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: startedMs - 60_000, toMs: Date.now() + 60_000 }));
        return h.spans[0].startMs > first + 4_000 ? h : null;
      },
      90_000,
      'the oldest segments pruned',
      1_000,
    );
    const files = segmentFiles(recordDir);
    const total = files.reduce((n, f) => n + f.bytes, 0);
    const largest = Math.max(...files.map((f) => f.bytes));
    // the kept segments within the cap; at most the one ffmpeg is writing (and one finished since the last prune) beside them
    expect(total).toBeLessThanOrEqual(capBytes + 2 * largest);
    const kept = later.spans.reduce((n, s) => n + (s.endMs - s.startMs), 0);
    expect(kept).toBeGreaterThan(0);
    recorded = { fromMs: later.spans[0].startMs, toMs: later.spans.at(-1)!.endMs, segments: entriesOf(await (await getFile(server!, admin, later.playlist)).text()).length };
  }, 120_000);

  it('keeps the recordings across a restart, and prunes them by age', async () => {
    expect(recorded).not.toBeNull();
    const range = recorded!;
    await server!.close();
    server = null;
    // the same recording folder, nothing recorded now
    await start({ VIDEO_RECORD: 'off' });
    const again = dataOf(await admin.post<VideoHistory>(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: range.fromMs, toMs: range.toMs }));
    const text = await (await getFile(server!, admin, again.playlist)).text();
    // the segments finished before the stop are all there (the last one or two may have been finished at the stop)
    expect(entriesOf(text).length).toBeGreaterThanOrEqual(range.segments);
    expect((await getFile(server!, admin, besidePlaylist(again.playlist, entriesOf(text)[0].uri))).status).toBe(200);
    await server!.close();
    server = null;

    // a retention of 3.6 s: a restart prunes everything recorded before
    await start({ VIDEO_RECORD: 'off', VIDEO_RECORD_HOURS: '0.001' });
    const gone = await admin.post(VIDEO.history.path, { projectId: PROJECT, sn: 'CAM-01', fromMs: range.fromMs, toMs: range.toMs });
    expect(gone.body.errorMessage).toBe(NO_RECORD);
    expect(segmentFiles(recordDir)).toEqual([]);
    // three server starts on a shared two-core machine
  }, 360_000);
});
