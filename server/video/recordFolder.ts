import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INDEX_FILE, parseIndex, type RecordedSegment } from './recordIndex';

/**
 * A camera's folder of recordings on disk (`<VIDEO_RECORD_DIR>/<project>/<sn>/`, docs/architecture.md
 * "Recording"): the file naming its camera and one folder per ffmpeg run with its index. Read by the node
 * that records the camera and, on a shared record folder, by every other node of a cluster.
 */

/** The file in a camera's folder naming its project and camera (folder names are made safe, so not reversible). */
export const CAMERA_FILE = 'camera.json';

/** The project and serial number a camera folder's file names, or null when it has none that parses. */
export function cameraOf(dir: string): { projectId: string; sn: string } | null {
  try {
    const ids = JSON.parse(readFileSync(path.join(dir, CAMERA_FILE), 'utf8')) as { projectId: unknown; sn: unknown };
    return typeof ids.projectId === 'string' && typeof ids.sn === 'string' ? { projectId: ids.projectId, sn: ids.sn } : null;
  } catch {
    return null;
  }
}

/** Whether `dir` is the folder of camera `projectId`/`sn` (folder names are made safe, so two cameras could share one). */
export function isCameraDir(dir: string, projectId: string, sn: string): boolean {
  const ids = cameraOf(dir);
  return ids !== null && ids.projectId === projectId && ids.sn === sn;
}

/** Writes a file through a temporary one and a rename, so a reader on another node never sees it half written. */
export function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** The sub-folders of `dir` (none when it does not exist). */
export function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * The segments a camera folder's run indexes list, time ordered, and their total bytes. `withBytes` reads
 * each file's size and leaves out files that are gone (what pruning needs); without, a listed file counts
 * 0 bytes (one read per run: another node's camera read on demand).
 */
export function readCameraFolder(dir: string, withBytes: boolean): { segments: RecordedSegment[]; bytes: number } {
  const segments: RecordedSegment[] = [];
  let total = 0;
  for (const run of listDirs(dir).sort()) {
    let entries: ReturnType<typeof parseIndex> = [];
    try {
      entries = parseIndex(readFileSync(path.join(dir, run, INDEX_FILE), 'utf8'));
    } catch {
      continue; // a run that finished no segment
    }
    for (const e of entries) {
      let bytes = 0;
      if (withBytes) {
        try {
          bytes = statSync(path.join(dir, run, e.file)).size;
        } catch {
          continue;
        }
      }
      segments.push({ run, file: e.file, startMs: e.startMs, durationMs: e.durationMs, bytes });
      total += bytes;
    }
  }
  segments.sort((a, b) => a.startMs - b.startMs);
  return { segments, bytes: total };
}
