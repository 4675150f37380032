import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { VideoConfig } from '../config';
import { CAMERA_FILE } from './recordFolder';
import { INDEX_FILE } from './recordIndex';
import { FORGET_UNREAD_MS, Recorder, type RecorderLeasing } from './Recorder';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 27, 8, 0, 0);

let dir = '';
const recorders: Recorder[] = [];
afterEach(async () => {
  for (const r of recorders.splice(0)) await r.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A record folder with camera folders of one run each, holding `count` 2 s segments from `startMs` (files and index). */
function recordDir(cameras: Array<{ sn: string; startMs: number; count: number }>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'sb-recorder-'));
  for (const cam of cameras) {
    const camDir = path.join(dir, 'p1', cam.sn);
    const runDir = path.join(camDir, String(cam.startMs));
    mkdirSync(runDir, { recursive: true });
    writeFileSync(path.join(camDir, CAMERA_FILE), JSON.stringify({ projectId: 'p1', sn: cam.sn }));
    let index = '';
    for (let i = 0; i < cam.count; i++) {
      writeFileSync(path.join(runDir, `r_${i}.m4s`), Buffer.alloc(1_000));
      index += `${cam.startMs + i * 2_000}\t2000\tr_${i}.m4s\n`;
    }
    writeFileSync(path.join(runDir, INDEX_FILE), index);
  }
  return dir;
}

/** A recorder over `recordDir` that records nothing itself (VIDEO_RECORD off), on a clock the test moves. */
function recorder(record: string, clock: { ms: number }, leasing: RecorderLeasing | null = null): Recorder {
  const config: VideoConfig = {
    ffmpegPath: 'ffmpeg',
    dir: path.join(record, 'live'),
    idleMs: 60_000,
    maxStreams: 4,
    record: { cameras: 'off', dir: record, retentionMs: 2 * HOUR, maxBytes: 1_000_000_000, maxCameras: 2, syncMs: 30_000 },
  };
  const r = new Recorder(config, async () => [], { warn: () => undefined }, () => clock.ms, leasing);
  recorders.push(r);
  return r;
}

describe('Recorder memory', () => {
  it('forgets a camera whose segments were all pruned, and keeps one that still has some', () => {
    const record = recordDir([
      { sn: 'CAM-OLD', startMs: T0, count: 3 },
      { sn: 'CAM-NEW', startMs: T0 + HOUR, count: 3 },
    ]);
    const clock = { ms: T0 + 10_000 };
    const r = recorder(record, clock);
    expect(r.cameraCount()).toBe(2);
    expect(r.segments('p1', 'CAM-OLD')).toHaveLength(3);

    // 2 h after CAM-OLD's last segment: its segments are pruned by age, and the camera with them
    clock.ms = T0 + 2 * HOUR + 10_000;
    r.prune();
    expect(r.segments('p1', 'CAM-OLD')).toEqual([]);
    expect(existsSync(path.join(record, 'p1', 'CAM-OLD', String(T0)))).toBe(false);
    expect(r.cameraCount()).toBe(1);
    expect(r.segments('p1', 'CAM-NEW')).toHaveLength(3);
    expect(r.status().cameras.map((c) => c.sn)).toEqual(['CAM-NEW']);

    // pruning again changes nothing: still only the camera with segments
    r.prune();
    expect(r.cameraCount()).toBe(1);
  });

  it('with leases, forgets another node\'s camera nobody asked for within a minute, and reads it again when asked', () => {
    const record = recordDir([{ sn: 'CAM-B', startMs: T0, count: 2 }]);
    const clock = { ms: T0 + 10_000 };
    const leasing: RecorderLeasing = { nodeId: 'node-a', take: async () => [], release: async () => undefined, list: async () => [] };
    const r = recorder(record, clock, leasing);
    expect(r.segments('p1', 'CAM-B')).toHaveLength(2);
    expect(r.cameraCount()).toBe(1);

    clock.ms += FORGET_UNREAD_MS - 1_000;
    r.prune();
    expect(r.cameraCount()).toBe(1);
    clock.ms += 1_000;
    r.prune();
    expect(r.cameraCount()).toBe(0);
    // not this node's: nothing of it was deleted, and asked again it is read again from the shared folder
    expect(r.segments('p1', 'CAM-B')).toHaveLength(2);
    expect(r.cameraCount()).toBe(1);
  });
});
