import { createRequest, type BusinessError, type RequestFn } from '../api/request';
import { createTelemetry, type TelemetryService } from '../../workers/telemetry/Telemetry';
import { AlarmStore } from './AlarmStore';
import { BoardStore } from './BoardStore';
import { DeviceDetailStore } from './DeviceDetailStore';
import { DEVICE_FLUSH_MS, DeviceStore } from './DeviceStore';
import { socketFeeds, type LiveFeedsFactory } from './feeds';
import { LiveStore } from './LiveStore';
import { NoticeStore } from './NoticeStore';
import { SessionStore } from './SessionStore';
import { TunnelStore } from './TunnelStore';

/** What the app needs from outside; all optional so tests can swap in real-ish parts. */
export interface RootStoreDeps {
  /** Prefix of REST routes ('' = same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Live feeds per project; default: one socket.io connection + TopicHub. */
  createFeeds?: LiveFeedsFactory;
  /** Telemetry service; default: the comlink worker. Tests pass createInProcessTelemetry. */
  createTelemetry?: () => TelemetryService;
  /** Pace of latest readings into the UI (ms). */
  deviceFlushMs?: number;
  now?: () => number;
}

/** All app state. Stores are the only writers; components read them through `useStores()`. */
export class RootStore {
  readonly request: RequestFn;
  readonly notices = new NoticeStore();
  readonly session: SessionStore;
  readonly devices: DeviceStore;
  readonly alarms: AlarmStore;
  readonly tunnels: TunnelStore;
  readonly boards: BoardStore;
  readonly live: LiveStore;
  /** The device detail dialog (a click on a device in a live panel). */
  readonly deviceDetail = new DeviceDetailStore();

  constructor(deps: RootStoreDeps = {}) {
    this.request = createRequest({
      baseUrl: deps.baseUrl,
      fetch: deps.fetch,
      onError: (err: BusinessError) => this.notices.push(err),
      onUnauthenticated: () => this.session.expire(),
    });
    this.session = new SessionStore(this.request, () => this.closeProject());
    this.devices = new DeviceStore(this.request, deps.deviceFlushMs ?? DEVICE_FLUSH_MS);
    this.alarms = new AlarmStore(this.request);
    this.tunnels = new TunnelStore(this.request);
    this.boards = new BoardStore(this.request);
    this.live = new LiveStore({
      request: this.request,
      createFeeds: deps.createFeeds ?? socketFeeds(),
      createTelemetry: deps.createTelemetry ?? createTelemetry,
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
