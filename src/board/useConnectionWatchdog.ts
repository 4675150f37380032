import { useEffect, useRef } from 'react';
import { reaction } from 'mobx';
import { useStores } from '../stores';
import { recordReload, watchdogShouldReload } from './recovery';
import { browserRecoveryEnv, type RecoveryEnv } from './RecoveryBoundary';

/** How often the watchdog looks at the connection (ms). */
const CHECK_EVERY_MS = 15_000;

/**
 * Reloads the page when the live connection has been down for more than 5 min while the browser is
 * online (watchdogShouldReload); the reload is remembered for the error boundary's back-off. `enabled` false
 * turns it off (the builder, tests).
 */
export function useConnectionWatchdog(enabled = true, env: RecoveryEnv = browserRecoveryEnv()): void {
  const { live } = useStores();
  const envRef = useRef(env);
  envRef.current = env;
  useEffect(() => {
    if (!enabled) return;
    const e = envRef.current;
    let downSince: number | null = live.connected === false ? e.now() : null;
    const dispose = reaction(
      () => live.connected,
      (up) => {
        // null = still connecting for the first time: count it as down too, a screen that never connects also needs help.
        if (up) downSince = null;
        else if (downSince === null) downSince = e.now();
      },
    );
    if (live.connected !== true) downSince = e.now();
    const id = setInterval(() => {
      const now = e.now();
      if (!watchdogShouldReload(downSince, now, navigator.onLine)) return;
      // A fresh page starts its own 5-min count, so these reloads are already ≥ 5 min apart; recording it
      // lets a crash right after the reload back off properly.
      recordReload(e.storage, now);
      e.reload();
    }, CHECK_EVERY_MS);
    return () => {
      dispose();
      clearInterval(id);
    };
  }, [live, enabled]);
}
