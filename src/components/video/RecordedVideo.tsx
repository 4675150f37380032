import { useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { appUrl, NO_RECORD, type RecordSpan } from '../../../protocol';
import { useCameraHistory, useClockInstant, useFrame } from '../../panelData';
import { clockRate, instantAt, mediaTimeAt, syncStep } from './recordSync';
import { useVodHls } from './useVodHls';

/** Frames between two looks at the clock, ms (a seek or a pause shows within this). */
const SYNC_EVERY_MS = 250;

/**
 * Camera `sn`'s recording on the board clock (docs/architecture.md "Video"): the history playlist around
 * the replayed instant played with hls.js, kept on the instant by seeking, paused with the clock, at its
 * speed where the browser plays it (up to 16×). Says "There is no video record corresponding to the
 * current device date!" when nothing is kept for the instant. The video element carries the instant of
 * its picture in `data-record-ms` (ms since epoch).
 */
export function RecordedVideo({ sn, active, message }: { sn: string; active: boolean; message: (text: ReactNode) => ReactNode }) {
  const at = useClockInstant(1_000);
  const { history, error, loading } = useCameraHistory(sn, at, active);
  const videoRef = useRef<HTMLVideoElement>(null);
  const spansRef = useRef<readonly RecordSpan[]>([]);
  spansRef.current = history?.spans ?? [];
  const last = useRef<{ atMs: number; frameMs: number; rate: number } | null>(null);
  const [recorded, setRecorded] = useState(true);
  const src = history ? appUrl(history.playlist) : null;

  useVodHls(videoRef, src);

  useFrame(({ nowMs, frameMs }) => {
    const video = videoRef.current;
    if (!video) return frameMs + SYNC_EVERY_MS;
    const prev = last.current;
    const measured = prev ? clockRate(prev, { atMs: nowMs, frameMs }) : null;
    const rate = measured ?? prev?.rate ?? 0;
    if (!prev || frameMs - prev.frameMs >= 50) last.current = { atMs: nowMs, frameMs, rate };
    const target = mediaTimeAt(spansRef.current, nowMs);
    const has = target !== null || spansRef.current.length === 0;
    setRecorded((was) => (was === has ? was : has));
    if (target === null || video.readyState === 0) {
      if (!video.paused) video.pause();
      return frameMs + SYNC_EVERY_MS;
    }
    const step = syncStep(video.currentTime, target, rate);
    if (step.seekTo !== null) video.currentTime = step.seekTo;
    if (step.play) {
      if (video.playbackRate !== step.rate) video.playbackRate = step.rate;
      if (video.paused) void video.play().catch(() => undefined);
    } else if (!video.paused) video.pause();
    const shown = instantAt(spansRef.current, video.currentTime);
    video.dataset.recordMs = shown === null ? '' : String(Math.round(shown));
    return frameMs + SYNC_EVERY_MS;
  }, videoRef);

  const refused = error !== null && !loading;
  const none = (refused && error === NO_RECORD) || !recorded;
  return (
    <>
      <video ref={videoRef} muted playsInline data-video-player data-recorded style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000', display: none || refused ? 'none' : 'block' }} />
      {none ? message(<Trans>There is no video record corresponding to the current device date!</Trans>) : refused && message(error)}
    </>
  );
}
