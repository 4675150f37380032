import { z } from 'zod';

/**
 * Self-healing of 24/7 wall screens (docs/operations.md "Wall screens"): when the board dies with a render error, or the live
 * connection stays down while the network is up, the page reloads itself, but with a back-off so a board
 * that crashes on every load does not reload in a tight loop.
 */

/** First reload after a fatal error waits this long (ms). */
export const FIRST_RELOAD_DELAY_MS = 10_000;
/** The second one within the memory window waits this long (ms). */
export const SECOND_RELOAD_DELAY_MS = 60_000;
/** From the third one on, at most one reload per this period (ms). */
export const MIN_RELOAD_GAP_MS = 5 * 60_000;
/** Reloads older than this are forgotten: a screen that ran fine for 30 min starts the back-off over (ms). */
export const RELOAD_MEMORY_MS = 30 * 60_000;
/** The watchdog reloads when the live connection has been down longer than this (ms). */
export const WATCHDOG_DOWN_MS = 5 * 60_000;
/** Bound of the remembered reload history. */
const MAX_REMEMBERED = 10;

/**
 * How long to wait before reloading, given the times of earlier self-reloads (epoch ms, any order):
 * 10 s when none happened within the last 30 min, 60 s after one, and after two or more at least 60 s
 * and no sooner than 5 min after the latest one.
 */
export function reloadDelayMs(reloadsMs: readonly number[], nowMs: number): number {
  const recent = reloadsMs.filter((t) => nowMs - t < RELOAD_MEMORY_MS && t <= nowMs);
  if (recent.length === 0) return FIRST_RELOAD_DELAY_MS;
  if (recent.length === 1) return SECOND_RELOAD_DELAY_MS;
  const last = Math.max(...recent);
  return Math.max(SECOND_RELOAD_DELAY_MS, last + MIN_RELOAD_GAP_MS - nowMs);
}

/**
 * Whether the watchdog should reload: the live connection has been down since `downSinceMs` (null = it
 * is up) for more than 5 min and the browser says the network is online (reloading offline would only
 * show the browser's error page).
 */
export function watchdogShouldReload(downSinceMs: number | null, nowMs: number, online: boolean): boolean {
  return downSinceMs !== null && online && nowMs - downSinceMs > WATCHDOG_DOWN_MS;
}

const STORAGE_KEY = 'siteboard.selfReloads';
const historySchema = z.array(z.number().finite()).max(100);

/** Minimal Storage surface (sessionStorage survives the reload of its own tab). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Reload times remembered in `storage`; anything unreadable counts as none. */
export function readReloads(storage: KeyValueStorage): number[] {
  try {
    const parsed = historySchema.safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Remembers a reload at `nowMs` (keeping the last few within the memory window). */
export function recordReload(storage: KeyValueStorage, nowMs: number): void {
  const kept = readReloads(storage).filter((t) => nowMs - t < RELOAD_MEMORY_MS);
  kept.push(nowMs);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(kept.slice(-MAX_REMEMBERED)));
  } catch {
    // A full or blocked storage only loses the back-off memory; the reload still happens.
  }
}
