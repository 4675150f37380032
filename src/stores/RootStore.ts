import { appBasePath } from '../../protocol';
import { createRequest, type BusinessError, type RequestFn } from '../api/request';
import type { TelemetryService } from '../../workers/telemetry/Telemetry';
import { inProcessLiveLink, workerLiveLink, type LiveLinkFactory } from '../../workers/telemetry/Live';
import { AlarmStore } from './AlarmStore';
import { BoardStore } from './BoardStore';
import { DeviceDetailStore } from './DeviceDetailStore';
import { DEVICE_FLUSH_MS, DeviceStore } from './DeviceStore';
import { socketFeeds, type LiveFeedsFactory } from './feeds';
import { LiveStore } from './LiveStore';
import { NoticeStore } from './NoticeStore';
import { QueryStore } from './QueryStore';
import { SessionStore } from './SessionStore';
import { TunnelStore } from './TunnelStore';

/** What the app needs from outside; all optional so tests can swap in real-ish parts. */
export interface RootStoreDeps {
  /** Prefix of REST routes ('' = same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * The link to the live host; default: the live worker (a SharedWorker where the browser has one,
   * workers/telemetry/Live.ts), or the host on this thread where there is no Worker (jsdom).
   */
  createLink?: LiveLinkFactory;
  /**
   * Live feeds per project for a live host on this thread (tests drive them through Subjects). Given
   * without `createLink`, the host runs in process over these feeds.
   */
  createFeeds?: LiveFeedsFactory;
  /**
   * Kept for tests written before the live host moved into a worker: given without `createLink`, it
   * selects the in-process host too (the host has its own ring buffers; the service is not called).
   */
  createTelemetry?: () => TelemetryService;
  /** Pace of latest readings into the UI (ms). */
  deviceFlushMs?: number;
  now?: () => number;
}

/** The worker link in a browser; the in-process host in tests (feeds given) and where Worker is missing. */
function defaultLink(deps: RootStoreDeps): LiveLinkFactory {
  if (deps.createFeeds || deps.createTelemetry || typeof Worker !== 'function') {
    return inProcessLiveLink(deps.createFeeds ?? socketFeeds(), { now: deps.now });
  }
  return workerLiveLink();
}

/** All app state. Stores are the only writers; components read them through `useStores()`. */
export class RootStore {
  readonly request: RequestFn;
  /**
   * fetch of a route path through the same baseUrl and fetch as `request`, for routes that answer with
   * a body, not an envelope (compact tracks, docs/api.md).
   */
  readonly fetchRoute: (route: string, init: RequestInit) => Promise<Response>;
  readonly notices = new NoticeStore();
  readonly session: SessionStore;
  readonly devices: DeviceStore;
  readonly alarms: AlarmStore;
  readonly tunnels: TunnelStore;
  readonly boards: BoardStore;
  readonly live: LiveStore;
  /**
   * Server state of the screens (people, zones, alarm center, administration, equipment detail): kept
   * queries shared by every component that shows them, reloaded by the changes made through it.
   */
  readonly queries: QueryStore;
  /** The device detail dialog (a click on a device in a live panel). */
  readonly deviceDetail = new DeviceDetailStore();

  constructor(deps: RootStoreDeps = {}) {
    this.fetchRoute = (route, init) => (deps.fetch ?? globalThis.fetch)((deps.baseUrl ?? appBasePath()) + route, init);
    this.request = createRequest({
      baseUrl: deps.baseUrl,
      fetch: deps.fetch,
      onError: (err: BusinessError) => this.notices.push(err),
      onUnauthenticated: () => this.session.expire(),
    });
    this.queries = new QueryStore(this.request, { now: deps.now });
    this.session = new SessionStore(this.request, () => {
      this.closeProject();
      this.queries.clear(); // the next user sees nothing of this one's answers
    });
    this.devices = new DeviceStore(this.request, deps.deviceFlushMs ?? DEVICE_FLUSH_MS);
    this.alarms = new AlarmStore(this.request);
    this.tunnels = new TunnelStore(this.request);
    this.boards = new BoardStore(this.request);
    this.live = new LiveStore({
      request: this.request,
      createLink: deps.createLink ?? defaultLink(deps),
      devices: this.devices,
      alarms: this.alarms,
      now: deps.now,
    });
  }

  /**
   * Opens a project for a live board: starts the live pipeline first (so nothing raised during the
   * loads is missed), then loads devices, tunnels and alarms in parallel. Load failures are shown by the
   * request wrapper; the board still renders what it has.
   */
  async openProject(projectId: string): Promise<void> {
    this.live.start(projectId);
    await Promise.allSettled([this.devices.load(projectId), this.tunnels.load(projectId), this.alarms.load(projectId)]);
  }

  /** Stops the live pipeline and its timers (logout, leaving the board). */
  closeProject(): void {
    this.live.stop();
    this.devices.dispose();
    this.deviceDetail.close();
  }
}
