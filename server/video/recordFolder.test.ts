import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CAMERA_FILE, isCameraDir, readCameraFolder, writeAtomically } from './recordFolder';
import { INDEX_FILE } from './recordIndex';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A camera folder with runs of `{ file: bytes }` and their index lines. */
function cameraFolder(runs: Record<string, Array<{ file: string; startMs: number; bytes: number | null }>>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'sb-recfolder-'));
  writeFileSync(path.join(dir, CAMERA_FILE), JSON.stringify({ projectId: 'p1', sn: 'CAM-01' }));
  for (const [run, segments] of Object.entries(runs)) {
    mkdirSync(path.join(dir, run));
    writeFileSync(path.join(dir, run, INDEX_FILE), segments.map((s) => `${s.startMs}\t2000\t${s.file}\n`).join(''));
    for (const s of segments) if (s.bytes !== null) writeFileSync(path.join(dir, run, s.file), Buffer.alloc(s.bytes));
  }
  return dir;
}

describe('a camera folder on disk', () => {
  it('lists every run\'s indexed segments in time order, with sizes only when asked and without files that are gone', () => {
    const d = cameraFolder({
      '1700000004000': [{ file: 'r_0.m4s', startMs: 4_000, bytes: 30 }],
      '1700000000000': [
        { file: 'r_0.m4s', startMs: 0, bytes: 10 },
        { file: 'r_1.m4s', startMs: 2_000, bytes: null }, // pruned on disk, still in the index
      ],
    });
    mkdirSync(path.join(d, '1700000009000')); // a run starting: no index yet
    const sized = readCameraFolder(d, true);
    expect(sized.segments.map((s) => [s.run, s.file, s.startMs, s.bytes])).toEqual([
      ['1700000000000', 'r_0.m4s', 0, 10],
      ['1700000004000', 'r_0.m4s', 4_000, 30],
    ]);
    expect(sized.bytes).toBe(40);
    // read on demand for another node's camera: what the indexes list, no sizes
    const listed = readCameraFolder(d, false);
    expect(listed.segments.map((s) => s.startMs)).toEqual([0, 2_000, 4_000]);
    expect(listed.bytes).toBe(0);
  });

  it('knows its camera by the file naming it, and rewrites an index whole', () => {
    const d = cameraFolder({});
    expect(isCameraDir(d, 'p1', 'CAM-01')).toBe(true);
    expect(isCameraDir(d, 'p1', 'CAM-02')).toBe(false);
    expect(isCameraDir(path.join(d, 'none'), 'p1', 'CAM-01')).toBe(false);
    writeAtomically(path.join(d, INDEX_FILE), 'a\n');
    writeAtomically(path.join(d, INDEX_FILE), 'b\n');
    expect(readFileSync(path.join(d, INDEX_FILE), 'utf8')).toBe('b\n');
  });
});
