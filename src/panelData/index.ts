/**
 * The panel-data seam (docs/custom-modules.md "Panel data"): panels read devices' series, latest values,
 * personnel positions, alarms and the board clock through these hooks, from a live or a replay source,
 * and draw from one frame scheduler. Panels never import the live store, workers or REST themselves.
 */
export {
  PanelDataProvider,
  PERSONNEL_LIVE_MS,
  PERSONNEL_REPLAY_MS,
  REPLAY_SERIES_MS,
  SERIES_SLIDE_MS,
  useAlarmFeed,
  useAlarmsInRange,
  useBoardClock,
  useClockInstant,
  useDevices,
  useFrame,
  useLatest,
  usePanelData,
  usePersonnel,
  useSeries,
  useTelemetryTopic,
  useTunnels,
  type SeriesRequest,
} from './context';
export { FrameScheduler, frameScheduler, type FrameTask } from './FrameScheduler';
export { FLEET_REFRESH_MS, useFleetSummary } from './fleet';
export { TUNNEL_PROGRESS_REFRESH_MS, useTunnelProgress } from './tunnelProgress';
export { TUNNEL_PLAN_REFRESH_MS, useTunnelPlan } from './tunnelPlan';
export {
  ENVIRONMENT_DAILY_REFRESH_MS,
  ENVIRONMENT_TREND_REFRESH_MS,
  SPRAY_REFRESH_MS,
  useEnvironmentDaily,
  useEnvironmentTrend,
  useSprayStates,
  type EnvironmentSource,
  type Loaded,
  type TrendRequest,
} from './environment';
export { HOME_REFRESH_MS, useHomeStatistics, useHomeSummary, type HomeSource } from './home';
export { ATTENDANCE_REFRESH_MS, useCompanyAttendance, useLabourCount, type AttendanceSource } from './attendance';
export { CYCLE_ANALYSIS_REFRESH_MS, CYCLE_STATE_REFRESH_MS, useCycleAnalysis, useCycleState, useCycleTimeline, type CycleSource } from './cycles';
export { useVehicles, VEHICLE_REFRESH_MS, type VehicleSource } from './vehicles';
export { OPEN_ITEMS, REGISTERS_REFRESH_MS, useInspectionOverview, useSupplyPoints, type InspectionOverview, type RegisterSource } from './registers';
export { PORTAL_COUNTS_REFRESH_MS, portalSourceOf, usePortalCounts, type PortalSource } from './portalCounts';
export { ReplayClock, REPLAY_SPEED } from './ReplayClock';
export { alarmsAsOf, statusAsOf } from './alarmsAsOf';
export type { AckAlarmFn, AlarmFeedState, BoardClock, DealAlarmFn, PanelDataMode, PanelDataSource, PanelFrameInfo, PersonnelFrame, SeriesFrame, TelemetryTopic } from './types';
/** Errors of the app's request wrapper (errorCode, errorMessage), for panels that act (handling an alarm). */
export { BusinessError } from '../api/request';
export { RefusedMessage } from './RefusedMessage';
export { ReplayMarker } from './ReplayMarker';
export { FRESH_FIX_MS, PORTAL_EXIT_M, PRESENCE_MS, underground, type Underground } from './underground';
export { useUnderground } from './useUnderground';
export { keepSosPeople, rememberSosFixes, untreatedSos, type KeptSos, type SosFix } from './keepSos';
export { historyWindow, HISTORY_STEP_MS, HISTORY_WINDOW_MS, useCameraHistory, useCameraStream, useVideoCameras, VIDEO_CAMERAS_REFRESH_MS, VIDEO_OPEN_LIVE_MS, VIDEO_OPEN_WAIT_MS, type CameraStream } from './video';
