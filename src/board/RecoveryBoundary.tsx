import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { readReloads, recordReload, reloadDelayMs, type KeyValueStorage } from './recovery';

/** What the boundary needs from the browser; tests pass their own. */
export interface RecoveryEnv {
  storage: KeyValueStorage;
  reload: () => void;
  now: () => number;
}

/** The real browser: sessionStorage (kept across reloads of this tab) and location.reload(). */
export function browserRecoveryEnv(): RecoveryEnv {
  return { storage: window.sessionStorage, reload: () => window.location.reload(), now: () => Date.now() };
}

function RecoveringNotice({ env }: { env: RecoveryEnv }) {
  const [delayMs] = useState(() => reloadDelayMs(readReloads(env.storage), env.now()));
  useEffect(() => {
    const id = setTimeout(() => {
      recordReload(env.storage, env.now());
      env.reload();
    }, delayMs);
    return () => clearTimeout(id);
  }, [env, delayMs]);
  const seconds = Math.round(delayMs / 1000);
  return (
    <div role="alert" data-recovering style={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', background: '#000', color: '#94a3b8' }}>
      <span style={{ fontSize: 14 }}>
        <Trans>Recovering… reloading in {seconds} s</Trans>
      </span>
    </div>
  );
}

/**
 * Error boundary around a whole board on a wall screen: a fatal render error replaces the board with a
 * small "recovering…" notice and reloads the page after the back-off of reloadDelayMs (10 s, 60 s, then
 * at most once per 5 min).
 */
export class RecoveryBoundary extends Component<{ children: ReactNode; env?: RecoveryEnv }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('board crashed; scheduling a reload', error, info.componentStack);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <RecoveringNotice env={this.props.env ?? browserRecoveryEnv()} />;
  }
}
