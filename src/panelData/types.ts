import type { Alarm, DealStatus, DeviceInfo, EquipmentFleet, TunnelInfo, TunnelPlan, TunnelProgressAt } from '../../protocol';
import type { AttendanceSource } from './attendance';
import type { HomeSource } from './home';
import type { CycleSource } from './cycles';
import type { EnvironmentSource } from './environment';
import type { VehicleSource } from './vehicles';
import type { RegisterSource } from './registers';
import type { PortalSource } from './portalCounts';
import type { ChartWindow, PersonnelFrame, PersonnelRequest, PersonnelWatch, SeriesFrame, TelemetryTopic, WindowRequest } from '../stores';

export type { ChartWindow, PersonnelFrame, PersonnelRequest, PersonnelWatch, SeriesFrame, TelemetryTopic, WindowRequest };

/** Where a board's data comes from: the live socket, or history replayed at an instant. */
export type PanelDataMode = 'live' | 'replay';

/** The board clock: the wall clock when live, the replay instant in replay (ms since epoch). */
export interface BoardClock {
  now(): number;
}

/** What a frame callback gets: the clock instant of this animation frame. */
export interface PanelFrameInfo {
  /** Board clock instant (ms since epoch): wall clock when live, the replay instant in replay. */
  nowMs: number;
  mode: PanelDataMode;
  /** performance.now() of the animation frame (ms). */
  frameMs: number;
}

/** Handles an alarm (docs/product.md "States", "Validation and display"); see AlarmStore.deal. */
export type DealAlarmFn = (alarmId: number, dealStatus: DealStatus | null, dealRemark: string) => Promise<Alarm>;

/** The alarm feed as of the board clock. */
export interface AlarmFeedState {
  /** Newest first (by alarmId); in replay, alarms raised up to the instant with their state then. */
  alarms: readonly Alarm[];
  loading: boolean;
  /** Ids that arrived while the board was watching (the feed flashes them once). */
  fresh: ReadonlySet<number>;
  /** Handling alarms: null in replay (the past is read-only). */
  deal: DealAlarmFn | null;
  /** Acknowledging an alarm (AlarmStore.ack): absent or null in replay. */
  ack?: AckAlarmFn | null;
}

/** Acknowledges an alarm (docs/api.md "alarm/ack"); see AlarmStore.ack. */
export type AckAlarmFn = (alarmId: number) => Promise<Alarm>;

/**
 * The one seam between panels and data (docs/custom-modules.md "Panel data"): panels read through the
 * hooks of src/panelData, which read a source of this shape. Two implementations: live (socket →
 * streams → worker, LiveStore) and replay (history over REST → replay worker, ReplaySource). Methods
 * returning human-speed state read MobX observables, so observer components re-render on change.
 */
export interface PanelDataSource {
  readonly mode: PanelDataMode;
  readonly clock: BoardClock;
  /** Grows whenever registrations (held topics, series windows) must be made again. Observable. */
  readonly epoch: number;
  /** Devices of the project; in replay with `latest`, `lastSeenMs` and `status` as of the instant. */
  devices(): readonly DeviceInfo[];
  device(sn: string): DeviceInfo | undefined;
  devicesLoading(): boolean;
  /** Tunnels of the project (static layout). */
  tunnels(): readonly TunnelInfo[];
  tunnelsLoaded(): boolean;
  /** Keeps a telemetry topic flowing while held (live); returns the release. A no-op in replay. */
  hold(topic: TelemetryTopic): () => void;
  /** The server's refusal of a held topic (it will not flow), or null. */
  refusal(topic: TelemetryTopic): string | null;
  /** Opens a chart window (history loaded for it live); returns the close function. */
  openSeries(w: ChartWindow): () => void;
  /** Grows when new points for `sn` arrived (live) or history was loaded (replay). Not observable. */
  seriesVersion(sn: string): number;
  /** An M4 frame of one device over [fromMs, toMs]. Rejects while the source is stopped. */
  window(req: WindowRequest): Promise<SeriesFrame>;
  /**
   * Grows when what a personnel panel must fetch changed without the instant moving (replay: the followed
   * track or the heat setting), so the panel fetches in the next animation frame. Not observable. A
   * source with {@link watchPersonnel} (live) pushes frames instead and has none.
   */
  positionsVersion?(): number;
  /**
   * Pushes positions of people to `onFrame` whenever they changed (live: after every beacon frame the host
   * folded, and at least every LIVE_PERSONNEL_MS so stale fixes drop off); returns the function that stops
   * it. Absent in replay (the instant moving is the change there: {@link personnel} is asked instead).
   */
  watchPersonnel?(req: PersonnelWatch, onFrame: (frame: PersonnelFrame) => void): () => void;
  /** Positions of people per tunnel at req.nowMs. Rejects while the source is stopped. */
  personnel(req: PersonnelRequest): Promise<PersonnelFrame>;
  /** The alarm feed as of the clock. */
  alarmFeed(): AlarmFeedState;
  /**
   * Alarms raised within [fromMs, toMs] (ms since epoch), newest first, as the source knows them: live,
   * those AlarmStore holds (the newest ALARM_CAPACITY); in replay, those loaded for the replay range, with
   * their current state (timeline markers).
   */
  alarmsInRange(fromMs: number, toMs: number): readonly Alarm[];
  /**
   * The lifting-equipment fleet of `projectId` (equipment/fleet, docs/api.md "Equipment": driver on duty,
   * utilisation in the Beijing day) as of the clock: now when live, the replay instant `atMs` in replay.
   * Rejects when the server cannot answer.
   */
  fleet(projectId: string, atMs: number): Promise<EquipmentFleet>;
  /**
   * The bores of `projectId` with their saved progress and figures (tunnel/progress/figures, docs/api.md
   * "Tunnel progress") as of the clock: now when live, the replay instant `atMs` in replay. Rejects when the
   * server cannot answer.
   */
  tunnelProgress(projectId: string, atMs: number): Promise<TunnelProgressAt[]>;
  /** Drill-and-blast cycles as of an instant (cycles.ts); absent in sources without a server (the process panels say so). */
  cycles?: CycleSource;
  /**
   * The plan view's static layout of `projectId` (tunnel/plan, docs/api.md "Tunnel plan"): the bores'
   * alignments and cross passages, and the zones. Design data, the same live and in replay; absent in
   * sources without a server (the plan draws every bore straight).
   */
  tunnelPlan?(projectId: string): Promise<TunnelPlan>;
  /** Labour attendance as of an instant (attendance.ts); absent in sources without a server (the attendance panels say so). */
  attendance?: AttendanceSource;
  /** The project home's figures as of an instant (home.ts); absent in sources without a server (the home panels say so). */
  home?: HomeSource;
  /** Site environment (environment.ts): daily figures and trends as of an instant, the fog cannons live; absent in sources without a server (the environment panels say so). */
  siteEnvironment?: EnvironmentSource;
  /** Construction vehicles now (vehicles.ts); absent in replay and in sources without a server (the vehicle panels say so). */
  vehicles?: VehicleSource;
  /** Portal counts and crossings as of an instant (portalCounts.ts); absent in sources without a server (the portal-count panel says so). */
  portals?: PortalSource;
  /** The emergency and inspection registers now (registers.ts); absent in replay and in sources without a server. */
  registers?: RegisterSource;
}
