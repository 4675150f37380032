import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoConfig } from '../../../../server/config';
import type { OpenDatabase } from '../../../../server/storage/database';
import { recorderLeases, releaseRecorderLeases, takeRecorderLeases, type CameraKey } from '../../../../server/storage/videoRecorderLeases';
import { readCameraFolder } from '../../../../server/video/recordFolder';
import { parseRecordPlaylist, RECORD_PLAYLIST } from '../../../../server/video/recordIndex';
import { LEASE_SYNC_PERIODS, Recorder, type RecorderLeasing } from '../../../../server/video/Recorder';
import { eventually } from '../../../helpers/eventually';
import { ffmpegBinary } from '../../../helpers/ffmpeg';
import { openTestDatabase } from '../../../helpers/storageDb';

const CAM: CameraKey = { projectId: 'p1', sn: 'CAM-01' };
/** The recorder's sync period, ms: its lease lasts {@link LEASE_SYNC_PERIODS} of them. */
const SYNC_MS = 1_000;
const LEASE_MS = LEASE_SYNC_PERIODS * SYNC_MS;

/**
 * A node whose database stalls: its recorder leases are the real ones (server/storage/videoRecorderLeases.ts on
 * PGlite), but the test can hold its lease renewals, as a database that stops answering does.
 */
describe('a recorder whose lease lapses while it records (real ffmpeg)', () => {
  let database: OpenDatabase;
  let recordDir: string;
  let recorder: Recorder;
  /** While set, this node's lease renewals wait for it. */
  let stalled: Promise<void> | null = null;
  let resume = () => undefined as void;
  /** The end of the last lease this node was granted, ms. */
  let grantedUntilMs = 0;

  beforeAll(async () => {
    database = await openTestDatabase([]);
    recordDir = mkdtempSync(path.join(tmpdir(), 'sb-recstall-'));
    const db = database.db;
    const leasing: RecorderLeasing = {
      nodeId: 'node-a',
      take: async (cameras, nowMs, leaseMs) => {
        if (stalled) await stalled;
        const held = await takeRecorderLeases(db, 'node-a', cameras, nowMs, leaseMs);
        if (held.length > 0) grantedUntilMs = nowMs + leaseMs;
        return held;
      },
      release: (cameras) => releaseRecorderLeases(db, 'node-a', cameras),
      list: (fromMs) => recorderLeases(db, fromMs),
    };
    const config: VideoConfig = {
      ffmpegPath: ffmpegBinary(),
      dir: path.join(recordDir, 'live'),
      idleMs: 60_000,
      maxStreams: 4,
      record: { cameras: [CAM.sn], dir: recordDir, retentionMs: 3_600_000, maxBytes: 1_000_000_000, maxCameras: 2, syncMs: SYNC_MS },
    };
    const cameras = async () => [{ ...CAM, name: 'Portal', source: 'demo' as const, mainUrl: null, subUrl: null, updatedAtMs: 0 }];
    recorder = new Recorder(config, cameras, { warn: () => undefined }, Date.now, leasing);
  });

  afterAll(async () => {
    resume();
    await recorder?.close();
    await database?.close();
    rmSync(recordDir, { recursive: true, force: true });
  });

  it('publishes no segment that ended after its lease, stops, and leaves the camera to the node that took it', async () => {
    await eventually(() => recorder.segments(CAM.projectId, CAM.sn).length >= 2, 60_000, 'two segments recorded', 250);
    expect(recorder.status().owners).toEqual([{ ...CAM, name: 'Portal', nodeId: 'node-a', expiresAtMs: expect.any(Number) }]);

    // the database stops answering: the lease is not renewed and lapses while ffmpeg goes on writing
    stalled = new Promise<void>((r) => {
      resume = r;
    });
    await eventually(() => (recorder.status().cameras.length === 0 ? true : null), LEASE_MS + 10_000, 'the recording stopped on this node', 100);
    const untilMs = grantedUntilMs;
    expect(Date.now()).toBeGreaterThanOrEqual(untilMs);

    const camDir = path.join(recordDir, 'p1', 'CAM-01');
    const run = readdirSync(camDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort().at(-1)!;
    // ffmpeg's own playlist shows what it wrote: some of it after the lease ended (so the check below can fail)
    const written = await eventually(() => {
      const all = parseRecordPlaylist(readFileSync(path.join(camDir, run, RECORD_PLAYLIST), 'utf8'));
      return all.some((s) => s.startMs + s.durationMs > untilMs) ? all : null;
    }, 10_000, 'ffmpeg\'s last segment', 200);
    // what the history is built from: the run indexes on disk and the recorder's memory
    const published = readCameraFolder(camDir, false).segments;
    expect(published.length).toBeGreaterThanOrEqual(2);
    expect(published.length).toBeLessThan(written.length);
    for (const s of published) expect(s.startMs + s.durationMs).toBeLessThanOrEqual(untilMs);
    for (const s of recorder.segments(CAM.projectId, CAM.sn)) expect(s.startMs + s.durationMs).toBeLessThanOrEqual(untilMs);

    // another node takes the lapsed lease; the stalled renewal answers late and wins nothing
    expect(await takeRecorderLeases(database.db, 'node-b', [CAM], Date.now(), 60_000)).toEqual([CAM]);
    resume();
    stalled = null;
    await eventually(() => (recorder.status().owners[0]?.nodeId === 'node-b' ? true : null), 10_000, 'node-b named as the owner', 200);
    expect(recorder.status().cameras).toEqual([]);
    expect((await recorderLeases(database.db, Date.now())).map((l) => l.nodeId)).toEqual(['node-b']);
  }, 120_000);
});
