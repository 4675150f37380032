import { TelemetryImpl } from './TelemetryImpl';
import type { TelemetryApi } from './types';

/** A telemetry service plus a way to stop it; calls after terminate() reject. */
export type TelemetryService = TelemetryApi & { terminate(): void };

/**
 * The telemetry service on the calling thread. Tests pass it to RootStore (`createTelemetry`) to select
 * the in-process live host; the live pipeline itself runs TelemetryImpl inside LiveHost (LiveHost.ts),
 * in the live worker. After terminate() every call rejects with an Error.
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
