import { expose, type Endpoint } from 'comlink';
import type { EmitFn, LiveHost, LiveSession } from './LiveHost';
import type { LiveSessionApi } from './liveTypes';

/** What a client calls over its port: the session methods plus `open`, which must come first. */
export interface LivePortApi extends LiveSessionApi {
  /**
   * Opens the session: events go to `events` (a MessagePort transferred with the call).
   */
  open(events: MessagePort): void;
  /**
   * Stops the session once the client's Web Lock `lockName` is released, which the browser does when the
   * tab goes away (a SharedWorker otherwise never learns it). The client calls it after it holds the lock.
   */
  guard(lockName: string): void;
}

/**
 * Serves one client of the live host on `port` (a SharedWorker connection's port, or a dedicated
 * worker's own scope) through comlink. A PersonnelFrame's typed arrays are transferred, not copied.
 */
export function serveLivePort(host: LiveHost, port: Endpoint): void {
  let session: LiveSession | null = null;
  const on = (): LiveSession | null => (session && !session.stopped ? session : null);
  const api: LivePortApi = {
    open(events) {
      if (session) return;
      const emit: EmitFn = (event, transfer) => events.postMessage(event, transfer);
      session = host.session(emit);
    },
    guard(lockName) {
      const s = session;
      const locks = (globalThis.navigator as Navigator | undefined)?.locks;
      if (s && typeof lockName === 'string' && locks) void locks.request(lockName, () => s.stop()).catch(() => {});
    },
    start: (projectId) => on()?.start(projectId),
    stop: () => on()?.stop(),
    hold: (id, topic) => on()?.hold(id, topic),
    release: (id) => on()?.release(id),
    openSeries: (id, sn) => on()?.openSeries(id, sn),
    closeSeries: (id) => on()?.closeSeries(id),
    watchPersonnel: (id, watch) => on()?.watchPersonnel(id, watch),
    unwatchPersonnel: (id) => on()?.unwatchPersonnel(id),
    window: (req) => (session ?? rejecting()).window(req),
    personnel: (req) => (session ?? rejecting()).personnel(req),
    fill: (sn, h) => (session ?? rejecting()).fill(sn, h),
  };
  expose(api, port);
}

function rejecting(): LiveSessionApi {
  const no = () => Promise.reject(new Error('live session not open'));
  return { window: no, personnel: no, fill: no } as unknown as LiveSessionApi;
}
