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

/**
 * H.265 in MP4 as a browser's MediaSource is asked about (Main profile, level 3.1): `hev1` is the sample entry
 * ffmpeg writes when it copies an H.265 source into fMP4 (ISO/IEC 14496-15 §8.4.1; parameter sets in the
 * stream), `hvc1` the one with them in the init segment only.
 */
export const HEVC_MP4_TYPES = { hev1: 'video/mp4; codecs="hev1.1.6.L93.B0"', hvc1: 'video/mp4; codecs="hvc1.1.6.L93.B0"' } as const;

/**
 * Whether this browser can play `codec` (as ffmpeg names it) from the server's fMP4 segments through
 * MediaSource: H.264 (and anything not H.265) is taken as playable; H.265 only where MediaSource accepts
 * the `hev1` entry the server's copy carries (recent Chrome and Edge with a hardware decoder; not Firefox,
 * and not Safari, which takes `hvc1` only). Otherwise the tile says so instead of staying black.
 */
export function canPlayCodec(codec: string | null, mediaSource: { isTypeSupported(type: string): boolean } | undefined = globalThis.MediaSource): boolean {
  if (codec !== 'hevc' && codec !== 'h265') return true;
  return mediaSource !== undefined && mediaSource.isTypeSupported(HEVC_MP4_TYPES.hev1);
}
