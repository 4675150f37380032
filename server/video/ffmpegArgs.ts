import path from 'node:path';
import type { StreamQuality, StreamSource } from '../../protocol';

/**
 * ffmpeg's command lines for camera streams (docs/architecture.md "Video"). Every stream is written as a
 * live HLS playlist of fMP4 segments (RFC 8216; fMP4 so H.265 sources can be carried as they are) in a
 * folder of its own: 1 s segments, a window of {@link HLS_LIST_SIZE}, older segments deleted by ffmpeg,
 * each segment with its EXT-X-PROGRAM-DATE-TIME (the latency benchmark reads it).
 */

/** Target segment length, seconds (RFC 8216 EXT-X-TARGETDURATION). Short segments keep the latency low. */
export const HLS_SEGMENT_S = 1;
/** Segments the live playlist lists; with `delete_segments` ffmpeg keeps a few more on disk, then deletes them. */
export const HLS_LIST_SIZE = 6;
/** Segments kept on disk beyond the playlist's window (ffmpeg's hls_delete_threshold) for players a little behind. */
export const HLS_DELETE_THRESHOLD = 2;
/** The playlist's file name in a stream's folder. */
export const PLAYLIST = 'index.m3u8';
/** The text file of the demo source's caption (the camera's name), in the stream's folder (no escaping of names needed). */
export const CAPTION_FILE = 'caption.txt';

/** The demo source's picture per quality: small enough that several encode at once on two cores. */
export const DEMO_FORMAT: Readonly<Record<StreamQuality, { width: number; height: number; fps: number; kbps: number }>> = {
  main: { width: 640, height: 360, fps: 12, kbps: 500 },
  sub: { width: 320, height: 180, fps: 10, kbps: 200 },
};

/** What a stream reads: an RTSP or HLS URL, or the demo source (a test pattern with the camera's name and the time). */
export type StreamInput = { source: Exclude<StreamSource, 'demo'>; url: string } | { source: 'demo'; quality: StreamQuality };

/** Fonts the demo caption is drawn with (drawtext); null when there is none: the pattern is drawn without text. */
export interface DemoFonts {
  /** A font with CJK glyphs for the camera's name (Debian's fonts-noto-cjk), else a Latin one. */
  caption: string | null;
  /** A font for the time (Debian's fonts-dejavu-core). */
  clock: string | null;
}

/** A path as a value of an ffmpeg filter option (filter-graph escaping of `\`, `'`, `:`). */
function filterValue(v: string): string {
  return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;
}

/** The drawtext filters of the demo caption at the bottom left (name from {@link CAPTION_FILE}, local time below it), clear of a tile's title bar. */
export function demoFilter(fonts: DemoFonts, dir: string, height: number): string | null {
  const size = Math.max(12, Math.round(height / 14));
  const box = `fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=${Math.round(size / 4)}`;
  const parts: string[] = [];
  if (fonts.caption) parts.push(`drawtext=fontfile=${filterValue(fonts.caption)}:textfile=${filterValue(path.join(dir, CAPTION_FILE))}:x=${size}:y=${height - size * 4}:fontsize=${size}:${box}`);
  if (fonts.clock) parts.push(`drawtext=fontfile=${filterValue(fonts.clock)}:text='%{localtime}':x=${size}:y=${height - size * 2}:fontsize=${size}:${box}`);
  return parts.length > 0 ? parts.join(',') : null;
}

/** The HLS output of a stream into `dir` (fMP4 segments `seg_<n>.m4s`, `init.mp4`, `index.m3u8`). */
export function hlsOutputArgs(dir: string): string[] {
  return [
    '-f', 'hls',
    '-hls_time', String(HLS_SEGMENT_S),
    '-hls_list_size', String(HLS_LIST_SIZE),
    '-hls_delete_threshold', String(HLS_DELETE_THRESHOLD),
    // temp_file: playlist and segments appear complete (written aside, then renamed)
    '-hls_flags', 'delete_segments+program_date_time+independent_segments+omit_endlist+temp_file',
    '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', path.join(dir, 'seg_%d.m4s'),
    path.join(dir, PLAYLIST),
  ];
}

/**
 * The whole ffmpeg command line of a stream: RTSP (over TCP, 5 s socket timeout) and HLS sources are
 * remuxed without re-encoding (`-c copy`, first video track, no audio); the demo source is testsrc2
 * encoded with libx264 ultrafast at {@link DEMO_FORMAT}, a key frame every second (one per segment).
 * `output` is the live HLS output into `dir` unless given (a recording's, recordOutputArgs in recordIndex.ts).
 */
export function ffmpegArgs(input: StreamInput, dir: string, fonts: DemoFonts, output: string[] = hlsOutputArgs(dir)): string[] {
  const head = ['-hide_banner', '-nostats', '-loglevel', 'info', '-nostdin'];
  if (input.source === 'demo') {
    const f = DEMO_FORMAT[input.quality];
    const filter = demoFilter(fonts, dir, f.height);
    return [
      ...head,
      '-re', '-f', 'lavfi', '-i', `testsrc2=size=${f.width}x${f.height}:rate=${f.fps}`,
      ...(filter ? ['-vf', filter] : []),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
      '-g', String(f.fps * HLS_SEGMENT_S), '-keyint_min', String(f.fps * HLS_SEGMENT_S), '-sc_threshold', '0',
      '-b:v', `${f.kbps}k`, '-maxrate', `${f.kbps}k`, '-bufsize', `${f.kbps}k`,
      ...output,
    ];
  }
  const inputArgs = input.source === 'rtsp' ? ['-rtsp_transport', 'tcp', '-timeout', '5000000', '-i', input.url] : ['-rw_timeout', '5000000', '-i', input.url];
  return [...head, ...inputArgs, '-map', '0:v:0', '-c', 'copy', '-an', ...output];
}

/** The source's video codec from ffmpeg's log (`Stream #0:0: Video: h264 …` of the input), or null. */
export function codecOfLog(line: string): string | null {
  const m = /Stream #0:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Video: ([A-Za-z0-9_]+)/.exec(line);
  return m ? m[1] : null;
}

/**
 * The playlist as the browser gets it: the init and media segment URIs (relative file names in ffmpeg's
 * playlist) replaced by `fileUrl(name)`, every other line kept. Names that are not a stream file are dropped
 * with their line, so nothing but the server's own route reaches the player.
 */
export function rewritePlaylist(text: string, fileUrl: (name: string) => string, isFile: (name: string) => boolean): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-MAP:')) {
      const m = /URI="([^"]+)"/.exec(line);
      if (!m || !isFile(m[1])) continue;
      out.push(line.replace(m[0], `URI="${fileUrl(m[1])}"`));
    } else if (line !== '' && !line.startsWith('#')) {
      if (isFile(line.trim())) out.push(fileUrl(line.trim()));
    } else out.push(line);
  }
  return out.join('\n');
}
