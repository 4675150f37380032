/** Shared small UI of the board and its panels. */
export { ErrorBoundary } from './ErrorBoundary';
export { PANEL_PADDING, PANEL_TITLE_HEIGHT, PanelFrame, PanelMessage, panelContentSize } from './PanelFrame';
export { FLAG_DESIGNS, FlagIcon, type FlagDesign } from './FlagIcon';
export { StatusBadge } from './StatusBadge';
export { PRE_WALL_VALUE_PX, VALUE_PX, ValueWithUnit, type ValueSize } from './ValueWithUnit';
export { DEAL_STATUS_LABEL, LEVEL_LABEL, STATUS_LABEL } from './messages';
export { formatBeijing, formatLastSeen } from '../format/time';
export { formatFixedDigits, formatNumber, formatReading } from '../format/number';
export { LEVEL_COLOR, STATUS_COLOR } from '../theme/status';
export { SCREEN } from '../theme/theme';
export { readThemeColors, useScreenMode, useThemeColors, type ScreenColors, type ScreenMode } from '../theme/screenVars';
export { thresholdLevel } from './thresholdLevel';
export { TOASTER_ID, useNotify, type NotifyIntent } from './notify';
export {
  noMigration,
  PanelRegistryContext,
  prepareConfig,
  usePanelRegistry,
  type ConfigResult,
  type PanelDefinition,
  type PanelProps,
  type PanelRegistry,
} from './panelApi';
export {
  AI_METRIC_LABEL,
  ALARM_KIND_LABEL,
  SIDE_LABEL,
  alarmDigits,
  alarmLocationText,
  alarmMetricLabel,
  alarmTitle,
  deviceLocationText,
  isOpenActive,
  openActiveAlarms,
  triageAlarms,
  valueAgainstLimit,
} from './alarmText';
export { compareAlarms, compareSeverity, KIND_PRIORITY, limitRatio, priorityClass, rankLevel, worstAlarm, type AlarmPriorityClass } from './alarmRank';
export { AlarmSummary } from './AlarmSummary';
export { canShelve, isShelved } from './shelving';
export { SHELVE_MINUTES, ShelveDialog, type ShelveAlarmsFn } from './ShelveDialog';
export { maxJoinedGapMs, toAlignedData } from './chartGaps';
export { useWholeItems } from './useWholeItems';
export { FitLine } from './FitLine';
export { useElementHeight } from './useElementHeight';
export { tablePages, usePageTurns } from './tablePaging';
export { VISUALLY_HIDDEN } from './visuallyHidden';
