import { useEffect, useRef } from 'react';
import type { ReplaySource } from '../../panelData/ReplaySource';
import { withReplayParams, type ReplayUrlState } from './timeRange';

/** How often the URL is brought up to date with a playing replay's instant (ms of real time). */
export const REPLAY_URL_SYNC_MS = 1000;

/**
 * Keeps the viewer URL's `at`, `speed` and `play` in step with `source`'s clock (replacing the history
 * entry, never adding one), so a copied link opens the same moment: checked every REPLAY_URL_SYNC_MS,
 * written when the play state or speed changed or the instant moved by a second or more.
 * @param write replaces the URL's search parameters (react-router's setSearchParams with replace)
 */
export function useReplayUrl(source: ReplaySource | null, write: (update: (prev: URLSearchParams) => URLSearchParams) => void): void {
  const writeRef = useRef(write);
  writeRef.current = write;
  useEffect(() => {
    if (!source) return;
    let last: ReplayUrlState | null = null;
    const sync = () => {
      const c = source.clock;
      const next: ReplayUrlState = { fromMs: c.fromMs, toMs: c.toMs, atMs: Math.round(c.now()), speed: c.speed, playing: c.playing };
      if (last && last.playing === next.playing && last.speed === next.speed && Math.abs(last.atMs - next.atMs) < 1000) return;
      last = next;
      writeRef.current((prev) => {
        const out = withReplayParams(prev, next);
        return out.toString() === prev.toString() ? prev : out;
      });
    };
    const id = setInterval(sync, REPLAY_URL_SYNC_MS);
    return () => {
      clearInterval(id);
    };
  }, [source]);
}
