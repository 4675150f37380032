import type { HlsConfig } from 'hls.js';

/**
 * hls.js settings of every video tile (docs/architecture.md "Video"): close to the live edge of the
 * server's 1 s segments, with small bounded buffers, so a 16-tile wall runs for hours with a flat heap.
 * bench/video compares them with hls.js's defaults (latency from EXT-X-PROGRAM-DATE-TIME to the wall clock).
 */
export const TILE_HLS_CONFIG: Partial<HlsConfig> = {
  // LL-HLS parts where a media server offers them; the server's own playlists have none and play as plain live HLS
  lowLatencyMode: true,
  // play 1.5 s behind the newest segment's end (the default is 3 target durations), catch up at up to 1.2×
  liveSyncDuration: 1.5,
  liveMaxLatencyDuration: 5,
  maxLiveSyncPlaybackRate: 1.2,
  // bounded buffers: a few seconds ahead, 2 s behind (a tile never seeks back)
  maxBufferLength: 4,
  maxMaxBufferLength: 8,
  maxBufferSize: 8 * 1024 * 1024,
  backBufferLength: 2,
  enableWorker: true,
  // a segment that the server has just deleted is skipped quickly rather than retried for long
  fragLoadPolicy: {
    default: { maxTimeToFirstByteMs: 4_000, maxLoadTimeMs: 8_000, timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 }, errorRetry: { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 2_000 } },
  },
};

/** A codec string of H.265 in MP4 (hvc1, Main profile) that a browser's MediaSource can be asked about. */
export const HEVC_MP4_TYPE = 'video/mp4; codecs="hvc1.1.6.L93.B0"';

/** Whether this browser can play `codec` (as ffmpeg names it) through MediaSource: H.264 always, H.265 where supported. */
export function canPlayCodec(codec: string | null): boolean {
  if (codec !== 'hevc' && codec !== 'h265') return true;
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(HEVC_MP4_TYPE);
}
