import { attendanceSourceOf } from './attendance';
import { homeSourceOf } from './home';
import { EQUIPMENT, TUNNEL } from '../../protocol';
import type { RootStore } from '../stores';
import type { AlarmFeedState, PanelDataSource } from './types';
import { frameScheduler } from './FrameScheduler';
import { cycleSourceOf } from './cycles';
import { environmentSourceOf } from './environment';
import { vehicleSourceOf } from './vehicles';
import { registerSourceOf } from './registers';
import { portalSourceOf } from './portalCounts';

const WALL_CLOCK = { now: () => Date.now() };

/**
 * The live panel-data source over the app's stores: telemetry through LiveStore's session with the live
 * host in a worker (socket → topic hub → ring buffers there; charts pull M4 frames, maps get pushed frames), latest values and statuses from DeviceStore, alarms from AlarmStore, the wall clock.
 * One per root store ({@link liveSourceOf}).
 */
export function createLiveSource(root: RootStore): PanelDataSource {
  const { live, devices, tunnels, alarms } = root;
  // charts sleep between their slides; a charted device's new points wake the frame loop
  live.onData(() => frameScheduler.wake());
  const deal = alarms.deal.bind(alarms);
  const ack = alarms.ack.bind(alarms);
  return {
    mode: 'live',
    clock: WALL_CLOCK,
    get epoch() {
      return live.epoch;
    },
    devices: () => devices.all,
    device: (sn) => devices.get(sn),
    devicesLoading: () => devices.loading,
    tunnels: () => tunnels.tunnels,
    tunnelsLoaded: () => tunnels.loaded,
    hold: (topic) => live.retainTelemetry(topic),
    refusal: (topic) => live.refused.get(topic) ?? null,
    openSeries: (w) => live.openWindow(w),
    seriesVersion: (sn) => live.versionOf(sn),
    // Called through `live` at call time (not bound), so instrumentation wrapping the store still sees them.
    window: (req) => live.window(req),
    personnel: (req) => live.personnel(req),
    watchPersonnel: (req, onFrame) => live.watchPersonnel(req, onFrame),
    alarmFeed: (): AlarmFeedState => ({ alarms: alarms.alarms, loading: alarms.loading, fresh: alarms.arrivedLive, deal, ack }),
    alarmsInRange: (fromMs, toMs) => alarms.alarms.filter((a) => a.raisedAtMs >= fromMs && a.raisedAtMs <= toMs),
    // live: the server's now (the instant is the wall clock)
    fleet: (projectId) => root.request(EQUIPMENT.fleet, { projectId }, { skipErrorHandler: true }),
    tunnelProgress: (projectId) => root.request(TUNNEL.progressFigures, { projectId }, { skipErrorHandler: true }),
    cycles: cycleSourceOf(root),
    tunnelPlan: (projectId) => root.request(TUNNEL.plan, { projectId }, { skipErrorHandler: true }),
    attendance: attendanceSourceOf(root),
    home: homeSourceOf(root),
    vehicles: vehicleSourceOf(root),
    registers: registerSourceOf(root),
    portals: portalSourceOf(root),
    siteEnvironment: environmentSourceOf(root, true),
  };
}

const bySource = new WeakMap<RootStore, PanelDataSource>();

/** The live source of `root`, made once. */
export function liveSourceOf(root: RootStore): PanelDataSource {
  let s = bySource.get(root);
  if (!s) bySource.set(root, (s = createLiveSource(root)));
  return s;
}
