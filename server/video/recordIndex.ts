import path from 'node:path';
import type { RecordSpan } from '../../protocol';

/**
 * History video on disk (docs/architecture.md "Video", "Recording"): a recorded camera's ffmpeg writes
 * fMP4 segments with EXT-X-PROGRAM-DATE-TIME into a run folder (`<dir>/<project>/<sn>/<run start ms>/`);
 * the recorder copies each finished segment's date-time and duration from ffmpeg's short playlist into
 * the run's index file ({@link INDEX_FILE}, one line per segment) and keeps them in memory; history
 * playlists are built from that index, never from ffmpeg's playlist, which lists only the last segments.
 */

/** Target length of a recorded segment, s (a copied source cuts at its own key frames, so some are longer). */
export const RECORD_SEGMENT_S = 2;
/** Segments ffmpeg's own playlist of a run lists (it deletes none: the recorder prunes). */
export const RECORD_LIST_SIZE = 15;
/** ffmpeg's playlist of a run (read by the recorder only). */
export const RECORD_PLAYLIST = 'rec.m3u8';
/** The run's index: `<startMs>\t<durationMs>\t<file>` per finished segment, in order. */
export const INDEX_FILE = 'index.tsv';
/** A gap longer than this between two segments ends a span (the recording stopped or was pruned), ms. */
export const SPAN_GAP_MS = 500;

/** One recorded segment: its run, file, wall-clock start (ms since epoch, from its program date-time), duration and size. */
export interface RecordedSegment {
  run: string;
  file: string;
  startMs: number;
  durationMs: number;
  bytes: number;
}

/** The recording HLS output of a run into `dir`: 2 s fMP4 segments `r_<n>.m4s` with program date-times, none deleted by ffmpeg. */
export function recordOutputArgs(dir: string): string[] {
  return [
    '-f', 'hls',
    '-hls_time', String(RECORD_SEGMENT_S),
    '-hls_list_size', String(RECORD_LIST_SIZE),
    '-hls_flags', 'program_date_time+independent_segments+omit_endlist+temp_file',
    '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', path.join(dir, 'r_%d.m4s'),
    path.join(dir, RECORD_PLAYLIST),
  ];
}

/**
 * The segments of an ffmpeg playlist with their program date-time (RFC 8216 4.3.2.6: a date-time applies
 * to the next segment; later segments without one follow on by their durations). Segments before the first
 * date-time are left out (their time is unknown).
 */
export function parseRecordPlaylist(text: string): Array<{ file: string; startMs: number; durationMs: number }> {
  const out: Array<{ file: string; startMs: number; durationMs: number }> = [];
  let nextMs: number | null = null;
  let durationMs: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const t = Date.parse(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
      nextMs = Number.isFinite(t) ? t : null;
    } else if (line.startsWith('#EXTINF:')) {
      const d = Number.parseFloat(line.slice('#EXTINF:'.length));
      durationMs = Number.isFinite(d) && d > 0 ? Math.round(d * 1000) : null;
    } else if (line !== '' && !line.startsWith('#')) {
      if (nextMs !== null && durationMs !== null) {
        out.push({ file: path.basename(line), startMs: nextMs, durationMs });
        nextMs += durationMs;
      }
      durationMs = null;
    }
  }
  return out;
}

/** The number of a segment file (`r_12.m4s` → 12), or -1. */
export function segmentNumber(file: string): number {
  const m = /^r_(\d+)\.m4s$/.exec(file);
  return m ? Number(m[1]) : -1;
}

/** A segment's line of the run index. */
export function indexLine(s: { startMs: number; durationMs: number; file: string }): string {
  return `${s.startMs}\t${s.durationMs}\t${s.file}\n`;
}

/** The lines of a run index that parse (a line cut short by a crash is skipped). */
export function parseIndex(text: string): Array<{ startMs: number; durationMs: number; file: string }> {
  const out: Array<{ startMs: number; durationMs: number; file: string }> = [];
  for (const line of text.split('\n')) {
    const [a, b, file] = line.split('\t');
    const startMs = Number(a);
    const durationMs = Number(b);
    if (file && Number.isFinite(startMs) && Number.isFinite(durationMs) && durationMs > 0 && segmentNumber(file) >= 0) out.push({ startMs, durationMs, file });
  }
  return out;
}

/** The segments of `all` (time ordered) that overlap [fromMs, toMs). */
export function segmentsInRange(all: readonly RecordedSegment[], fromMs: number, toMs: number): RecordedSegment[] {
  return all.filter((s) => s.startMs < toMs && s.startMs + s.durationMs > fromMs);
}

/** The spans of time-ordered segments: contiguous stretches (gaps under {@link SPAN_GAP_MS} joined) and where each starts on the media timeline. */
export function spansOf(segments: readonly RecordedSegment[]): RecordSpan[] {
  const spans: RecordSpan[] = [];
  let mediaS = 0;
  for (const s of segments) {
    const last = spans.at(-1);
    if (last && s.startMs - last.endMs <= SPAN_GAP_MS) last.endMs = Math.max(last.endMs, s.startMs + s.durationMs);
    else spans.push({ startMs: s.startMs, endMs: s.startMs + s.durationMs, mediaS });
    mediaS += s.durationMs / 1000;
  }
  return spans;
}

/**
 * The VOD playlist (RFC 8216) of time-ordered segments: each segment with its EXTINF and program date-time,
 * the run's init segment (EXT-X-MAP) at the start of each run, a discontinuity where a run changes or time
 * jumps, and EXT-X-ENDLIST. `fileUrl(run, file)` names the files.
 */
export function historyPlaylist(segments: readonly RecordedSegment[], fileUrl: (run: string, file: string) => string): string {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.durationMs / 1000)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-PLAYLIST-TYPE:VOD', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-INDEPENDENT-SEGMENTS'];
  let prev: RecordedSegment | null = null;
  for (const s of segments) {
    const newRun = !prev || prev.run !== s.run;
    if (prev && (newRun || s.startMs - (prev.startMs + prev.durationMs) > SPAN_GAP_MS)) lines.push('#EXT-X-DISCONTINUITY');
    if (newRun) lines.push(`#EXT-X-MAP:URI="${fileUrl(s.run, 'init.mp4')}"`);
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startMs).toISOString()}`, `#EXTINF:${(s.durationMs / 1000).toFixed(3)},`, fileUrl(s.run, s.file));
    prev = s;
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
