import { useEffect, useState } from 'react';

/**
 * True once the pointer and keyboard have been still for `idleMs` inside the window; false again on the
 * next move. Kiosk screens hide the cursor with it (3 s, docs/operations.md "Wall screens"). Disabled → always false.
 */
export function useIdle(idleMs: number, enabled = true): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), idleMs);
    };
    wake();
    const events = ['mousemove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, wake, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, wake);
      setIdle(false);
    };
  }, [idleMs, enabled]);
  return idle;
}

/**
 * True for `showMs` after `key` changes (and on mount) while `enabled`: the board/page name hints of
 * layout.wholeTips / pageTips.
 */
export function useFlash(key: string | null | undefined, enabled: boolean, showMs: number): boolean {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !key) return;
    setShown(key);
    const id = setTimeout(() => setShown(null), showMs);
    return () => clearTimeout(id);
  }, [key, enabled, showMs]);
  return enabled && !!key && shown === key;
}

/**
 * Calls `step` every `intervalMs` unless `paused`. The timer restarts whenever `resetKey` changes (a page
 * switched by hand gets its full interval) or the pause ends.
 */
export function useCarousel(step: () => void, intervalMs: number, active: boolean, paused: boolean, resetKey: unknown): void {
  useEffect(() => {
    if (!active || paused || !(intervalMs > 0)) return;
    const id = setTimeout(step, intervalMs);
    return () => clearTimeout(id);
  }, [step, intervalMs, active, paused, resetKey]);
}

/** Whether the document is in full screen (Fullscreen API), kept current. */
export function useFullscreen(): boolean {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  return full;
}

/** Enters or leaves full screen; a refusal (no user gesture, unsupported) is ignored. */
export function toggleFullscreen(): void {
  const p = document.fullscreenElement ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
  void p?.catch(() => undefined);
}
