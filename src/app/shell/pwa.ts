/// <reference types="vite-plugin-pwa/vanillajs" />
import type { AppStatusStore } from './appStatus';

/**
 * Registers the service worker of the production build (vite-plugin-pwa, registerType 'prompt') and
 * reports a waiting update to `status`. Does nothing in development and tests, where there is no worker.
 */
export async function registerServiceWorker(status: AppStatusStore): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    onNeedRefresh: () => status.setUpdateWaiting(() => update(true)),
    onRegisterError: (e: unknown) => console.warn('service worker registration failed', e),
  });
}
