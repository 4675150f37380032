/**
 * Shell status outside React and MobX stores: whether the browser is online ("You are offline
 * now", docs/product.md "Shell and session") and whether a new service worker waits ("New content is available", docs/product.md "Shell and session"). A tiny external store
 * so components read it with useSyncExternalStore and tests can drive it.
 */
export interface AppStatus {
  online: boolean;
  /** A new version is installed and waiting; `refresh` activates it and reloads. */
  updateWaiting: boolean;
}

type Listener = () => void;

/** The shell status store; `attachWindow` wires it to the browser's online/offline events. */
export class AppStatusStore {
  private state: AppStatus;
  private readonly listeners = new Set<Listener>();
  private refreshFn: () => Promise<void> = async () => window.location.reload();

  constructor(online = typeof navigator === 'undefined' ? true : navigator.onLine) {
    this.state = { online, updateWaiting: false };
  }

  get = (): AppStatus => this.state;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  setOnline(online: boolean): void {
    if (online !== this.state.online) this.set({ online });
  }

  /** A waiting worker was found; `refresh` makes it take over and reloads the page. */
  setUpdateWaiting(refresh: () => Promise<void>): void {
    this.refreshFn = refresh;
    this.set({ updateWaiting: true });
  }

  /** Activates the waiting version (the Refresh button). */
  async refresh(): Promise<void> {
    this.set({ updateWaiting: false });
    await this.refreshFn();
  }

  /** Follows `online`/`offline` events of `win`; returns the detach function. */
  attachWindow(win: Window): () => void {
    const sync = () => this.setOnline(win.navigator.onLine);
    win.addEventListener('online', sync);
    win.addEventListener('offline', sync);
    sync();
    return () => {
      win.removeEventListener('online', sync);
      win.removeEventListener('offline', sync);
    };
  }

  private set(patch: Partial<AppStatus>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((fn) => fn());
  }
}

/** The app's one status store. */
export const appStatus = new AppStatusStore();
