import { useEffect, useRef, useState } from 'react';
import Hls from 'hls.js';
import { TILE_HLS_CONFIG } from './hlsConfig';

/** Wait before a player that failed for good is made again, ms (one at a time per tile). */
const RECREATE_AFTER_MS = 3_000;

/**
 * A live HLS player with hls.js (docs/architecture.md "Video"): plays `src` muted (a wall plays many at
 * once; browsers allow muted autoplay), stops loading while `active` is false (off screen, hidden page) and
 * catches up to the live edge when it is true again. A fatal error makes a new player after 3 s. Where
 * the browser plays HLS itself (Safari on iOS) without MediaSource, the video element gets `src`.
 */
export function HlsPlayer({ src, active, fit = 'contain' }: { src: string; active: boolean; fit?: 'contain' | 'cover' }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!Hls.isSupported()) {
      if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
      return;
    }
    const hls = new Hls({ ...TILE_HLS_CONFIG, autoStartLoad: false });
    hlsRef.current = hls;
    let retry: ReturnType<typeof setTimeout> | null = null;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
        hls.recoverMediaError();
        return;
      }
      hls.destroy();
      if (hlsRef.current === hls) hlsRef.current = null;
      retry = setTimeout(() => setAttempt((n) => n + 1), RECREATE_AFTER_MS);
    });
    hls.loadSource(src);
    hls.attachMedia(video);
    return () => {
      if (retry) clearTimeout(retry);
      hls.destroy();
      if (hlsRef.current === hls) hlsRef.current = null;
    };
  }, [src, attempt]);

  useEffect(() => {
    const video = videoRef.current;
    const hls = hlsRef.current;
    if (!video) return;
    if (active) {
      // from the live edge: a tile back on screen shows now, not where it stopped
      hls?.startLoad(-1);
      void video.play().catch(() => undefined);
    } else {
      hls?.stopLoad();
      video.pause();
    }
  }, [active, src, attempt]);

  return <video ref={videoRef} muted playsInline autoPlay data-video-player style={{ width: '100%', height: '100%', objectFit: fit, background: '#000', display: 'block' }} />;
}
