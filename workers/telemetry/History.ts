import { releaseProxy, transfer, wrap } from 'comlink';
import { HistoryImpl, type HistoryApi } from './HistoryImpl';

export type { HistoryApi, ReadingAt, ReplayPersonnelRequest } from './HistoryImpl';

/** A replay history service plus a way to stop it; calls after terminate() reject. */
export type HistoryService = HistoryApi & { terminate(): void };

/**
 * Starts the replay history worker (a module worker bundled by Vite) and returns its facade: history
 * loaded over REST is held and searched there, frames come back with their typed arrays transferred.
 */
export function createHistory(): HistoryService {
  const worker = new Worker(new URL('./history.worker.ts', import.meta.url), { type: 'module' });
  const remote = wrap<HistoryApi>(worker);
  return {
    load: (sn, columns, tunnelId) => remote.load(sn, columns, tunnelId),
    // the bodies move to the worker (transferred, not copied) and are decoded there
    loadTracks: (pages) => remote.loadTracks(transfer(pages, pages)),
    window: (req) => remote.window(req),
    latestAt: (req) => remote.latestAt(req),
    personnel: (req) => remote.personnel(req),
    activity: (req) => remote.activity(req),
    reset: () => remote.reset(),
    terminate() {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/** The same service on the calling thread (tests under jsdom, which has no Worker). */
export function createInProcessHistory(): HistoryService {
  let impl: HistoryImpl | null = new HistoryImpl();
  const live = (): HistoryImpl => {
    if (!impl) throw new Error('history service terminated');
    return impl;
  };
  return {
    load: async (sn, columns, tunnelId) => live().load(sn, columns, tunnelId),
    loadTracks: async (pages) => live().loadTracks(pages),
    window: async (req) => live().window(req),
    latestAt: async (req) => live().latestAt(req),
    personnel: async (req) => live().personnel(req),
    activity: async (req) => live().activity(req),
    reset: async () => live().reset(),
    terminate() {
      impl = null;
    },
  };
}
