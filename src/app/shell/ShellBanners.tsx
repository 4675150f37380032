import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { appStatus as defaultStatus, type AppStatusStore } from './appStatus';
import { registerServiceWorker } from './pwa';

/** The shell status (online, update waiting), re-rendering on change. */
export function useAppStatus(store: AppStatusStore = defaultStatus) {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

const BAR = {
  position: 'fixed',
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1001,
  padding: '8px 16px',
  borderRadius: 6,
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  background: '#0b1730',
  border: '1px solid #1d3357',
  color: '#e2e8f0',
} as const;

/**
 * The notices of docs/product.md "Shell and session": "You are offline now" while the browser is offline (it disappears when the network
 * returns) and "New content is available" with Refresh while a new version waits. Also follows the
 * browser's online/offline events and registers the service worker once.
 */
export function ShellBanners({ store = defaultStatus, register = true }: { store?: AppStatusStore; register?: boolean }) {
  const { online, updateWaiting } = useAppStatus(store);
  useEffect(() => store.attachWindow(window), [store]);
  useEffect(() => {
    if (register) void registerServiceWorker(store);
  }, [register, store]);
  return (
    <>
      {online ? null : (
        <div role="status" data-offline style={{ ...BAR, bottom: 24, borderColor: '#faad14' }}>
          <Trans>You are offline now</Trans>
        </div>
      )}
      {updateWaiting ? (
        <div role="alert" style={{ ...BAR, bottom: online ? 24 : 72 }}>
          <Trans>New content is available</Trans>
          <Button size="small" appearance="primary" onClick={() => void store.refresh()}>
            <Trans>Refresh</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** A header badge while offline: the board keeps showing its last data, marked as stale. */
export function StaleBadge({ store = defaultStatus }: { store?: AppStatusStore }) {
  const { online } = useAppStatus(store);
  if (online) return null;
  return (
    <span data-stale style={{ color: '#faad14', border: '1px solid #faad14', borderRadius: 4, padding: '0 6px', fontSize: 14, whiteSpace: 'nowrap' }}>
      <Trans>Offline: last data</Trans>
    </span>
  );
}
