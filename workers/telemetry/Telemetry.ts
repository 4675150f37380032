import { releaseProxy, wrap } from 'comlink';
import { TelemetryImpl } from './TelemetryImpl';
import type { TelemetryApi } from './types';

/** A telemetry service plus a way to stop it; calls after terminate() reject. */
export type TelemetryService = TelemetryApi & { terminate(): void };

/**
 * Starts the telemetry worker (a module worker bundled by Vite) and returns its facade. Arguments are
 * structured-cloned into the worker; frames come back with their typed arrays transferred, not copied.
 */
export function createTelemetry(): TelemetryService {
  const worker = new Worker(new URL('./telemetry.worker.ts', import.meta.url), { type: 'module' });
  const remote = wrap<TelemetryApi>(worker);
  return {
    configure: (opts) => remote.configure(opts),
    ingest: (batch) => remote.ingest(batch),
    ingestFrame: (bytes) => remote.ingestFrame(bytes),
    fill: (sn, history) => remote.fill(sn, history),
    window: (req) => remote.window(req),
    personnel: (req) => remote.personnel(req),
    reset: () => remote.reset(),
    terminate() {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

/**
 * The same service on the calling thread, for tests under jsdom (no Worker) and for environments where a
 * worker cannot start. After terminate() every call rejects with an Error.
 */
export function createInProcessTelemetry(): TelemetryService {
  let impl: TelemetryImpl | null = new TelemetryImpl();
  const live = (): TelemetryImpl => {
    if (!impl) throw new Error('telemetry service terminated');
    return impl;
  };
  return {
    configure: async (opts) => live().configure(opts),
    ingest: async (batch) => live().ingest(batch),
    ingestFrame: async (bytes) => live().ingestFrame(bytes),
    fill: async (sn, history) => live().fill(sn, history),
    window: async (req) => live().window(req),
    personnel: async (req) => live().personnel(req),
    reset: async () => live().reset(),
    terminate() {
      impl = null;
    },
  };
}
