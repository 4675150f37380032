import { releaseProxy, transfer, wrap, type Endpoint } from 'comlink';
import type { LiveFeedsFactory } from '../../streams/feeds';
import { LiveHost } from './LiveHost';
import type { LivePortApi } from './liveServe';
import type { LiveEvent, LiveSessionApi } from './liveTypes';

export type { LiveEvent, LiveSessionApi, PersonnelSnCodes, PersonnelWatch } from './liveTypes';
export { decodeSns } from './LiveHost';

/** A tab's link to the live host: the session's calls, plus close() (stop and let go of the worker). */
export interface LiveLink extends LiveSessionApi {
  close(): void;
}

/** Opens a link whose events go to `onEvent` (in order, on this thread). */
export type LiveLinkFactory = (onEvent: (event: LiveEvent) => void) => LiveLink;

/** A worker connection: the port comlink talks over and how to let go of it. */
export interface LiveWorkerConnection {
  endpoint: Endpoint;
  /** A dedicated worker is terminated; a SharedWorker's port is closed (the worker lives on for other tabs). */
  release(): void;
}

/** How long close() waits for the worker to confirm the stop before letting go of the port (ms). */
const STOP_ACK_MS = 2000;

/**
 * The product's connection: the SharedWorker (live.shared.ts) where the browser has one, so every tab
 * shares one socket and one set of ring buffers; a dedicated worker (live.worker.ts) otherwise.
 */
export function connectLiveWorker(): LiveWorkerConnection {
  if (typeof SharedWorker === 'function') {
    const w = new SharedWorker(new URL('./live.shared.ts', import.meta.url), { type: 'module', name: 'siteboard-live' });
    w.port.start();
    return { endpoint: w.port, release: () => w.port.close() };
  }
  const w = new Worker(new URL('./live.worker.ts', import.meta.url), { type: 'module' });
  return { endpoint: w, release: () => w.terminate() };
}

/**
 * Links to the live host in a worker (`connect`, default {@link connectLiveWorker}). Session calls are sent
 * without waiting (comlink keeps their order); frame queries resolve with the worker's answer, typed
 * arrays transferred. Where Web Locks exist, the tab holds a lock the worker watches, so a tab that is
 * closed without stopping still ends its session.
 */
export function workerLiveLink(connect: () => LiveWorkerConnection = connectLiveWorker): LiveLinkFactory {
  return (onEvent) => {
    const conn = connect();
    const remote = wrap<LivePortApi>(conn.endpoint);
    const events = new MessageChannel();
    events.port1.onmessage = (e: MessageEvent<LiveEvent>) => {
      if (!closed) onEvent(e.data);
    };
    const noop = () => {};
    const fire = (p: Promise<unknown>) => void p.catch(noop);
    let closed = false;
    fire(remote.open(transfer(events.port2, [events.port2])));
    let releaseLock: (() => void) | null = null;
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (locks) {
      const name = `siteboard-live-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      void locks
        .request(name, () => {
          if (closed) return;
          fire(remote.guard(name));
          return new Promise<void>((resolve) => (releaseLock = resolve));
        })
        .catch(noop);
    }
    return {
      start: (projectId) => fire(remote.start(projectId)),
      stop: () => fire(remote.stop()),
      hold: (id, topic) => fire(remote.hold(id, topic)),
      release: (id) => fire(remote.release(id)),
      openSeries: (id, sn) => fire(remote.openSeries(id, sn)),
      closeSeries: (id) => fire(remote.closeSeries(id)),
      watchPersonnel: (id, watch) => fire(remote.watchPersonnel(id, watch)),
      unwatchPersonnel: (id) => fire(remote.unwatchPersonnel(id)),
      window: (req) => (closed ? Promise.reject(new Error('live link closed')) : remote.window(req)),
      personnel: (req) => (closed ? Promise.reject(new Error('live link closed')) : remote.personnel(req)),
      fill: (sn, h) => (closed ? Promise.reject(new Error('live link closed')) : remote.fill(sn, h)),
      close() {
        if (closed) return;
        closed = true;
        const letGo = () => {
          releaseLock?.();
          events.port1.close();
          remote[releaseProxy]();
          conn.release();
        };
        const timer = setTimeout(letGo, STOP_ACK_MS);
        remote.stop().then(
          () => {
            clearTimeout(timer);
            letGo();
          },
          noop,
        );
      },
    };
  };
}

/**
 * The live host on the calling thread (tests under jsdom, and where no worker can start): the same
 * LiveHost code over `createFeeds`, a host per link, events delivered synchronously and latest values
 * without coalescing.
 */
export function inProcessLiveLink(createFeeds: LiveFeedsFactory, opts: { now?: () => number } = {}): LiveLinkFactory {
  return (onEvent) => {
    const host = new LiveHost({ createFeeds, latestEveryMs: 0, now: opts.now });
    const s = host.session((event) => onEvent(event));
    return {
      start: (projectId) => s.start(projectId),
      stop: () => s.stop(),
      hold: (id, topic) => s.hold(id, topic),
      release: (id) => s.release(id),
      openSeries: (id, sn) => s.openSeries(id, sn),
      closeSeries: (id) => s.closeSeries(id),
      watchPersonnel: (id, watch) => s.watchPersonnel(id, watch),
      unwatchPersonnel: (id) => s.unwatchPersonnel(id),
      window: (req) => s.window(req),
      personnel: (req) => s.personnel(req),
      fill: (sn, h) => s.fill(sn, h),
      close: () => s.stop(),
    };
  };
}
