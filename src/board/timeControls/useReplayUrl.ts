import { useEffect, useRef } from 'react';
import type { ReplaySource } from '../../panelData/ReplaySource';
import { replayUrlUpdate, type ReplayUrlState } from './timeRange';

/** How often the URL is brought up to date with a playing replay's instant (ms of real time). */
export const REPLAY_URL_SYNC_MS = 1000;

/** The search parameters of the address as it is now (the part after `?` in the hash route). */
export function currentHashParams(): URLSearchParams {
  const hash = window.location.hash;
  const q = hash.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
}

/**
 * Keeps the viewer URL's `at`, `speed` and `play` in step with `source`'s clock (replacing the history
 * entry, never adding one), so a copied link opens the same moment: checked every REPLAY_URL_SYNC_MS,
 * written when the play state or speed changed or the instant moved by a second or more.
 * Each write starts from the address as it is at that moment (`read`), not from the last render's, and
 * is skipped once the address no longer shows this replay: a tick that falls between "Back to live" and
 * the re-render would otherwise put the replay back.
 * @param write replaces the URL's search parameters (react-router's setSearchParams with replace)
 * @param read the address's search parameters now
 */
export function useReplayUrl(source: ReplaySource | null, write: (next: URLSearchParams) => void, read: () => URLSearchParams = currentHashParams): void {
  const writeRef = useRef(write);
  writeRef.current = write;
  const readRef = useRef(read);
  readRef.current = read;
  useEffect(() => {
    if (!source) return;
    let last: ReplayUrlState | null = null;
    const sync = () => {
      const c = source.clock;
      const next: ReplayUrlState = { fromMs: c.fromMs, toMs: c.toMs, atMs: Math.round(c.now()), speed: c.speed, playing: c.playing };
      if (last && last.playing === next.playing && last.speed === next.speed && Math.abs(last.atMs - next.atMs) < 1000) return;
      last = next;
      const url = replayUrlUpdate(readRef.current(), next);
      if (url) writeRef.current(url);
    };
    const id = setInterval(sync, REPLAY_URL_SYNC_MS);
    return () => {
      clearInterval(id);
    };
  }, [source]);
}
