import { useEffect, type RefObject } from 'react';
import Hls from 'hls.js';

/** hls.js settings of a recording: a VOD playlist, seeking anywhere in it, with small bounded buffers. */
const RECORD_HLS_CONFIG = { enableWorker: true, maxBufferLength: 10, maxMaxBufferLength: 20, maxBufferSize: 16 * 1024 * 1024, backBufferLength: 10, startPosition: 0 } as const;

/**
 * Plays the VOD playlist `src` (a history playlist, video/history) in the video element of `videoRef` with
 * hls.js, or the browser's own HLS where it has no MediaSource; nothing while `src` is null.
 */
export function useVodHls(videoRef: RefObject<HTMLVideoElement | null>, src: string | null): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    if (!Hls.isSupported()) {
      if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
      return () => video.removeAttribute('src');
    }
    const hls = new Hls(RECORD_HLS_CONFIG);
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (data.fatal && data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    });
    hls.loadSource(src);
    hls.attachMedia(video);
    return () => hls.destroy();
  }, [videoRef, src]);
}
