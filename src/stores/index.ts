/** The app's state: the root store, its parts and the hook components read them with. */
export { RootStore, type RootStoreDeps } from './RootStore';
export { StoresContext, useOpenProject, useProjectTunnels, useStores } from './context';
export { ALARM_CAPACITY, AlarmStore } from './AlarmStore';
export { BoardStore, DRAFT_CHECK_MS, NO_BOARD, RELEASE_CHECK_MS, type BoardSummary } from './BoardStore';
export { DEVICE_FLUSH_MS, DeviceStore } from './DeviceStore';
export { DeviceDetailStore } from './DeviceDetailStore';
export { LiveStore, type ChartWindow, type PersonnelFrame, type PersonnelTunnelFrame, type PersonnelRequest, type PersonnelWatch, type SeriesFrame, type WindowRequest } from './LiveStore';
export { NoticeStore, type Notice } from './NoticeStore';
export { MAX_QUERIES, MIN_REFRESH_MS, Query, QUERY_STALE_MS, QueryStore, queryKey, type QueryStoreOptions, type ShowOptions } from './QueryStore';
export { useQuery, type QueryView, type UseQueryOptions } from './useQuery';
export { SessionStore, type SessionState } from './SessionStore';
export { TunnelStore } from './TunnelStore';
export type { LiveFeeds, LiveFeedsFactory, TelemetryTopic } from './feeds';
